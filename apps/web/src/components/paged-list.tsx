import type { ReactNode } from 'react';
import type { PagedListState } from '../lib/paged-list.ts';
import { LoadMoreList } from './load-more-list.tsx';

export type PagedListProps<Item> = {
  /** From usePagedList (lib/paged-list.ts). */
  list: PagedListState<Item>;
  renderItem: (item: Item) => ReactNode;
  itemKey: (item: Item) => string | number;
  emptyText?: string;
};

/** A paged list (usePagedList) shown as the app's list (LoadMoreList), one `<li>` per item. */
export function PagedList<Item>({ list, renderItem, itemKey, emptyText }: PagedListProps<Item>) {
  return (
    <LoadMoreList
      {...list}
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
