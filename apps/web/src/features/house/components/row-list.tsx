import { List } from 'antd-mobile';
import type { ReactNode } from 'react';
import { LoadMoreList } from '../../../components/load-more-list.tsx';
import type { PagedListState } from '../../../lib/paged-list.ts';

export type RowListProps<T> = {
  list: PagedListState<T>;
  renderItem: (item: T) => ReactNode;
  emptyText: string;
  header?: ReactNode;
};

/** A house list's rows: antd-mobile's List around the app's paged list, with its own empty text. */
export function RowList<T>({ list, renderItem, emptyText, header }: RowListProps<T>) {
  return (
    <List header={header}>
      <LoadMoreList {...list} emptyText={emptyText} renderItem={renderItem} />
    </List>
  );
}
