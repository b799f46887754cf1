import type { HouseRecommendDetail } from '@crm/domain/api/house';
import * as E from '@crm/domain/endpoints/house';
import { useQuery } from '@tanstack/react-query';
import { usePagedList } from '../../../lib/paged-list.ts';
import { send } from '../../../lib/send.ts';
import { useHouseCreate } from './house-create.ts';
import { pagedListConfig } from './paged.ts';
import { houseKeys } from './keys.ts';

/** POST /api/crm/getHouseRecommend. */
export const recommendListConfig = () => pagedListConfig(houseKeys.recommends, E.getHouseRecommend, {});

export const useRecommendList = () => usePagedList(recommendListConfig());

/** POST /api/crm/addHouseRecommend, once per form fill. */
export const useAddHouseRecommend = () => useHouseCreate(E.addHouseRecommend, 'recommends');

/** GET /api/crm/getHouseRecommendDetail: one recommendation's own record (the full phone, who recorded it). */
export const getHouseRecommendDetail = (id: number, signal?: AbortSignal): Promise<HouseRecommendDetail> =>
  send(E.getHouseRecommendDetail, { id }, { method: 'GET', signal });

/** The record of the recommendation `id`; nothing is asked while `id` is null (the sheet is closed). */
export const useRecommendDetail = (id: number | null) =>
  useQuery({
    queryKey: houseKeys.recommend(id ?? 0),
    queryFn: ({ signal }) => getHouseRecommendDetail(id ?? 0, signal),
    enabled: id !== null,
  });
