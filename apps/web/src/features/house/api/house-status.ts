import type { houseStatusSchema } from '@crm/domain/api/house';
import { houseStatus } from '@crm/domain/endpoints/house';
import type { z } from 'zod';
import { readQuery } from '../../../lib/read-query.ts';
import { houseKeys } from './keys.ts';

export type HouseStatusOption = z.infer<typeof houseStatusSchema>[number];

/** GET /common/houseStatus: the status options of the list filter. */
export const useHouseStatus = readQuery(houseKeys.statusOptions, houseStatus, { method: 'GET', staleTime: Infinity });
