import { referralDetailSchema } from '@crm/domain/api/outside';
import { useQuery } from '@tanstack/react-query';
import { apiRead } from '../../../lib/api-query.ts';
import { casesKeys } from './keys.ts';

/** POST ysbOutsideClient: a partner's referral, which /business/add?referral= turns into a case. */
export const useReferral = (id: number | null) =>
  useQuery({
    queryKey: casesKeys.referral(id ?? 0),
    queryFn: ({ signal }) => apiRead('POST', '/api/crm/ysbOutsideClient', { id }, referralDetailSchema, signal),
    enabled: id !== null,
  });
