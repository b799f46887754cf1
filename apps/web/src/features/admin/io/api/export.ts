import { exportStatusSchema, type ExportKind } from '@crm/domain/api/adminio';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../../lib/api-client.ts';

/** How often the page asks for the export's progress while it runs. */
export const EXPORT_POLL_MS = 1000;

/** POST /api/admin/export/start: the export is written in the background (decision 059). */
export async function startExport(filter: { kind: ExportKind; status: number; keyword?: string }) {
  const { data } = await apiPost<unknown>('/api/admin/export/start', filter);
  return exportStatusSchema.parse(data);
}

/** GET /api/admin/export/status: rows done / total, and the download link once written. */
export async function getExportStatus(id: string, signal?: AbortSignal) {
  const { data } = await apiGet<unknown>('/api/admin/export/status', { id }, signal);
  return exportStatusSchema.parse(data);
}

export const exportStatusQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['admin-io', 'export', id] as const,
    queryFn: ({ signal }) => getExportStatus(id, signal),
    staleTime: 0,
    // Asked again while it runs; a finished or failed export is not asked again.
    refetchInterval: (query) => (query.state.data?.status === 'running' ? EXPORT_POLL_MS : false),
  });

export const useStartExport = () => useMutation({ mutationFn: startExport });
export const useExportStatus = (id: string | null) =>
  useQuery({ ...exportStatusQueryOptions(id ?? ''), enabled: id !== null });
