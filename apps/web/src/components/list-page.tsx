import type { ReactNode } from 'react';
import { PagedList, type PagedItem, type PagedListProps } from './paged-list.tsx';

/** A page that is one paged list, under what `header` draws (its tabs, say): the one list page wrapper. */
export function ListPage<Item extends PagedItem>({ header, ...list }: PagedListProps<Item> & { header?: ReactNode }) {
  return (
    <div className="page">
      {header}
      <PagedList {...list} />
    </div>
  );
}
