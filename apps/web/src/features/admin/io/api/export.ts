import type { ExportKind } from '@crm/domain/api/adminio';
import { start, status } from '@crm/domain/endpoints/adminio';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { endpointKey } from '../../../../lib/endpoint-key.ts';
import { send } from '../../../../lib/send.ts';

/** How often the page asks for the export's progress while it runs. */
export const EXPORT_POLL_MS = 1000;

/** The export is written in the background (decision 059). */
export const startExport = (filter: { kind: ExportKind; status: number; keyword?: string }) => send(start, filter);

/** Rows done / total, and the download link once written. */
export const getExportStatus = (id: string, signal?: AbortSignal) => send(status, { id }, { method: 'GET', signal });

export const exportStatusQueryOptions = (id: string) =>
  queryOptions({
    queryKey: endpointKey(status, { id }),
    queryFn: ({ signal }) => getExportStatus(id, signal),
    staleTime: 0,
    // Asked again while it runs; a finished or failed export is not asked again.
    refetchInterval: (query) => (query.state.data?.status === 'running' ? EXPORT_POLL_MS : false),
  });

export const useStartExport = () => useMutation({ mutationFn: startExport });
export const useExportStatus = (id: string | null) =>
  useQuery({ ...exportStatusQueryOptions(id ?? ''), enabled: id !== null });
