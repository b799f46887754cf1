import { queryOptions, type QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiGet, apiPost } from './api-client.ts';

/** What a read sends: plain values, as a query string (GET) or form fields (POST). */
export type ReadParams = Record<string, string | number | boolean | null | undefined>;

/**
 * One read call: the envelope's data checked against the call's schema from the domain contract, so a page
 * never renders a shape the server did not promise. GET sends the params as the query, POST as the form.
 */
export async function apiRead<S extends z.ZodType>(
  method: 'GET' | 'POST',
  path: string,
  params: ReadParams,
  schema: S,
  signal?: AbortSignal,
): Promise<z.output<S>> {
  const { data } =
    method === 'GET' ? await apiGet<unknown>(path, params, signal) : await apiPost<unknown>(path, params, signal);
  return schema.parse(data);
}

/**
 * The fetchPage of a paged list (lib/paged-list.ts) on the cursor contract: the first page goes with an empty
 * cursor, each next one with the `next_cursor` the previous page answered.
 */
export const cursorPages =
  <S extends z.ZodType>(method: 'GET' | 'POST', path: string, params: ReadParams, schema: S) =>
  (cursor: number | null, signal: AbortSignal): Promise<z.output<S>> =>
    apiRead(method, path, { ...params, cursor: cursor ?? '' }, schema, signal);

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
