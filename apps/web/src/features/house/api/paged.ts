import type { Page } from '@crm/domain/api/page';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiGet, apiPost, type FormFields } from '../../../lib/api-client.ts';

export type { Page };

/**
 * Infinite-query options for a House CRM list on the one paging contract (api/page.ts): the first page
 * goes without a cursor, each next one with the `next_cursor` the previous answered, until it is null.
 * Each endpoint file builds its own options from this.
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
    initialPageParam: null as number | null,
    queryFn: async ({ pageParam, signal }) => {
      const query = { ...params, cursor: pageParam ?? '' };
      const { data } =
        method === 'POST'
          ? await apiPost<unknown>(path, query, signal)
          : await apiGet<unknown>(path, query as Record<string, string | number | null | undefined>, signal);
      return schema.parse(data);
    },
    getNextPageParam: (last: Page<T>) => last.next_cursor,
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
