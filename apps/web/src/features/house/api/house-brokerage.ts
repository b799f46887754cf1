import type { houseBrokerageSummarySchema } from '@crm/domain/api/house';
import { houseBrokerage, houseBrokerageList } from '@crm/domain/endpoints/house';
import type { z } from 'zod';
import { readQuery } from '../../../lib/read-query.ts';
import { usePagedList } from '../../../lib/paged-list.ts';
import { pagedListConfig } from './paged.ts';
import { houseKeys } from './keys.ts';

export type BrokerageSummary = z.infer<typeof houseBrokerageSummarySchema>;

/** POST /api/crm/houseBrokerage: finance's rebate totals. */
export const useHouseBrokerage = readQuery(houseKeys.brokerageSummary, houseBrokerage);

/** POST /api/crm/houseBrokerageList: the clients whose brokerage is set. */
export const houseBrokerageListConfig = () => pagedListConfig(houseKeys.brokerageList, houseBrokerageList, {});

export const useHouseBrokerageList = () => usePagedList(houseBrokerageListConfig());
