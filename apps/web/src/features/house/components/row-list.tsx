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

/** One plain row of a house list: its title, the line under it, what sits at its right and what a tap does. */
export type Row = { title: ReactNode; description?: ReactNode; extra?: ReactNode; onClick?: () => void };

export type RowsProps<T extends { id: number }> = Omit<RowListProps<T>, 'renderItem'> & { row: (item: T) => Row };

/** A RowList of plain List.Items, each keyed by its item's id. */
export function Rows<T extends { id: number }>({ row, ...props }: RowsProps<T>) {
  return (
    <RowList
      {...props}
      renderItem={(item) => {
        const { title, ...rest } = row(item);
        return (
          <List.Item key={item.id} {...rest}>
            {title}
          </List.Item>
        );
      }}
    />
  );
}
