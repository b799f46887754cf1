import { ExportPage } from '../io/pages/export-page.tsx';
import { ImportPage } from '../io/pages/import-page.tsx';
import { WecomSyncPage } from '../io/pages/wecom-sync-page.tsx';
import { adminIoTexts as IO } from '../io/texts.ts';
import { AdminShell } from '../components/admin-shell.tsx';

/** The import, export and WeCom sync pages (decision 059) inside the back office's frame and its grant check. */
export const AdminImportPage = () => (
  <AdminShell title={IO.navImport}>
    <ImportPage />
  </AdminShell>
);

export const AdminExportPage = () => (
  <AdminShell title={IO.navExport}>
    <ExportPage />
  </AdminShell>
);

export const AdminWecomSyncPage = () => (
  <AdminShell title={IO.navSync}>
    <WecomSyncPage />
  </AdminShell>
);
