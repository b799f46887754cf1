import type { CorpOption } from '@crm/domain/api/auth';
import { authRefs } from '@crm/domain/endpoint-refs';
import { sendRef } from '../../../lib/api-client.ts';
import { useRequest } from './use-request.ts';

/** GET corp: the companies a person can log in to. */
export async function getCorpList(signal?: AbortSignal): Promise<CorpOption[]> {
  const { data } = await sendRef(authRefs.corp, {}, { method: 'GET', signal });
  return Array.isArray(data) ? data : [];
}

export const corpListKey = 'corp-list';

export function useCorpList(enabled: boolean) {
  return useRequest(enabled ? corpListKey : null, (signal) => getCorpList(signal));
}
