import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { staff } from '../../db/schema/staff.ts';
import { findAppealScope, findCaseScope } from '../cases/index.ts';
import { findHouseAudit, findHouseChannel, findHouseClient, findHouseRecommend } from '../house/index.ts';
import { findLiveProof, findMoneyRecord } from '../money/index.ts';
import { findAttemptScope, findPaperScope } from '../exam/index.ts';
import { findFairScope } from '../fair/index.ts';
import { findPartnerScope, findReferralScope } from '../outside/index.ts';
import { findSignTask } from '../sign/index.ts';
import { findClawback } from '../ledger/index.ts';

/**
 * The one access repository: every record a permission is asked about, looked up by company first
 * through its owner's exported function (so the access module owns no table and reads none directly).
 * A record of another company, or gone, answers undefined: the caller's 404.
 */
export function createAccessRepository(db: Db) {
  const caseOf = (ex: Db | Tx, corpId: number, id: number) => findCaseScope(ex, corpId, id);
  return {
    case: (corpId: number, id: number, ex: Db | Tx = db) => caseOf(ex, corpId, id),
    appeal: (corpId: number, id: number, ex: Db | Tx = db) => findAppealScope(ex, corpId, id),
    async moneyRecord(corpId: number, id: number, ex: Db | Tx = db) {
      const record = await findMoneyRecord(ex, corpId, id);
      const c = record && (await caseOf(ex, corpId, record.clientId));
      return record && c ? { record, case: c } : undefined;
    },
    async proof(corpId: number, id: number, ex: Db | Tx = db) {
      const proof = await findLiveProof(ex, corpId, id);
      const c = proof && (await caseOf(ex, corpId, proof.clientId));
      return proof && c ? { proof, case: c } : undefined;
    },
    houseClient: (corpId: number, id: number, ex: Db | Tx = db) => findHouseClient(ex, corpId, id),
    houseChannel: (corpId: number, id: number, ex: Db | Tx = db) => findHouseChannel(ex, corpId, id),
    houseRecommend: (corpId: number, id: number, ex: Db | Tx = db) => findHouseRecommend(ex, corpId, id),
    houseAudit: (corpId: number, id: number, ex: Db | Tx = db) => findHouseAudit(ex, corpId, id),
    clawback: (corpId: number, id: number, ex: Db | Tx = db) => findClawback(ex, corpId, id),
    signTask: (corpId: number, id: number, ex: Db | Tx = db) => findSignTask(ex, corpId, id),
    partner: (corpId: number, id: number, ex: Db | Tx = db) => findPartnerScope(ex, corpId, id),
    referral: (corpId: number, id: number, ex: Db | Tx = db) => findReferralScope(ex, corpId, id),
    examPaper: (corpId: number, id: number, ex: Db | Tx = db) => findPaperScope(ex, corpId, id),
    examAttempt: (corpId: number, id: number, ex: Db | Tx = db) => findAttemptScope(ex, corpId, id),
    fair: (corpId: number, id: number, ex: Db | Tx = db) => findFairScope(ex, corpId, id),

    /** A staff member of the company (the shared org kernel: a signing leader opens a signer's list). */
    async staffMember(corpId: number, id: number) {
      const [row] = await db
        .select({ id: staff.id, teamId: staff.teamId, jobs: staff.jobs })
        .from(staff)
        .where(and(eq(staff.corpId, corpId), eq(staff.id, id), eq(staff.isActive, true)))
        .limit(1);
      return row;
    },
  };
}

export type AccessRepository = ReturnType<typeof createAccessRepository>;
/** What the lookup of each kind of record answers (at least the policy's facts). */
export type Found = {
  [R in Exclude<keyof AccessRepository, 'staffMember'>]: NonNullable<Awaited<ReturnType<AccessRepository[R]>>>;
};
