import {
  filingSchema,
  getFilingSchema,
  historySchema,
  integralSchema,
  qrcodeSchema,
  sendPointSchema,
  userlistSchema,
  workListSchema,
  wxWorkConfigSchema,
} from '@crm/domain/api/chatter';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';
import { apiRead } from '../../../lib/api-query.ts';
import { usePagedList } from '../../../lib/paged-list.ts';
import { keysWithArgs } from '../../../lib/arg-keys.ts';

/** Query keys of the sidebar tool. */
export const chatterKeys = keysWithArgs('chattergee', ['customers', 'work'], {
  config: '',
  filing: '',
  integral: '',
  history: 0,
});

const P = '/api/chattergee';

/** POST initWxWorkConfig: both signatures (wx.config, wx.agentConfig) of a page URL. */
export async function initWxWorkConfig(url: string) {
  return wxWorkConfigSchema.parse((await apiPost<unknown>(`${P}/initWxWorkConfig`, { url })).data);
}

export async function getFiling(externalUserid: string, signal?: AbortSignal) {
  return getFilingSchema.parse(
    (await apiPost<unknown>(`${P}/getFiling`, { external_userid: externalUserid }, signal)).data,
  );
}
export const useFiling = (ext: string) =>
  useQuery({ queryKey: chatterKeys.filing(ext), queryFn: ({ signal }) => getFiling(ext, signal), enabled: ext !== '' });

export async function getIntegral(externalUserid: string, signal?: AbortSignal) {
  const body = externalUserid ? { external_userid: externalUserid } : {};
  return integralSchema.parse((await apiPost<unknown>(`${P}/getIntegral`, body, signal)).data);
}
export const useIntegral = (ext: string) =>
  useQuery({ queryKey: chatterKeys.integral(ext), queryFn: ({ signal }) => getIntegral(ext, signal) });

export const useCustomers = () =>
  usePagedList({
    queryKey: chatterKeys.customers,
    fetchPage: async (cursor, signal) =>
      userlistSchema.parse((await apiPost<unknown>(`${P}/userlist`, { cursor: cursor ?? '' }, signal)).data),
  });

export const useHistory = (id: number) =>
  usePagedList({
    queryKey: chatterKeys.history(id),
    fetchPage: async (cursor, signal) =>
      historySchema.parse((await apiPost<unknown>(`${P}/pointList`, { id, cursor: cursor ?? '' }, signal)).data),
  });

export const useWorkList = () =>
  useQuery({
    queryKey: chatterKeys.work,
    queryFn: ({ signal }) => apiRead('GET', '/common/wxwork/workList', {}, workListSchema, signal),
  });

/** A write answered with the file: the caller's lists and the contact's file are stale after it. */
function useFilingWrite<I>(call: (input: I) => Promise<{ msg: string; data: unknown }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: I) => {
      const { msg, data } = await call(input);
      return { msg, filing: filingSchema.parse(data) };
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatterKeys.all }),
  });
}

export const useAddFiling = () =>
  useFilingWrite((input: { external_userid: string; name: string; mobile: string; remark: string }) =>
    apiPost<unknown>(`${P}/addFiling`, input),
  );

export const useAuthFiling = () =>
  useFilingWrite((input: { id: number; real_name: string; id_number: string; file: Blob }) =>
    apiPost<unknown>(`${P}/authFiling`, input),
  );

export const useOpenPurse = () => useFilingWrite((id: number) => apiPost<unknown>(`${P}/openPurse`, { id }));

export async function sendPoint(input: { external_userid: string; amount: string; reason: string }, key: string) {
  const { msg, data } = await apiPost<unknown>(`${P}/sendPoint`, { ...input, idempotency_key: key });
  return { msg, sent: sendPointSchema.parse(data) };
}

export async function sendQrcode(externalUserid: string) {
  return qrcodeSchema.parse((await apiPost<unknown>(`${P}/sendQrcode`, { external_userid: externalUserid })).data);
}
