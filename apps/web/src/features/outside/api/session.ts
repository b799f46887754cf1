import type { OutsideUser } from '@crm/domain/api/outside';
import { logout } from '@crm/domain/endpoints/auth';
import * as E from '@crm/domain/endpoints/outside';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { clearOutsideUser, setOutsideUser } from '../../../lib/storage.ts';
import { send, sendAnswer, type SendInput } from '../../../lib/send.ts';
import { forgetPartner, outsideKeys } from './keys.ts';

/** ys_outside_user (spec §3): who is logged in, for display only; the session is the cookie. */
export function rememberPartner(user: OutsideUser): void {
  setOutsideUser({ id: user.id, name: user.name, corp_id: user.corp_id, status: user.status });
}

/** GET outsideInvite: the company and masked inviter an invite code names (public). */
export const useInvite = (code: string) =>
  useQuery({
    queryKey: outsideKeys.invite(code),
    queryFn: ({ signal }) => send(E.outsideInvite, { code }, { method: 'GET', signal }),
    enabled: code !== '',
    retry: false,
  });

/** GET getOutsideUser: the partner's own account (401 without a partner session: the partner login). */
export const useMe = () =>
  useQuery({
    queryKey: outsideKeys.me,
    queryFn: async ({ signal }) => {
      const user = await send(E.getOutsideUser, {}, { method: 'GET', signal });
      rememberPartner(user);
      return user;
    },
  });

type EnterInput = SendInput<typeof E.outsideLogin> | SendInput<typeof E.outsideRegister>;

/** POST outsideLogin or outsideRegister: the partner's account, and the session cookie. */
export function useEnter(kind: 'login' | 'register') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (fields: EnterInput) => {
      const response = await sendAnswer(kind === 'login' ? E.outsideLogin : E.outsideRegister, fields);
      return { user: response.data, msg: response.msg };
    },
    onSuccess: ({ user }) => {
      forgetPartner(queryClient);
      rememberPartner(user);
      queryClient.setQueryData(outsideKeys.me, user);
    },
  });
}

/** POST logout: ends the session. `forget` drops the stored partner and the cached partner queries. */
export function useLogout() {
  const queryClient = useQueryClient();
  const mutation = useMutation({ mutationFn: () => send(logout, {}) });
  const forget = () => {
    clearOutsideUser();
    // Only queries no page shows: removing a shown one refetches it (and stores the partner again). The next
    // login forgets the rest (useEnter).
    forgetPartner(queryClient, 'inactive');
  };
  return { ...mutation, forget };
}
