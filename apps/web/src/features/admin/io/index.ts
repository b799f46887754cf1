/*
 * The back office's import, export and WeCom sync (decision 059): their lines in the /admin navigation. The
 * pages are served by the admin chunk inside its frame (features/admin/pages/io-pages.tsx).
 */
import { adminIoTexts as T } from './texts.ts';

export const adminIoNav: ReadonlyArray<{ label: string; path: string }> = [
  { label: T.navImport, path: '/admin/import' },
  { label: T.navExport, path: '/admin/export' },
  { label: T.navSync, path: '/admin/wecom-sync' },
];
