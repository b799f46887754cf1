import { Tabs } from 'antd-mobile';
import { useState, type ReactElement, type ReactNode } from 'react';

export type KeyTab<K extends string> = { key: K; title: ReactNode };

/** The first tab is the one a page starts on and an unknown key falls back to. */
export type KeyTabList<K extends string> = readonly [KeyTab<K>, ...KeyTab<K>[]];

export type KeyTabsProps<K extends string> = {
  value: K;
  onChange: (key: K) => void;
  tabs: KeyTabList<K>;
};

/** Tabs over a fixed set of keys, typed: a page's filter (open/all, waiting/handled, …). */
export function KeyTabs<K extends string>({ value, onChange, tabs }: KeyTabsProps<K>) {
  return (
    <Tabs activeKey={value} onChange={(key) => onChange(tabs.find((tab) => tab.key === key)?.key ?? tabs[0].key)}>
      {tabs.map((tab) => (
        <Tabs.Tab title={tab.title} key={tab.key} />
      ))}
    </Tabs>
  );
}

/**
 * A filter whose choice only the page itself needs: the key chosen, starting on the first tab, and the tabs
 * to show. A page that also reads the key elsewhere (the address, say) keeps its own state and uses KeyTabs.
 */
export function useKeyTabs<K extends string>(tabs: KeyTabList<K>): [K, ReactElement] {
  const [value, setValue] = useState<K>(tabs[0].key);
  return [value, <KeyTabs value={value} onChange={setValue} tabs={tabs} />];
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
