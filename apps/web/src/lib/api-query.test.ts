import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, NETWORK_ERROR_MESSAGE } from './api-client.ts';
import { apiRead, LazySchema } from './api-query.ts';

const fetchMock = vi.fn<typeof fetch>();
const answer = (data: unknown) =>
  new Response(JSON.stringify({ code: 0, msg: 'ok', data }), { headers: { 'Content-Type': 'application/json' } });
const pointSchema = z.object({ x: z.number().int() });

describe('apiRead with a schema imported beside the request', () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the schema and the answer at once, and checks the answer with it', async () => {
    let requestSentBeforeSchemaArrived = false;
    let arrive: (schema: typeof pointSchema) => void = () => undefined;
    const schema = new LazySchema(() => new Promise<typeof pointSchema>((resolve) => (arrive = resolve)));
    fetchMock.mockImplementation(() => {
      requestSentBeforeSchemaArrived = true;
      return Promise.resolve(answer({ x: 3, extra: 'dropped' }));
    });
    const read = apiRead('GET', '/api/points', {}, schema);
    await vi.waitFor(() => expect(requestSentBeforeSchemaArrived).toBe(true));
    arrive(pointSchema);
    await expect(read).resolves.toEqual({ x: 3 });
  });

  it('refuses an answer the schema does not allow, as with a schema given directly', async () => {
    fetchMock.mockResolvedValue(answer({ x: 1.5 }));
    await expect(apiRead('GET', '/api/points', {}, new LazySchema(async () => pointSchema))).rejects.toThrow();
    fetchMock.mockResolvedValue(answer({ x: 1.5 }));
    await expect(apiRead('GET', '/api/points', {}, pointSchema)).rejects.toThrow();
  });

  it('says the network failed when the schema’s chunk does not arrive', async () => {
    fetchMock.mockResolvedValue(answer({ x: 1 }));
    const schema = new LazySchema<typeof pointSchema>(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    );
    const error = await apiRead('GET', '/api/points', {}, schema).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: NETWORK_ERROR_MESSAGE, kind: 'network' });
  });
});
