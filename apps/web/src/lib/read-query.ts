import { useQuery, type QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRead, cursorPages, type ReadParams } from './api-query.ts';
import { usePagedList, type ListPage } from './paged-list.ts';

type Method = 'GET' | 'POST';

/**
 * The hook of a read that always sends the same parameters: its query under `queryKey`, the answer parsed by
 * `schema`, with the query's own timing (staleTime, refetchInterval) where it has one.
 */
export function readQuery<S extends z.ZodType>(
  queryKey: QueryKey,
  method: Method,
  path: string,
  schema: S,
  { params = {}, ...timing }: { params?: ReadParams; staleTime?: number; refetchInterval?: number } = {},
) {
  return function useRead() {
    return useQuery({ queryKey, queryFn: ({ signal }) => apiRead(method, path, params, schema, signal), ...timing });
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
