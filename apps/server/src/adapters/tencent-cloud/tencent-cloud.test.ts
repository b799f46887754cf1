import { createServer } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { tc3Authorization } from './tc3-sign.ts';
import { callTencentCloud, TencentCloudError } from './tencent-cloud.ts';
import { listenLocally } from '../local-server.ts';

const secret = { secretId: 'AKIDtest', secretKey: 'test-secret' };

async function listen(
  handler: Parameters<typeof createServer>[1],
): Promise<{ endpoint: string; close: () => Promise<void> }> {
  const server = createServer(handler);
  const base = await listenLocally(server);
  return {
    endpoint: `${base}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function failure(promise: Promise<unknown>): Promise<TencentCloudError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(TencentCloudError);
  return err as TencentCloudError;
}

describe('callTencentCloud', () => {
  const seen: { headers: Record<string, unknown>; payload: string; authorized: boolean }[] = [];
  const answers: string[] = [];
  const fake = listen((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const payload = Buffer.concat(chunks).toString('utf8');
      const expected = tc3Authorization({
        ...secret,
        service: 'demo',
        timestamp: Number(req.headers['x-tc-timestamp']),
        signedHeaders: {
          'content-type': String(req.headers['content-type']),
          host: String(req.headers.host),
          'x-tc-action': String(req.headers['x-tc-action']),
        },
        payload,
      });
      seen.push({ headers: req.headers, payload, authorized: req.headers.authorization === expected });
      const answer = answers.shift();
      if (answer === 'hang') return;
      res.end(answer ?? JSON.stringify({ Response: { RequestId: 'r1', Value: 42 } }));
    });
  });
  afterAll(async () => (await fake).close());
  const call = {
    service: 'demo',
    action: 'DoIt',
    version: '2020-01-01',
    region: 'ap-shanghai',
    payload: { A: '中文' },
  };

  it('signs TC3-HMAC-SHA256, sends the action headers and answers the Response object', async () => {
    const { endpoint } = await fake;
    expect(await callTencentCloud({ ...secret, endpoint }, call)).toEqual({ RequestId: 'r1', Value: 42 });
    const last = seen.at(-1);
    expect(last?.authorized).toBe(true);
    expect(JSON.parse(last?.payload ?? '')).toEqual({ A: '中文' });
    expect(last?.headers).toMatchObject({
      'x-tc-action': 'DoIt',
      'x-tc-version': '2020-01-01',
      'x-tc-region': 'ap-shanghai',
    });
  });

  it('maps Response.Error to its code, message and request id', async () => {
    const { endpoint } = await fake;
    answers.push(
      JSON.stringify({
        Response: { RequestId: 'r2', Error: { Code: 'AuthFailure.SignatureFailure', Message: 'bad' } },
      }),
    );
    const err = await failure(callTencentCloud({ ...secret, endpoint }, call));
    expect(err).toMatchObject({ code: 'AuthFailure.SignatureFailure', providerMessage: 'bad', requestId: 'r2' });
  });

  it.each([
    ['not JSON', '<html>gateway</html>'],
    ['JSON without a Response', '{"ok":true}'],
  ])('calls an answer that is %s a BadResponse', async (_label, body) => {
    const { endpoint } = await fake;
    answers.push(body);
    expect((await failure(callTencentCloud({ ...secret, endpoint }, call))).code).toBe('BadResponse');
  });

  it('gives up with Timeout when the server never answers', async () => {
    const { endpoint } = await fake;
    answers.push('hang');
    expect((await failure(callTencentCloud({ ...secret, endpoint, timeoutMs: 100 }, call))).code).toBe('Timeout');
  });

  it('reports NetworkError when nothing listens', async () => {
    const gone = await listen(() => undefined);
    await gone.close();
    const err = await failure(callTencentCloud({ ...secret, endpoint: gone.endpoint }, call));
    expect(err.code).toBe('NetworkError');
    expect(err.cause).toBeDefined();
  });
});
