import { messageLogResponseSchema } from '@crm/domain/api/reminders';
import { apiRead } from '../../../lib/api-query.ts';
import { usePagedList } from '../../../lib/paged-list.ts';

/** GET /api/crm/messageLog: the WeCom reminders sent to the caller, newest first (decision 058). */
export const getMessageLog = (cursor: number | null, signal?: AbortSignal) =>
  apiRead('GET', '/api/crm/messageLog', { cursor: cursor ?? '', limit: 20 }, messageLogResponseSchema, signal);

export const useMessageLog = () =>
  usePagedList({
    queryKey: ['reminders', 'messages'] as const,
    fetchPage: (cursor: number | null, signal: AbortSignal) => getMessageLog(cursor, signal),
  });
