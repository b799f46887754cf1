import { houseBrokerageListSchema, houseBrokerageSummarySchema } from '@crm/domain/api/house';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRead } from '../../../lib/api-query.ts';
import { usePagedList } from '../../../lib/paged-list.ts';
import { pagedListConfig } from './paged.ts';
import { houseKeys } from './keys.ts';

export type BrokerageSummary = z.infer<typeof houseBrokerageSummarySchema>;

/** POST /api/crm/houseBrokerage: finance's rebate totals. */
export const getHouseBrokerage = (signal?: AbortSignal): Promise<BrokerageSummary> =>
  apiRead('POST', '/api/crm/houseBrokerage', {}, houseBrokerageSummarySchema, signal);

export const houseBrokerageQueryOptions = () =>
  queryOptions({ queryKey: houseKeys.brokerageSummary, queryFn: ({ signal }) => getHouseBrokerage(signal) });

export const useHouseBrokerage = () => useQuery(houseBrokerageQueryOptions());

/** POST /api/crm/houseBrokerageList: the clients whose brokerage is set. */
export const houseBrokerageListConfig = () =>
  pagedListConfig(houseKeys.brokerageList, '/api/crm/houseBrokerageList', houseBrokerageListSchema, {});

export const useHouseBrokerageList = () => usePagedList(houseBrokerageListConfig());
