import {
  bestDetailSchema,
  bestListSchema,
  houseloanAgentSchema,
  houseloanBrokerageSchema,
  houseloanContactSchema,
  houseloanDetailSchema,
  houseloanReferralPageSchema,
  houseloanSignSchema,
  type HouseloanAgent,
  type HouseloanLoginRequest,
  type ReferralStage,
} from '@crm/domain/api/houseloan';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiCreate, apiGet, apiPost, type FormFields } from '../../../lib/api-client.ts';
import { apiRead, byIdQueryOptions, readById } from '../../../lib/api-query.ts';
import { clearHouseChannel, setHouseChannel } from '../../../lib/storage.ts';
import { featureKeys } from '../../../lib/api-query.ts';
import { useCursorList } from '../../../lib/read-query.ts';

/** Query keys of the channel portal; the public ranking and reference data live outside 'houseloan'. */
export const houseloanKeys = {
  ...featureKeys('houseloan', ['me', 'brokerage', 'sign', 'service']),
  referrals: (filter: object) => ['houseloan', 'referrals', filter] as const,
  referral: (id: number) => ['houseloan', 'referral', id] as const,
  banks: ['houseloan-reference', 'banks'] as const,
  best: (corp: number) => ['houseloan-public', 'best', corp] as const,
  bestDetail: (corp: number, id: number) => ['houseloan-public', 'best', corp, id] as const,
};

/** ys_house_channel (spec §3): who is logged in, for display only; the session is the httpOnly cookie. */
const remember = (agent: HouseloanAgent) =>
  setHouseChannel({ id: agent.id, name: agent.name, channel_name: agent.channel_name, corp_id: agent.corp_id });

/** POST /api/houseloan/login: the agent, and the session cookie. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (fields: HouseloanLoginRequest) => {
      const response = await apiPost<unknown>('/api/houseloan/login', fields as FormFields);
      return { agent: houseloanAgentSchema.parse(response.data), msg: response.msg };
    },
    onSuccess: ({ agent }) => {
      queryClient.removeQueries({ queryKey: houseloanKeys.all });
      remember(agent);
      queryClient.setQueryData(houseloanKeys.me, agent);
    },
  });
}

/** The logged-in agent (401 without a channel session: the portal's login); `enabled` false asks nothing. */
export const useMe = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({
    enabled,
    queryKey: houseloanKeys.me,
    queryFn: async ({ signal }) => {
      const agent = houseloanAgentSchema.parse(
        (await apiGet<unknown>('/api/houseloan/account', undefined, signal)).data,
      );
      remember(agent);
      return agent;
    },
  });

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost<unknown>('/api/crm/logout'),
    onSuccess: () => {
      clearHouseChannel();
      queryClient.removeQueries({ queryKey: houseloanKeys.all, type: 'inactive' });
    },
  });
}

export type ReferralFilter = { stage?: ReferralStage; missingConsent?: boolean };

export const useReferrals = (filter: ReferralFilter) =>
  useCursorList(houseloanKeys.referrals(filter), 'POST', '/api/houseloan/list', houseloanReferralPageSchema, {
    stage: filter.stage ?? '',
    missing_consent: filter.missingConsent ? '1' : '',
  });

export const useReferral = (id: number, refetchInterval?: number) =>
  useQuery({
    ...byIdQueryOptions(
      houseloanKeys.referral(id),
      id,
      readById('POST', '/api/houseloan/detail', houseloanDetailSchema),
    ),
    ...(refetchInterval ? { refetchInterval } : {}),
  });

const invalidateReferrals = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: ['houseloan', 'referrals'] }),
    queryClient.invalidateQueries({ queryKey: ['houseloan', 'referral'] }),
  ]);

/** POST /api/houseloan/add with the fill's idempotency key: the new referral's id. */
export function useAddReferral() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ fields, key }: { fields: FormFields; key: string }) =>
      z.object({ id: z.number() }).parse((await apiCreate<unknown>('/api/houseloan/add', fields, key)).data).id,
    onSuccess: () => invalidateReferrals(queryClient),
  });
}

/** POST /api/houseloan/authPhoto (multipart, as the house documents go): the client's consent photo. */
export function useUploadConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: File }) =>
      apiPost<unknown>('/api/houseloan/authPhoto', { id, file }),
    onSuccess: () => invalidateReferrals(queryClient),
  });
}

export const useBrokerage = () =>
  useCursorList(houseloanKeys.brokerage, 'POST', '/api/houseloan/brokerage', houseloanBrokerageSchema);

export const useAppointments = () =>
  useQuery({
    queryKey: houseloanKeys.sign,
    queryFn: ({ signal }) => apiRead('POST', '/api/houseloan/sign', { limit: 5 }, houseloanSignSchema, signal),
  });

export const useService = () =>
  useQuery({
    queryKey: houseloanKeys.service,
    queryFn: ({ signal }) => apiRead('GET', '/api/houseloan/service', {}, houseloanContactSchema, signal),
  });

export const useBanks = () =>
  useQuery({
    queryKey: houseloanKeys.banks,
    queryFn: async ({ signal }) =>
      z
        .array(z.object({ id: z.number(), name: z.string() }))
        .parse((await apiGet<unknown>('/api/houseloan/bank', undefined, signal)).data),
    staleTime: 10 * 60_000,
  });

export const useBestList = (corp: number) =>
  useQuery({
    queryKey: houseloanKeys.best(corp),
    queryFn: ({ signal }) => apiRead('GET', '/api/houseloan/bestList', { corp }, bestListSchema, signal),
  });

export const useBestDetail = (corp: number, id: number) =>
  useQuery(
    byIdQueryOptions(houseloanKeys.bestDetail(corp, id), id, (bestId, signal) =>
      apiRead('GET', '/api/houseloan/bestDetail', { corp, id: bestId }, bestDetailSchema, signal),
    ),
  );
