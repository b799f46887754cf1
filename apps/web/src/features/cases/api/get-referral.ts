import { referralDetailSchema, type ReferralDetail } from '@crm/domain/api/outside';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiPost } from '../../../lib/api-client.ts';
import { apiRead } from '../../../lib/api-query.ts';
import { casesKeys } from './keys.ts';

const revealSchema = z.object({ value: z.string() });

/** POST revealReferral: one of a referral's numbers in full, for the case form; the server logs the view. */
async function revealReferral(id: number, field: 'phone' | 'id_number'): Promise<string> {
  const { data } = await apiPost<unknown>('/api/crm/revealReferral', { id: String(id), field });
  return revealSchema.parse(data).value;
}

/**
 * POST ysbOutsideClient: a partner's referral, which /business/add?referral= turns into a case. The detail
 * masks the phone and ID number (decision 065); the form needs them whole, so it reveals both (logged).
 */
async function referralForCase(id: number, signal: AbortSignal): Promise<ReferralDetail> {
  const referral = await apiRead('POST', '/api/crm/ysbOutsideClient', { id }, referralDetailSchema, signal);
  if (!referral.can_convert) return referral;
  const [phone, idNumber] = await Promise.all([revealReferral(id, 'phone'), revealReferral(id, 'id_number')]);
  return { ...referral, phone, id_number: idNumber };
}

export const useReferral = (id: number | null) =>
  useQuery({
    queryKey: casesKeys.referral(id ?? 0),
    queryFn: ({ signal }) => referralForCase(id ?? 0, signal),
    enabled: id !== null,
  });
