import type { houseImageListSchema } from '@crm/domain/api/house';
import * as E from '@crm/domain/endpoints/house';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { send } from '../../../lib/send.ts';
import { houseKeys, invalidateHouse } from './keys.ts';

export type HouseImage = z.infer<typeof houseImageListSchema>[number];

/** GET /api/crm/getHouseImg: a client's images of one type. */
export const getHouseImg = (id: number, houseType: number, signal?: AbortSignal): Promise<HouseImage[]> =>
  send(E.getHouseImg, { id, house_type: houseType }, { method: 'GET', signal });

export const houseImgQueryOptions = (id: number, houseType: number) =>
  queryOptions({
    queryKey: houseKeys.images(id, houseType),
    queryFn: ({ signal }) => getHouseImg(id, houseType, signal),
  });

export const useHouseImg = (id: number, houseType: number) => useQuery(houseImgQueryOptions(id, houseType));

/** POST /api/crm/addHouseImg (multipart with the file). */
export async function addHouseImg(input: { id: number; houseType: number; file: File }): Promise<void> {
  await send(E.addHouseImg, { id: input.id, house_type: input.houseType, file: input.file });
}

export function useAddHouseImg() {
  const client = useQueryClient();
  return useMutation({ mutationFn: addHouseImg, onSuccess: () => invalidateHouse(client) });
}

/** POST /api/crm/delHouseImg: removes a stored document while the client is new (decision 033). */
export async function delHouseImg(imageId: number): Promise<void> {
  await send(E.delHouseImg, { id: imageId });
}

export function useDelHouseImg() {
  const client = useQueryClient();
  // The detail page counts images by type: refresh the feature, not only this grid.
  return useMutation({ mutationFn: delHouseImg, onSuccess: () => invalidateHouse(client) });
}
