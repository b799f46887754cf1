import {
  outsideInviteSchema,
  outsideUserSchema,
  type OutsideLoginRequest,
  type OutsideRegisterRequest,
  type OutsideUser,
} from '@crm/domain/api/outside';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost, type FormFields } from '../../../lib/api-client.ts';
import { apiRead } from '../../../lib/api-query.ts';
import { clearOutsideUser, setOutsideUser } from '../../../lib/storage.ts';
import { forgetPartner, outsideKeys } from './keys.ts';

/** ys_outside_user (spec §3): who is logged in, for display only; the session is the cookie. */
export function rememberPartner(user: OutsideUser): void {
  setOutsideUser({ id: user.id, name: user.name, corp_id: user.corp_id, status: user.status });
}

/** GET outsideInvite: the company and masked inviter an invite code names (public). */
export const useInvite = (code: string) =>
  useQuery({
    queryKey: outsideKeys.invite(code),
    queryFn: ({ signal }) => apiRead('GET', '/api/crm/outsideInvite', { code }, outsideInviteSchema, signal),
    enabled: code !== '',
    retry: false,
  });

/** GET getOutsideUser: the partner's own account (401 without a partner session: the partner login). */
export const useMe = () =>
  useQuery({
    queryKey: outsideKeys.me,
    queryFn: async ({ signal }) => {
      const user = outsideUserSchema.parse((await apiGet<unknown>('/api/crm/getOutsideUser', undefined, signal)).data);
      rememberPartner(user);
      return user;
    },
  });

/** POST outsideLogin or outsideRegister: the partner's account, and the session cookie. */
export function useEnter(kind: 'login' | 'register') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (fields: OutsideLoginRequest | OutsideRegisterRequest) => {
      const path = kind === 'login' ? '/api/crm/outsideLogin' : '/api/crm/outsideRegister';
      const response = await apiPost<unknown>(path, fields as FormFields);
      return { user: outsideUserSchema.parse(response.data), msg: response.msg };
    },
    onSuccess: ({ user }) => {
      forgetPartner(queryClient);
      rememberPartner(user);
      queryClient.setQueryData(outsideKeys.me, user);
    },
  });
}

/** POST /api/crm/logout: ends the session. `forget` drops the stored partner and the cached partner queries. */
export function useLogout() {
  const queryClient = useQueryClient();
  const mutation = useMutation({ mutationFn: () => apiPost<unknown>('/api/crm/logout') });
  const forget = () => {
    clearOutsideUser();
    // Only queries no page shows: removing a shown one refetches it (and stores the partner again). The next
    // login forgets the rest (useEnter).
    queryClient.removeQueries({ queryKey: outsideKeys.all, type: 'inactive' });
  };
  return { ...mutation, forget };
}
