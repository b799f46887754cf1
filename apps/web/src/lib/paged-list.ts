import { useInfiniteQuery, type QueryKey } from '@tanstack/react-query';

/** What every paged list call answers: a page of items and the cursor of the next (null or absent: last). */
export type CursorPage<Cursor = number> = { next_cursor?: Cursor | null };

/** The usual page shape: `{ list, next_cursor }`. */
export type ListPage<Item, Cursor = number> = CursorPage<Cursor> & { list: Item[] };

/** One paged list: its query key (from the feature's `api/keys.ts`) and how to fetch the page at a cursor. */
export type PagedListConfig<Page extends CursorPage<Cursor>, Cursor = number> = {
  queryKey: QueryKey;
  /** `cursor` is null for the first page. */
  fetchPage: (cursor: Cursor | null, signal: AbortSignal) => Promise<Page>;
  enabled?: boolean;
};

/** A paged list as the list pages use it (LoadMoreList and PagedList take it as it is). */
export type PagedListState<Item, Page = unknown> = {
  items: Item[];
  /** The pages as fetched, for what a list shows above its items (the first page's summary). */
  pages: Page[];
  isPending: boolean;
  error: Error | null;
  hasMore: boolean;
  loadMore: () => Promise<unknown>;
  refresh: () => Promise<unknown>;
};

type ItemOf<Page> = Page extends { list: ReadonlyArray<infer Item> } ? Item : never;

const listOf = <Page, Item>(page: Page): Item[] => (page as { list: Item[] }).list;

/**
 * The one paged-list hook: a TanStack infinite query on the cursor contract, flattened to the items with
 * load more, refresh (pull to refresh, the error's retry) and the pending and error states.
 */
export function usePagedList<Page extends CursorPage<Cursor>, Cursor = number, Item = ItemOf<Page>>(
  { queryKey, fetchPage, enabled }: PagedListConfig<Page, Cursor>,
  itemsOf: (page: Page) => Item[] = listOf,
): PagedListState<Item, Page> {
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam as Cursor | null, signal),
    initialPageParam: null as Cursor | null,
    getNextPageParam: (last: Page) => last.next_cursor ?? undefined,
    enabled,
  });
  const pages = query.data?.pages ?? [];
  return {
    items: pages.flatMap(itemsOf),
    pages,
    isPending: query.isPending && enabled !== false,
    error: query.error,
    hasMore: query.hasNextPage,
    loadMore: () => query.fetchNextPage(),
    refresh: () => query.refetch(),
  };
}

/**
 * Page-numbered answers (`{ list, page, has_more }`) on the cursor contract: the cursor is the next page
 * number. `fetchPage` gets the page number to ask for (1 first).
 */
export function pageNumbered<Page extends { page: number; has_more: boolean }>(
  fetchPage: (page: number, signal: AbortSignal) => Promise<Page>,
): (cursor: number | null, signal: AbortSignal) => Promise<Page & CursorPage> {
  return async (cursor, signal) => {
    const page = await fetchPage(cursor ?? 1, signal);
    return { ...page, next_cursor: page.has_more ? page.page + 1 : null };
  };
}
