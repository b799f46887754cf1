import type { ReactNode } from 'react';
import type { KeyTabList } from './key-tabs.tsx';

/** Tabs keyed '0', '1', … in order: a filter over the server's numbered statuses, the first one starting. */
export function statusTabs(first: ReactNode, ...rest: ReactNode[]): KeyTabList<string> {
  return [{ key: '0', title: first }, ...rest.map((title, index) => ({ key: String(index + 1), title }))];
}
