import { queryOptions, type QueryKey } from '@tanstack/react-query';
import type { Endpoint } from '@crm/domain/endpoints';
import type { z } from 'zod';
import { ApiError, apiGet, apiPost, NETWORK_ERROR_MESSAGE } from './api-client.ts';
import { send, type SendInput } from './send.ts';

/** What a read sends: plain values, as a query string (GET) or form fields (POST). */
export type ReadParams = Record<string, string | number | boolean | null | undefined>;

/**
 * A contract schema imported beside its request rather than with the page. For a page whose first paint draws
 * no answer (home draws the cached user's tiles, or its tip), zod and the contract (26 KB compressed, and
 * building the schemas is most of a slow phone's script time after React) stay off the first paint: they
 * download while the request travels.
 */
export class LazySchema<S extends z.ZodType> {
  constructor(private readonly importSchema: () => Promise<S>) {}

  load(): Promise<S> {
    return this.importSchema().catch(() => {
      // A chunk that did not arrive is the network's fault, said the way every other failed read says it.
      throw new ApiError(NETWORK_ERROR_MESSAGE, -1, 0, 'network');
    });
  }
}

/**
 * One read call: the envelope's data checked against the call's schema from the domain contract, so a page
 * never renders a shape the server did not promise. GET sends the params as the query, POST as the form.
 */
export async function apiRead<S extends z.ZodType>(
  method: 'GET' | 'POST',
  path: string,
  params: ReadParams,
  schema: S | LazySchema<S>,
  signal?: AbortSignal,
): Promise<z.output<S>> {
  const schemaReady = schema instanceof LazySchema ? schema.load() : schema;
  // Caught here and rethrown below, so a schema that fails while the request is still out is not unhandled.
  void Promise.resolve(schemaReady).catch(() => undefined);
  const { data } = method === 'GET' ? await apiGet(path, params, signal) : await apiPost(path, params, signal);
  return (await schemaReady).parse(data);
}

/**
 * The fetchPage of a paged list (lib/paged-list.ts) on the cursor contract: the first page goes with an empty
 * cursor, each next one with the `next_cursor` the previous page answered.
 */
export const cursorPages =
  <S extends z.ZodType>(method: 'GET' | 'POST', path: string, params: ReadParams, schema: S) =>
  (cursor: number | null, signal: AbortSignal): Promise<z.output<S>> =>
    apiRead(method, path, { ...params, cursor: cursor ?? '' }, schema, signal);

/**
 * cursorPages through an endpoint contract (issue 45): the path and the answer's schema are the endpoint's,
 * the parameters typed from its request.
 */
export const endpointPages =
  <E extends Endpoint>(endpoint: E, params: SendInput<E>, method: 'GET' | 'POST' = 'POST') =>
  (cursor: number | null, signal: AbortSignal): Promise<z.output<E['response']>> =>
    // The cursor is a field of every paged request; the generic input cannot show it is one of E's.
    send(endpoint, { ...params, cursor: cursor ?? '' } as SendInput<E>, { method, signal });

/** The query of one record by its id; a route without a usable id (0) asks nothing and stays loading. */
export const byIdQueryOptions = <T>(
  queryKey: QueryKey,
  id: number,
  fetchOne: (id: number, signal: AbortSignal) => Promise<T>,
) => queryOptions({ queryKey, queryFn: ({ signal }) => fetchOne(id, signal), enabled: id > 0 });

/** The fetchOne of byIdQueryOptions for a read that sends only the id. */
export const readById =
  <S extends z.ZodType>(method: 'GET' | 'POST', path: string, schema: S) =>
  (id: number, signal: AbortSignal): Promise<z.output<S>> =>
    apiRead(method, path, { id }, schema, signal);

/** readById through an endpoint contract whose request is the id alone. */
export const endpointById =
  <E extends Endpoint<z.ZodType<unknown, { id: unknown }>>>(endpoint: E, method: 'GET' | 'POST' = 'GET') =>
  (id: number, signal: AbortSignal): Promise<z.output<E['response']>> => {
    // E's request takes the id (the bound says so); the generic mapped input cannot show `{ id }` is one.
    const input = { id } as Partial<z.input<E['request']>> as SendInput<E>;
    return send(endpoint, input, { method, signal });
  };

type FeatureKeys<Root extends string, Name extends string> = { all: readonly [Root] } & {
  [N in Name]: readonly [Root, N];
};

/**
 * The query keys of a feature: `all`, its root (what a logout removes and a broad write invalidates), and one
 * fixed key under it per read that takes no argument. Keys that carry an argument are written out beside it.
 */
export const featureKeys = <const Root extends string, const Name extends string = never>(
  root: Root,
  names: readonly Name[] = [],
) =>
  // The mapped type is what the entries build; TypeScript cannot follow fromEntries to it.
  Object.fromEntries([['all', [root]], ...names.map((name) => [name, [root, name]])]) as FeatureKeys<Root, Name>;
