import { formatDateTime } from '@crm/domain/datetime';
/*
 * A few DOM helpers for the visitor pages: they are plain TypeScript (no React, no antd-mobile) so a phone on
 * slow 4G downloads a few KB, not the staff app (decision 056). Text always goes in as text, never as HTML.
 */
type Attrs = Record<string, string | boolean | ((event: Event) => void) | undefined>;
type Child = Node | string | null | undefined | false;

export function h(tag: string, attrs: Attrs = {}, ...children: Child[]): HTMLElement {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === false) continue;
    if (typeof value === 'function') el.addEventListener(key.slice(2).toLowerCase(), value);
    else if (value === true) el.setAttribute(key, '');
    else el.setAttribute(key, value);
  }
  for (const child of children) if (child) el.append(child);
  return el;
}

/** A China-time date and minute, as the pages show times. */
export const chinaTime = (iso: string) => formatDateTime(iso);

export const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;
