import { wecomSyncSchema } from '@crm/domain/api/adminio';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../../lib/api-client.ts';

/** POST /api/admin/wecomSync: staff made and disabled from the WeCom directory; what changed (decision 059). */
export async function wecomSync() {
  const { data } = await apiPost<unknown>('/api/admin/wecomSync', {});
  return wecomSyncSchema.parse(data);
}

export const useWecomSync = () => useMutation({ mutationFn: wecomSync });
