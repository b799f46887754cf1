import { userinfoResponseSchema, type UserInfo } from '@crm/domain/api/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';
import { homeKeys } from './keys.ts';

/** POST /api/crm/userinfo (id): the user, badge counts, signer list and notices. */
export async function getUserinfo(id: number, signal?: AbortSignal): Promise<UserInfo> {
  const { data } = await apiPost<unknown>('/api/crm/userinfo', { id }, signal);
  return userinfoResponseSchema.parse(data);
}

export const userinfoQueryOptions = (id: number) =>
  queryOptions({
    queryKey: homeKeys.userinfo(id),
    queryFn: ({ signal }) => getUserinfo(id, signal),
    enabled: id > 0,
  });

export function useUserinfo(id: number) {
  return useQuery(userinfoQueryOptions(id));
}
