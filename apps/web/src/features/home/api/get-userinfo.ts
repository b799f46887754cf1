import { userinfoResponseSchema, type UserInfo } from '@crm/domain/api/auth';
import { useQuery } from '@tanstack/react-query';
import { apiRead, byIdQueryOptions } from '../../../lib/api-query.ts';
import { homeKeys } from './keys.ts';

/** POST /api/crm/userinfo (id): the user, badge counts, signer list and notices. */
export const getUserinfo = (id: number, signal?: AbortSignal): Promise<UserInfo> =>
  apiRead('POST', '/api/crm/userinfo', { id }, userinfoResponseSchema, signal);

export const userinfoQueryOptions = (id: number) => byIdQueryOptions(homeKeys.userinfo(id), id, getUserinfo);

export function useUserinfo(id: number) {
  return useQuery(userinfoQueryOptions(id));
}
