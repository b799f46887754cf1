import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadMoreList } from './load-more-list.tsx';

export type PagedListProps<Item> = {
  query: UseInfiniteQueryResult<InfiniteData<{ list: Item[]; next_cursor: number | null }>>;
  renderItem: (item: Item) => ReactNode;
  itemKey: (item: Item) => string | number;
  emptyText?: string;
};

/** A keyset-paged infinite query shown as the app's list (LoadMoreList), one `<li>` per item. */
export function PagedList<Item>({ query, renderItem, itemKey, emptyText }: PagedListProps<Item>) {
  return (
    <LoadMoreList
      items={query.data?.pages.flatMap((page) => page.list) ?? []}
      isPending={query.isPending}
      error={query.error}
      hasMore={query.hasNextPage}
      loadMore={() => query.fetchNextPage()}
      refresh={() => query.refetch()}
      emptyText={emptyText}
      renderItem={(item) => (
        <li key={itemKey(item)} className="paged-list__item">
          {renderItem(item)}
        </li>
      )}
      wrapItems={(rendered) => <ul className="paged-list">{rendered}</ul>}
    />
  );
}
