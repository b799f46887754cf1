import { Tabs } from 'antd-mobile';
import type { ReactNode } from 'react';

export type KeyTab<K extends string> = { key: K; title: ReactNode };

export type KeyTabsProps<K extends string> = {
  value: K;
  onChange: (key: K) => void;
  /** The first tab is the one an unknown key falls back to. */
  tabs: readonly [KeyTab<K>, ...KeyTab<K>[]];
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
