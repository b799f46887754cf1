import { houseBrokerageUserListSchema } from '@crm/domain/api/house';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost, type FormFields } from '../../../lib/api-client.ts';
import { pagedQueryOptions, usePaged } from './paged.ts';

/** POST /api/crm/houseBrokerageUser: the people brokerage is paid to. */
export const brokerageUserListQueryOptions = (keyword: string) =>
  pagedQueryOptions(['house', 'brokerage-users'], '/api/crm/houseBrokerageUser', houseBrokerageUserListSchema, { keyword });

export const useBrokerageUserList = (keyword: string) => usePaged(brokerageUserListQueryOptions(keyword));

/** POST /api/crm/addHouseBrokerageUser. */
export async function addHouseBrokerageUser(fields: FormFields): Promise<void> {
  await apiPost<unknown>('/api/crm/addHouseBrokerageUser', fields);
}

export function useAddBrokerageUser() {
  const client = useQueryClient();
  return useMutation({ mutationFn: addHouseBrokerageUser, onSuccess: () => client.invalidateQueries({ queryKey: ['house', 'brokerage-users'] }) });
}
