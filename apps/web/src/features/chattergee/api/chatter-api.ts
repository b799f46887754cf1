import * as E from '@crm/domain/endpoints/chatter';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { endpointKey } from '../../../lib/endpoint-key.ts';
import { readQuery, useEndpointList } from '../../../lib/read-query.ts';
import { send, sendAnswer, type SendInput } from '../../../lib/send.ts';

/** Query keys of the sidebar tool, each its endpoint's (endpointKey). */
export const chatterKeys = {
  filing: (ext: string) => endpointKey(E.getFiling, { external_userid: ext }),
  integral: (ext: string) => endpointKey(E.getIntegral, { external_userid: ext }),
  customers: endpointKey(E.userlist),
  history: (id: number) => endpointKey(E.pointList, { id }),
  work: endpointKey(E.workList),
};

/** A file or a wallet written: the files, balances, customer lists and point histories are stale. */
export const invalidateChatter = (queryClient: QueryClient) =>
  Promise.all(
    [E.getFiling, E.getIntegral, E.userlist, E.pointList].map((endpoint) =>
      queryClient.invalidateQueries({ queryKey: endpointKey(endpoint) }),
    ),
  );

/** POST initWxWorkConfig: both signatures (wx.config, wx.agentConfig) of a page URL. */
export const initWxWorkConfig = (url: string) => send(E.initWxWorkConfig, { url });

export const getFiling = (externalUserid: string, signal?: AbortSignal) =>
  send(E.getFiling, { external_userid: externalUserid }, { signal });
export const useFiling = (ext: string) =>
  useQuery({ queryKey: chatterKeys.filing(ext), queryFn: ({ signal }) => getFiling(ext, signal), enabled: ext !== '' });

export const getIntegral = (externalUserid: string, signal?: AbortSignal) =>
  send(E.getIntegral, externalUserid ? { external_userid: externalUserid } : {}, { signal });
export const useIntegral = (ext: string) =>
  useQuery({ queryKey: chatterKeys.integral(ext), queryFn: ({ signal }) => getIntegral(ext, signal) });

export const useCustomers = () => useEndpointList(chatterKeys.customers, E.userlist);

export const useHistory = (id: number) => useEndpointList(chatterKeys.history(id), E.pointList, { id });

export const useWorkList = readQuery(chatterKeys.work, E.workList, { method: 'GET' });

/** A write answered with the file: the caller's lists and the contact's file are stale after it. */
function useFilingWrite<I>(call: (input: I) => ReturnType<typeof sendAnswer<typeof E.addFiling>>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: I) => {
      const { msg, data } = await call(input);
      return { msg, filing: data };
    },
    onSuccess: () => invalidateChatter(queryClient),
  });
}

export const useAddFiling = () =>
  useFilingWrite((input: SendInput<typeof E.addFiling>) => sendAnswer(E.addFiling, input));

export const useAuthFiling = () =>
  useFilingWrite((input: { id: number; real_name: string; id_number: string; file: Blob }) =>
    sendAnswer(E.authFiling, input),
  );

export const useOpenPurse = () => useFilingWrite((id: number) => sendAnswer(E.openPurse, { id }));

export async function sendPoint(input: { external_userid: string; amount: string; reason: string }, key: string) {
  const { msg, data } = await sendAnswer(E.sendPoint, { ...input, idempotency_key: key });
  return { msg, sent: data };
}

export const sendQrcode = (externalUserid: string) => send(E.sendQrcode, { external_userid: externalUserid });
