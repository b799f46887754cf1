import type { ReactNode } from 'react';
import type { PagedListState } from '../lib/paged-list.ts';
import { LoadMoreList } from './load-more-list.tsx';

/** What a paged list shows: rows with their own id, which keys them. */
export type PagedItem = { id: string | number };

export type PagedListProps<Item extends PagedItem> = {
  /** From usePagedList (lib/paged-list.ts). */
  list: PagedListState<Item>;
  renderItem: (item: Item) => ReactNode;
  emptyText?: string;
};

/** A paged list (usePagedList) shown as the app's list (LoadMoreList), one `<li>` per item, keyed by its id. */
export function PagedList<Item extends PagedItem>({ list, renderItem, emptyText }: PagedListProps<Item>) {
  return (
    <LoadMoreList
      {...list}
      emptyText={emptyText}
      renderItem={(item) => (
        <li key={item.id} className="paged-list__item">
          {renderItem(item)}
        </li>
      )}
      wrapItems={(rendered) => <ul className="paged-list">{rendered}</ul>}
    />
  );
}
