/*
 * The back office's import, export and WeCom sync (decision 059), for the /admin section (features/admin)
 * to add to its navigation and routes: `adminIoNav` (label and path) and `adminIoRoutes`, whose pages load
 * lazily as one chunk. Not in the app's route table on this branch; the page tests render them directly.
 */
import type { RouteObject } from 'react-router';
import { adminIoTexts as T } from './texts.ts';

export const adminIoNav: ReadonlyArray<{ label: string; path: string }> = [
  { label: T.navImport, path: '/admin/import' },
  { label: T.navExport, path: '/admin/export' },
  { label: T.navSync, path: '/admin/wecom-sync' },
];

/** The pages' chunk; the app's chunk loader may wrap it (app/routes/load-chunk.ts). */
export const loadAdminIoPages = () => import('./pages/pages.ts');

export const adminIoRoutes: RouteObject[] = adminIoNav.map(({ path }) => ({
  path,
  lazy: async () => {
    const { pages } = await loadAdminIoPages();
    return { Component: pages[path] };
  },
}));
