import { appealListResponseSchema } from '@crm/domain/api/cases';
import { cursorPages } from '../../../lib/api-query.ts';
import { usePagedList } from '../../../lib/paged-list.ts';
import { teamKeys } from './keys.ts';

/** GET /api/crm/teamAppeal: the appeals of the leader's team. */
export const useTeamAppeal = (status: 'open' | 'all') =>
  usePagedList({
    queryKey: teamKeys.appeal(status),
    fetchPage: cursorPages('GET', '/api/crm/teamAppeal', { status, limit: 20 }, appealListResponseSchema),
  });
