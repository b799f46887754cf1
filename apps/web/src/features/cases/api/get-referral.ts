import { referralDetailSchema } from '@crm/domain/api/outside';
import { useQuery } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';
import { casesKeys } from './keys.ts';

/** POST ysbOutsideClient: a partner's referral, which /business/add?referral= turns into a case. */
export const useReferral = (id: number | null) =>
  useQuery({
    queryKey: casesKeys.referral(id ?? 0),
    queryFn: async ({ signal }) =>
      referralDetailSchema.parse((await apiPost<unknown>('/api/crm/ysbOutsideClient', { id }, signal)).data),
    enabled: id !== null,
  });
