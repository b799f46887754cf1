import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { Button, ErrorBlock, InfiniteScroll, PullToRefresh, Skeleton } from 'antd-mobile';
import type { ReactNode } from 'react';
import { listTexts as T } from './texts.ts';

export type PagedListProps<Item> = {
  query: UseInfiniteQueryResult<InfiniteData<{ list: Item[]; next_cursor: number | null }>>;
  renderItem: (item: Item) => ReactNode;
  itemKey: (item: Item) => string | number;
  emptyText?: string;
};

/**
 * A keyset-paged list the mobile way: skeleton while the first page loads, pull to refresh, the next page
 * when the bottom comes into view, an empty state and a retry on failure.
 */
export function PagedList<Item>({ query, renderItem, itemKey, emptyText = T.empty }: PagedListProps<Item>) {
  if (query.isPending) {
    return (
      <div className="paged-list__skeleton" role="status" aria-busy="true">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={5} animated />
      </div>
    );
  }
  if (query.isError && !query.data) {
    return (
      <ErrorBlock status="default" title={T.loadFailed} description={query.error.message}>
        <Button color="primary" size="small" onClick={() => void query.refetch()}>
          {T.retry}
        </Button>
      </ErrorBlock>
    );
  }
  const items = query.data?.pages.flatMap((page) => page.list) ?? [];
  return (
    <PullToRefresh
      onRefresh={async () => {
        await query.refetch();
      }}
      pullingText={T.pullToRefresh}
      canReleaseText={T.releaseToRefresh}
      refreshingText={T.refreshing}
      completeText={T.refreshed}
    >
      {items.length === 0 ? (
        <ErrorBlock status="empty" title={emptyText} description="" />
      ) : (
        <ul className="paged-list">
          {items.map((item) => (
            <li key={itemKey(item)} className="paged-list__item">
              {renderItem(item)}
            </li>
          ))}
        </ul>
      )}
      {items.length > 0 ? (
        <InfiniteScroll
          hasMore={query.hasNextPage}
          loadMore={async () => {
            await query.fetchNextPage();
          }}
        >
          {query.hasNextPage ? T.loadingMore : T.noMore}
        </InfiniteScroll>
      ) : null}
    </PullToRefresh>
  );
}
