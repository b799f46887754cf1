import { useQuery, type QueryKey } from '@tanstack/react-query';
import type { Endpoint } from '@crm/domain/endpoints';
import type { z } from 'zod';
import { apiRead, cursorPages, endpointPages, type ReadParams } from './api-query.ts';
import type { SendInput } from './send.ts';
import { usePagedList, type ListPage } from './paged-list.ts';

type Method = 'GET' | 'POST';

/**
 * The hook of a read that always sends the same parameters: its query under `queryKey`, sent to the
 * endpoint's path (POST unless told) and parsed by its response schema, with the query's own timing
 * (staleTime, refetchInterval) where it has one.
 */
export function readQuery<S extends z.ZodType>(
  queryKey: QueryKey,
  { path, response }: Pick<Endpoint<z.ZodType, S>, 'path' | 'response'>,
  {
    method = 'POST',
    params = {},
    ...timing
  }: { method?: Method; params?: ReadParams; staleTime?: number; refetchInterval?: number } = {},
) {
  return function useRead() {
    return useQuery({ queryKey, queryFn: ({ signal }) => apiRead(method, path, params, response, signal), ...timing });
  };
}

/** A paged list on the cursor contract (cursorPages), twenty a page, under its key. */
export const useCursorList = <Page extends ListPage<unknown>>(
  queryKey: QueryKey,
  method: Method,
  path: string,
  schema: z.ZodType<Page>,
  params: ReadParams = {},
) => usePagedList({ queryKey, fetchPage: cursorPages(method, path, { ...params, limit: 20 }, schema) });

/** useCursorList through an endpoint contract: its path, its request's parameters, its response's pages. */
export const useEndpointList = <E extends Endpoint<z.ZodType, z.ZodType<ListPage<unknown>>>>(
  queryKey: QueryKey,
  endpoint: E,
  params: SendInput<E> = {},
  method: Method = 'POST',
) =>
  usePagedList({
    queryKey,
    fetchPage: endpointPages(endpoint, { ...params, limit: 20 } as SendInput<E>, method),
  });
