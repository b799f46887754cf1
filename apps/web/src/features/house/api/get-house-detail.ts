import type { HouseDetail } from '@crm/domain/api/house';
import { getHouseDetail as getHouseDetailEndpoint } from '@crm/domain/endpoints/house';
import { useQuery } from '@tanstack/react-query';
import { byIdQueryOptions } from '../../../lib/api-query.ts';
import { send } from '../../../lib/send.ts';
import { houseKeys } from './keys.ts';

/** GET /api/crm/getHouseDetail: a client with its referral chain, images, orders and audit events. */
export const getHouseDetail = (id: number, signal?: AbortSignal): Promise<HouseDetail> =>
  send(getHouseDetailEndpoint, { id }, { method: 'GET', signal });

export const houseDetailQueryOptions = (id: number) => byIdQueryOptions(houseKeys.detail(id), id, getHouseDetail);

export const useHouseDetail = (id: number) => useQuery(houseDetailQueryOptions(id));
