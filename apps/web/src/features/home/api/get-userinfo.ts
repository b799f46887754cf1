import type { UserInfo } from '@crm/domain/api/auth';
import { useQuery } from '@tanstack/react-query';
import { apiRead, byIdQueryOptions, LazySchema } from '../../../lib/api-query.ts';
import { homeKeys } from './keys.ts';

/** Imported with the request, not the home page: its first paint (cached tiles or the tip) needs no zod. */
const userinfoSchema = new LazySchema(() =>
  import('@crm/domain/api/auth').then((contract) => contract.userinfoResponseSchema),
);

/** POST /api/crm/userinfo (id): the user, badge counts, signer list and notices. */
export const getUserinfo = (id: number, signal?: AbortSignal): Promise<UserInfo> =>
  apiRead('POST', '/api/crm/userinfo', { id }, userinfoSchema, signal);

export const userinfoQueryOptions = (id: number) => byIdQueryOptions(homeKeys.userinfo(id), id, getUserinfo);

export function useUserinfo(id: number) {
  return useQuery(userinfoQueryOptions(id));
}
