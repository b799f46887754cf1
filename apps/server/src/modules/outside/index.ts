import type { Tx } from '../../db/client.ts';
import {
  lockClientIdentity,
  markReferralConverted,
  protectedReferralOf,
  releaseExpiredOf,
} from './outside.repository.ts';
export { handOverPartners } from './handover.repository.ts';

/*
 * The public surface of modules/outside: the lookups the access policy asks about partners and referrals,
 * and what a staff member's new case must respect of partners' referrals (decision 049).
 */
export { findPartnerScope, findReferralScope, referralsOfCustomer } from './outside.repository.ts';
/** Expired referrals into the pool (decision 066): found, taken once, pointed at their pool case. */
export {
  expiredReferralsForPool,
  linkReferralPoolCase,
  lockClientIdentity,
  protectedReferralOf,
  takeReferralForPool,
} from './outside.repository.ts';
export { eraseReferrals, referralsOfSubject, type SubjectReferral } from './retention.repository.ts';

/**
 * Takes the client's identity lock in a case's transaction and answers the protected referral that holds
 * it (other than `exceptReferralId`), if any: a staff member's case for that person must be made from the
 * referral, not around it.
 */
export async function referralHoldingClient(
  tx: Tx,
  corpId: number,
  who: { phone: string; idNumber: string },
  at: Date,
  exceptReferralId: number | null,
) {
  await lockClientIdentity(tx, corpId, who);
  await releaseExpiredOf(tx, corpId, who, at);
  return protectedReferralOf(tx, corpId, who, exceptReferralId);
}

/** Marks the referral made into the case; false when its protection ended meanwhile. */
export const convertReferral = (
  tx: Tx,
  move: { corpId: number; id: number; caseId: number; staffId: number; at: Date },
): Promise<boolean> => markReferralConverted(tx, move);

/** Partners' names and the staff member whose network each is (the commission ledger, decision 067). */
export { partnersByIds, referralPartnerOfCase } from './outside.repository.ts';
