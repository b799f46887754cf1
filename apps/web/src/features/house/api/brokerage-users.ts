import * as E from '@crm/domain/endpoints/house';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormFields } from '../../../lib/api-client.ts';
import { usePagedList } from '../../../lib/paged-list.ts';
import { send, type SendInput } from '../../../lib/send.ts';
import { pagedListConfig } from './paged.ts';
import { houseKeys, invalidateHouseList } from './keys.ts';

/** POST /api/crm/houseBrokerageUser: the people brokerage is paid to. */
export const brokerageUserListConfig = (keyword: string) =>
  pagedListConfig(houseKeys.brokerageUsers, E.houseBrokerageUser, { keyword });

export const useBrokerageUserList = (keyword: string) => usePagedList(brokerageUserListConfig(keyword));

/** POST /api/crm/addHouseBrokerageUser. */
export async function addHouseBrokerageUser(fields: FormFields): Promise<void> {
  await send(E.addHouseBrokerageUser, fields as SendInput<typeof E.addHouseBrokerageUser>);
}

export function useAddBrokerageUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addHouseBrokerageUser,
    onSuccess: () => invalidateHouseList(client, 'brokerageUsers'),
  });
}
