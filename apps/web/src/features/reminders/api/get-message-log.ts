import { messageLogResponseSchema } from '@crm/domain/api/reminders';
import { apiGet } from '../../../lib/api-client.ts';
import { usePagedList } from '../../../lib/paged-list.ts';

/** GET /api/crm/messageLog: the WeCom reminders sent to the caller, newest first (decision 058). */
export async function getMessageLog(cursor: number | null, signal?: AbortSignal) {
  const { data } = await apiGet<unknown>('/api/crm/messageLog', { cursor: cursor ?? '', limit: 20 }, signal);
  return messageLogResponseSchema.parse(data);
}

export const useMessageLog = () =>
  usePagedList({
    queryKey: ['reminders', 'messages'] as const,
    fetchPage: (cursor: number | null, signal: AbortSignal) => getMessageLog(cursor, signal),
  });
