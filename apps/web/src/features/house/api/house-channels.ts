import { houseChannelListSchema } from '@crm/domain/api/house';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCreate, type FormFields } from '../../../lib/api-client.ts';
import { usePagedList } from '../../../lib/paged-list.ts';
import { pagedListConfig } from './paged.ts';
import { houseKeys, invalidateHouseList } from './keys.ts';

/** POST /api/crm/getHouseChannelList: the caller's channels (finance: all); `id` narrows to one. */
export const channelListConfig = (params: { keyword?: string; id?: number }) =>
  pagedListConfig(houseKeys.channels, '/api/crm/getHouseChannelList', houseChannelListSchema, params);

export const useChannelList = (params: { keyword?: string; id?: number }) => usePagedList(channelListConfig(params));

/** POST /api/crm/addHouseChannel with the form fill's idempotency key. */
export async function addHouseChannel({ fields, key }: { fields: FormFields; key: string }): Promise<number> {
  const { data } = await apiCreate<{ id: number }>('/api/crm/addHouseChannel', fields, key);
  return data.id;
}

export function useAddHouseChannel() {
  const client = useQueryClient();
  return useMutation({ mutationFn: addHouseChannel, onSuccess: () => invalidateHouseList(client, 'channels') });
}
