import type { ComponentType } from 'react';
import { ExportPage } from './export-page.tsx';
import { ImportPage } from './import-page.tsx';
import { WecomSyncPage } from './wecom-sync-page.tsx';

/** The section's pages by path, as one chunk (the app's ChunkPages shape). */
export const pages: Record<string, ComponentType> = {
  '/admin/import': ImportPage,
  '/admin/export': ExportPage,
  '/admin/wecom-sync': WecomSyncPage,
};
