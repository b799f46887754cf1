import * as E from '@crm/domain/endpoints/cases';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { send } from '../../../lib/send.ts';
import { casesKeys } from './keys.ts';

/*
 * The form's reference lists: POST bank, product, channel, source and GET city, signUser (spec §7).
 * They change rarely, so they stay fresh for ten minutes. One file for the small list calls.
 */
const STALE_MS = 10 * 60_000;

export const getBanks = () => send(E.bank, {});
export const getProducts = (bankId: number | null) => send(E.product, bankId ? { bank_id: bankId } : {});
export const getChannels = () => send(E.channel, {});
export const getSources = () => send(E.source, {});
export const getCities = () => send(E.city, {}, { method: 'GET' });
export const getSignUsers = () => send(E.signUser, {}, { method: 'GET' });

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
