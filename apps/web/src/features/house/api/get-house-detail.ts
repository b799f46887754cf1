import { houseDetailSchema, type HouseDetail } from '@crm/domain/api/house';
import { useQuery } from '@tanstack/react-query';
import { apiRead, byIdQueryOptions } from '../../../lib/api-query.ts';
import { houseKeys } from './keys.ts';

/** GET /api/crm/getHouseDetail: a client with its referral chain, images, orders and audit events. */
export const getHouseDetail = (id: number, signal?: AbortSignal): Promise<HouseDetail> =>
  apiRead('GET', '/api/crm/getHouseDetail', { id }, houseDetailSchema, signal);

export const houseDetailQueryOptions = (id: number) => byIdQueryOptions(houseKeys.detail(id), id, getHouseDetail);

export const useHouseDetail = (id: number) => useQuery(houseDetailQueryOptions(id));
