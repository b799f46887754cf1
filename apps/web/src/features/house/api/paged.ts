import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiGet, apiPost, type FormFields } from '../../../lib/api-client.ts';

/** A page of a House CRM list as the server answers it. */
export type Page<T> = { list: T[]; page: number; has_more: boolean };

/**
 * Infinite-query options for a paged House CRM list: `page` is the only cursor, `has_more` says whether
 * to ask for the next. Each endpoint file builds its own options from this.
 */
export function pagedQueryOptions<T>(
  key: readonly unknown[],
  path: string,
  schema: z.ZodType<Page<T>>,
  params: FormFields,
  method: 'GET' | 'POST' = 'POST',
) {
  return infiniteQueryOptions({
    queryKey: [...key, params],
    initialPageParam: 1,
    queryFn: async ({ pageParam, signal }) => {
      const query = { ...params, page: pageParam };
      const { data } =
        method === 'POST'
          ? await apiPost<unknown>(path, query, signal)
          : await apiGet<unknown>(path, query as Record<string, string | number | null | undefined>, signal);
      return schema.parse(data);
    },
    getNextPageParam: (last: Page<T>) => (last.has_more ? last.page + 1 : undefined),
  });
}

/** The pages flattened for LoadMoreList, with what it needs to load more and refresh. */
export function usePaged<T>(options: ReturnType<typeof pagedQueryOptions<T>>) {
  const query = useInfiniteQuery(options);
  return {
    items: query.data?.pages.flatMap((p) => p.list) ?? [],
    isPending: query.isPending,
    error: query.error,
    hasMore: query.hasNextPage,
    loadMore: () => query.fetchNextPage(),
    refresh: () => query.refetch(),
  };
}
