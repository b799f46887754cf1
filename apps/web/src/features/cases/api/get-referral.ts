import type { ReferralDetail } from '@crm/domain/api/outside';
import { revealReferral as revealReferralEndpoint, ysbOutsideClient } from '@crm/domain/endpoints/outside';
import { useQuery } from '@tanstack/react-query';
import { send } from '../../../lib/send.ts';
import { casesKeys } from './keys.ts';

/** One of a referral's numbers in full, for the case form; the server logs the view. */
async function revealReferral(id: number, field: 'phone' | 'id_number'): Promise<string> {
  return (await send(revealReferralEndpoint, { id, field })).value;
}

/**
 * A partner's referral, which /business/add?referral= turns into a case. The detail masks the phone and ID
 * number (decision 065); the form needs them whole, so it reveals both (logged).
 */
async function referralForCase(id: number, signal: AbortSignal): Promise<ReferralDetail> {
  const referral = await send(ysbOutsideClient, { id }, { signal });
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

/**
 * The referral as matching reads it (匹配产品 from /business/houseYsb/:id, decision 068): the detail as it
 * stands, numbers not revealed — an ID number shown whole to who may convert it gives the age; a masked one none.
 */
export const useReferralProfile = (id: number | null) =>
  useQuery({
    queryKey: casesKeys.referralProfile(id ?? 0),
    queryFn: ({ signal }) => send(ysbOutsideClient, { id: id ?? 0 }, { signal }),
    enabled: id !== null,
  });
