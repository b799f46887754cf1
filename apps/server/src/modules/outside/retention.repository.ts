import { and, asc, eq, inArray, ne, or } from 'drizzle-orm';
import { REFERRAL_STATUS } from '@crm/domain/api/outside';
import type { Db, Tx } from '../../db/client.ts';
import { outsideReferrals } from '../../db/schema/outside.ts';
import { sealerOf } from '../../pii/fields.ts';

/*
 * Partners' referrals' side of a data-subject request (decision 071): what is held about one person, and the
 * erasure of a referral that never became a case. Reached by modules/retention through index.ts.
 */

type Executor = Db | Tx;

/** Every referral of the company naming this phone or ID number. */
export async function referralsOfSubject(ex: Executor, corpId: number, who: { phone?: string; idNumber?: string }) {
  if (!who.phone && !who.idNumber) return [];
  const pii = await sealerOf(ex, corpId);
  const match = or(
    ...(who.phone ? [eq(outsideReferrals.phoneBidx, pii.index('phone', who.phone) ?? '')] : []),
    ...(who.idNumber ? [eq(outsideReferrals.idNumberBidx, pii.index('id_number', who.idNumber) ?? '')] : []),
  );
  return ex
    .select({
      id: outsideReferrals.id,
      name: outsideReferrals.name,
      phone: outsideReferrals.phone,
      idNumber: outsideReferrals.idNumber,
      amountFen: outsideReferrals.amountFen,
      remarks: outsideReferrals.remarks,
      status: outsideReferrals.status,
      caseId: outsideReferrals.caseId,
      createdAt: outsideReferrals.createdAt,
    })
    .from(outsideReferrals)
    .where(and(eq(outsideReferrals.corpId, corpId), match))
    .orderBy(asc(outsideReferrals.id));
}
export type SubjectReferral = Awaited<ReturnType<typeof referralsOfSubject>>[number];

/**
 * Blanks these referrals' personal fields and releases them (a protected referral without a phone would hold
 * nobody), in the caller's transaction; a converted one (status 2) is the case's and stays.
 */
export async function eraseReferrals(tx: Tx, corpId: number, ids: number[], erasedName: string, at: Date) {
  if (ids.length === 0) return 0;
  const done = await tx
    .update(outsideReferrals)
    .set({
      name: erasedName,
      phone: '',
      phoneBidx: null,
      phoneLast4Bidx: null,
      idNumber: '',
      idNumberBidx: null,
      remarks: '',
      status: REFERRAL_STATUS.RELEASED,
      releasedAt: at,
      updatedAt: at,
    })
    .where(
      and(
        eq(outsideReferrals.corpId, corpId),
        inArray(outsideReferrals.id, ids),
        ne(outsideReferrals.status, REFERRAL_STATUS.CONVERTED),
      ),
    )
    .returning({ id: outsideReferrals.id });
  return done.length;
}
