import { messageLog } from '@crm/domain/endpoints/reminders';
import { send } from '../../../lib/send.ts';
import { usePagedList } from '../../../lib/paged-list.ts';

/** GET /api/crm/messageLog: the WeCom reminders sent to the caller, newest first (decision 058). */
export const getMessageLog = (cursor: number | null, signal?: AbortSignal) =>
  send(messageLog, { cursor: cursor ?? '', limit: 20 }, { method: 'GET', signal });

export const useMessageLog = () =>
  usePagedList({
    queryKey: ['reminders', 'messages'] as const,
    fetchPage: (cursor: number | null, signal: AbortSignal) => getMessageLog(cursor, signal),
  });
