import type { HouseloanAgent, HouseloanLoginRequest, ReferralStage } from '@crm/domain/api/houseloan';
import { logout } from '@crm/domain/endpoints/auth';
import * as E from '@crm/domain/endpoints/houseloan';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { FormFields } from '../../../lib/api-client.ts';
import { byIdQueryOptions } from '../../../lib/api-query.ts';
import { send, sendAnswer, type SendInput } from '../../../lib/send.ts';
import { clearHouseChannel, setHouseChannel } from '../../../lib/storage.ts';
import { featureKeys } from '../../../lib/api-query.ts';
import { useEndpointList } from '../../../lib/read-query.ts';

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
      const response = await sendAnswer(E.login, fields);
      return { agent: response.data, msg: response.msg };
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
      const agent = await send(E.account, {}, { method: 'GET', signal });
      remember(agent);
      return agent;
    },
  });

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => send(logout, {}),
    onSuccess: () => {
      clearHouseChannel();
      queryClient.removeQueries({ queryKey: houseloanKeys.all, type: 'inactive' });
    },
  });
}

export type ReferralFilter = { stage?: ReferralStage; missingConsent?: boolean };

export const useReferrals = (filter: ReferralFilter) =>
  useEndpointList(houseloanKeys.referrals(filter), E.list, {
    stage: filter.stage ?? '',
    missing_consent: filter.missingConsent ? '1' : '',
  });

export const useReferral = (id: number, refetchInterval?: number) =>
  useQuery({
    ...byIdQueryOptions(houseloanKeys.referral(id), id, (referralId, signal) =>
      send(E.detail, { id: referralId }, { signal }),
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
      (await send(E.add, fields as SendInput<typeof E.add>, { idempotencyKey: key })).id,
    onSuccess: () => invalidateReferrals(queryClient),
  });
}

/** POST /api/houseloan/authPhoto (multipart, as the house documents go): the client's consent photo. */
export function useUploadConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: File }) => send(E.authPhoto, { id, file }),
    onSuccess: () => invalidateReferrals(queryClient),
  });
}

export const useBrokerage = () => useEndpointList(houseloanKeys.brokerage, E.brokerage);

export const useAppointments = () =>
  useQuery({
    queryKey: houseloanKeys.sign,
    queryFn: ({ signal }) => send(E.sign, { limit: 5 }, { signal }),
  });

export const useService = () =>
  useQuery({
    queryKey: houseloanKeys.service,
    queryFn: ({ signal }) => send(E.service, {}, { method: 'GET', signal }),
  });

export const useBanks = () =>
  useQuery({
    queryKey: houseloanKeys.banks,
    queryFn: ({ signal }) => send(E.bank, {}, { method: 'GET', signal }),
    staleTime: 10 * 60_000,
  });

export const useBestList = (corp: number) =>
  useQuery({
    queryKey: houseloanKeys.best(corp),
    queryFn: ({ signal }) => send(E.bestList, { corp }, { method: 'GET', signal }),
  });

export const useBestDetail = (corp: number, id: number) =>
  useQuery(
    byIdQueryOptions(houseloanKeys.bestDetail(corp, id), id, (bestId, signal) =>
      send(E.bestDetail, { corp, id: bestId }, { method: 'GET', signal }),
    ),
  );
