import type { QueryClient } from '@tanstack/react-query';
import { featureKeys } from '../../../lib/api-query.ts';

/** Query keys of the home-loan feature. List keys are prefixes: the list's parameters follow them. */
export const houseKeys = {
  ...featureKeys('house', [
    'list',
    'card',
    'steward',
    'pool',
    'team',
    'staff',
    'audits',
    'channels',
    'orders',
    'recommends',
  ]),
  detail: (id: number) => ['house', 'detail', id] as const,
  brokerageSummary: ['house', 'brokerage', 'summary'] as const,
  brokerageList: ['house', 'brokerage', 'list'] as const,
  brokerageUsers: ['house', 'brokerage-users'] as const,
  channelEntry: (id: number) => ['house', 'channel-entry', id] as const,
  images: (id: number, houseType: number) => ['house', 'images', id, houseType] as const,
  orderSummary: ['house', 'orders', 'summary'] as const,
  orderList: ['house', 'orders', 'list'] as const,
  recommend: (id: number) => ['house', 'recommends', 'detail', id] as const,
  statusOptions: ['house', 'status-options'] as const,
};

/** A write to a client moves it between lists, details and totals: refetch the whole feature. */
export const invalidateHouse = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: houseKeys.all });

/** A write that only adds to one list. */
export const invalidateHouseList = (
  queryClient: QueryClient,
  list: 'orders' | 'brokerageUsers' | 'channels' | 'recommends',
) => queryClient.invalidateQueries({ queryKey: houseKeys[list] });
