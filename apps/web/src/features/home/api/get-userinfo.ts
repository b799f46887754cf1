import type { UserInfo } from '@crm/domain/api/auth';
import { homeRefs } from '@crm/domain/endpoint-refs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRead, LazySchema } from '../../../lib/api-query.ts';
import { getStoredUser, setStoredUser } from '../../../lib/storage.ts';
import { homeKeys } from './keys.ts';

/** Imported with the request, not the home page: its first paint (cached tiles or the tip) needs no zod. */
const userinfoSchema = new LazySchema(() =>
  import('@crm/domain/endpoints/home').then((contract) => contract.userinfo.response),
);

/** POST userinfo (id): the user, badge counts, signer list and notices, parsed by the contract's schema. */
const getUserinfo = (id: number): Promise<UserInfo> => apiRead('POST', homeRefs.userinfo.path, { id }, userinfoSchema);

/**
 * The answer refreshes the stored user (spec §3: kept for display; signer list and notices left out). Until
 * it lands the record is the login's provisional one, not a leader, so a leader who taps 考试回顾 at once
 * would get a member's page. The write therefore lives here rather than in the home page, and the read is
 * not cancelled when the home page goes (no abort signal): the pages that read the stored user redraw when
 * it lands. Only the signed-in user's own record is refreshed; after a logout there is none to refresh.
 */
async function getAndStoreUserinfo(id: number): Promise<UserInfo> {
  const info = await getUserinfo(id);
  if (getStoredUser()?.id === info.user.id) {
    setStoredUser({ id: info.user.id, job: info.user.job, leader: info.user.leader, name: info.user.name });
  }
  return info;
}

export const userinfoQueryOptions = (id: number) =>
  queryOptions({ queryKey: homeKeys.userinfo(id), queryFn: () => getAndStoreUserinfo(id), enabled: id > 0 });

export function useUserinfo(id: number) {
  return useQuery(userinfoQueryOptions(id));
}
