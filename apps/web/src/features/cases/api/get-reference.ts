import { caseProductSchema, namedSchema, treeNodeSchema } from '@crm/domain/api/cases';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet, apiPost } from '../../../lib/api-client.ts';
import { casesKeys } from './keys.ts';

/*
 * The form's reference lists: POST bank, product, channel, source and GET /common/signUser (spec §7).
 * They change rarely, so they stay fresh for ten minutes. One file for the five small list calls.
 */
const STALE_MS = 10 * 60_000;
const named = z.array(namedSchema);

export const getBanks = async () => named.parse((await apiPost<unknown>('/api/crm/bank')).data);
export const getProducts = async (bankId: number | null) =>
  z
    .array(caseProductSchema)
    .parse((await apiPost<unknown>('/api/crm/product', bankId ? { bank_id: bankId } : {})).data);
export const getChannels = async () => named.parse((await apiPost<unknown>('/api/crm/channel')).data);
export const getSources = async () => named.parse((await apiPost<unknown>('/api/crm/source')).data);
export const getCities = async () => z.array(treeNodeSchema).parse((await apiGet<unknown>('/api/crm/city')).data);
export const getSignUsers = async () => named.parse((await apiGet<unknown>('/common/signUser')).data);

export const useBanks = () =>
  useQuery(queryOptions({ queryKey: casesKeys.reference('bank'), queryFn: getBanks, staleTime: STALE_MS }));
export const useProducts = (bankId: number | null) =>
  useQuery(
    queryOptions({
      queryKey: casesKeys.reference('product', bankId),
      queryFn: () => getProducts(bankId),
      staleTime: STALE_MS,
    }),
  );
export const useChannels = () =>
  useQuery(queryOptions({ queryKey: casesKeys.reference('channel'), queryFn: getChannels, staleTime: STALE_MS }));
export const useSources = () =>
  useQuery(queryOptions({ queryKey: casesKeys.reference('source'), queryFn: getSources, staleTime: STALE_MS }));
/** Provinces and their cities (GET city); cities are everyone's and rarely change. */
export const useCities = () =>
  useQuery(queryOptions({ queryKey: casesKeys.reference('city'), queryFn: getCities, staleTime: STALE_MS }));
export const useSignUsers = () =>
  useQuery(queryOptions({ queryKey: casesKeys.reference('signUser'), queryFn: getSignUsers, staleTime: STALE_MS }));
