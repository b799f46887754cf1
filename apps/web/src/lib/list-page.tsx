import type { ReactElement, ReactNode } from 'react';
import { useKeyTabs, type KeyTabList } from '../components/key-tabs.tsx';
import { PagedList, type PagedItem, type PagedListProps } from '../components/paged-list.tsx';

/** A page that is one paged list, under what `header` draws (its tabs, say). */
export function ListPage<Item extends PagedItem>({ header, ...list }: PagedListProps<Item> & { header?: ReactNode }) {
  return (
    <div className="page">
      {header}
      <PagedList {...list} />
    </div>
  );
}

/** A list filtered by tabs (useKeyTabs): what `useList` gives for the tab chosen, and the tabs to show. */
export function useTabbedList<K extends string, L>(tabs: KeyTabList<K>, useList: (key: K) => L): [L, ReactElement] {
  const [key, header] = useKeyTabs(tabs);
  return [useList(key), header];
}

/** The usual tabs of a work list: what is still open (first), and everything. */
export const openAllTabs = (texts: { open: ReactNode; all: ReactNode }): KeyTabList<'open' | 'all'> => [
  { key: 'open', title: texts.open },
  { key: 'all', title: texts.all },
];
