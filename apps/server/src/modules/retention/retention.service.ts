import { maskIdNumber, maskPhone, PHONE_PATTERN } from '@crm/domain/validation';
import { CASE_STATUS, CASE_STATUS_LABELS, CLOSED_STATUSES, isCaseStatus } from '@crm/domain/status';
import { HOUSE_STATUS_OPTIONS } from '@crm/domain/house';
import { REFERRAL_STATUS, REFERRAL_STATUS_LABELS } from '@crm/domain/api/outside';
import { RETENTION_DEFAULTS } from '@crm/domain/api/admin';
import type { SubjectExport, SubjectRecord, SubjectRecordKind } from '@crm/domain/api/retention';
import type { Clock } from '../../clock.ts';
import { NotFoundError } from '../../errors.ts';
import { requireActor, type Actor } from '../access/index.ts';
import { recordAudit, purgeAudit } from '../admin/index.ts';
import {
  casesOfSubject,
  eraseCases,
  eraseClosedCases,
  ERASED_NAME,
  purgeClientViews,
  type SubjectCase,
} from '../cases/index.ts';
import { eraseHouseClients, houseClientsOfSubject, type SubjectHouseClient } from '../house/index.ts';
import { eraseReferrals, referralsOfSubject, type SubjectReferral } from '../outside/index.ts';
import { purgeDuplicateChecks } from '../ownership/index.ts';
import { eraseOwnerFiles } from '../files/index.ts';
import { purgeFaqQuestions } from '../faq/index.ts';
import { purgeFinishedJobs } from '../reminders/index.ts';
import type { RetentionRepository, RetentionTx as Tx } from './retention.repository.ts';
import { RETENTION_TEXTS as T } from './retention.texts.ts';

/** Finished jobs are kept this long (decision 071): long enough to read a failure, short of a log. */
export const FINISHED_JOB_DAYS = 30;
/** Cases erased per transaction: a sweep of years of closed cases never holds a long lock. */
export const ERASE_BATCH = 500;
const DAY_MS = 86_400_000;

/** The same instant `months` calendar months earlier (UTC), the 31st falling back to the month's last day. */
export function monthsBefore(at: Date, months: number): Date {
  const back = new Date(at.getTime());
  const day = back.getUTCDate();
  back.setUTCDate(1);
  back.setUTCMonth(back.getUTCMonth() - months);
  const last = new Date(Date.UTC(back.getUTCFullYear(), back.getUTCMonth() + 1, 0)).getUTCDate();
  back.setUTCDate(Math.min(day, last));
  return back;
}

type Who = { phone?: string; idNumber?: string };
const whoOf = (text: string): Who => (PHONE_PATTERN.test(text) ? { phone: text } : { idNumber: text });
const maskedWho = (text: string) => (PHONE_PATTERN.test(text) ? maskPhone(text) : maskIdNumber(text));
/** A row with its dates as ISO text, as the export file carries them. */
const plain = (row: object): Record<string, unknown> => JSON.parse(JSON.stringify(row)) as Record<string, unknown>;

/** What one person's data is held in, each with the duty that keeps it ('' when none does). */
interface Held {
  cases: Array<SubjectCase & { keep: string }>;
  houseClients: Array<SubjectHouseClient & { keep: string }>;
  referrals: Array<SubjectReferral & { keep: string }>;
}

export function createRetentionService({
  repo,
  now,
  batch = ERASE_BATCH,
  removeErasedFiles = () => Promise.resolve(0),
}: {
  repo: RetentionRepository;
  now: Clock;
  batch?: number;
  /**
   * Removes the stored images of erased records once their erasure committed (the files sweep, which also
   * runs hourly, so nothing is lost when this fails).
   */
  removeErasedFiles?: () => Promise<number>;
}) {
  const { db } = repo;

  /** Why a case is kept: open, or disbursed (a contract, with commissions, for the company's period). */
  const caseKeep = (status: number, years: number) =>
    !CLOSED_STATUSES.some((s) => s === status)
      ? T.keep.open
      : status === CASE_STATUS.DISBURSED
        ? T.keep.disbursed(years)
        : '';

  async function held(ex: typeof db | Tx, corpId: number, text: string): Promise<Held> {
    const who = whoOf(text);
    // One after another: a transaction is one connection.
    const years =
      (await repo.company(corpId, ex))?.closedCaseRetentionYears ?? RETENTION_DEFAULTS.closedCaseRetentionYears;
    const cases = await casesOfSubject(ex, corpId, who);
    const houseClients = await houseClientsOfSubject(ex, corpId, who);
    const referrals = await referralsOfSubject(ex, corpId, who);
    return {
      cases: cases.map((c) => ({ ...c, keep: caseKeep(c.status, years) })),
      houseClients: houseClients
        .filter((h) => h.name !== ERASED_NAME)
        .map((h) => ({ ...h, keep: h.signedAt || h.hasOrders ? T.keep.houseBooked : '' })),
      referrals: referrals
        .filter((r) => r.name !== ERASED_NAME)
        .map((r) => ({ ...r, keep: r.status === REFERRAL_STATUS.CONVERTED ? T.keep.converted : '' })),
    };
  }
  const count = (h: Held) => h.cases.length + h.houseClients.length + h.referrals.length;
  const refs = (h: Held, kind: 'kept' | 'erased') => {
    const pick = (keep: string) => (kind === 'kept' ? keep !== '' : keep === '');
    return [
      ...h.cases.filter((c) => pick(c.keep)).map((c) => `case:${c.id}`),
      ...h.houseClients.filter((c) => pick(c.keep)).map((c) => `house_client:${c.id}`),
      ...h.referrals.filter((c) => pick(c.keep)).map((c) => `referral:${c.id}`),
    ];
  };
  const audit = (tx: Tx, me: Actor, action: string, after: Record<string, unknown>) =>
    recordAudit(tx, { corpId: me.corpId, actorId: me.id, action, entity: 'subject', after, at: now() });

  return {
    /**
     * The sweep (app.ts, hourly, on the injected clock): per company, the logs older than its log period, and
     * the personal data of cases closed longer than its case period, in batches of one transaction each; then
     * every company's jobs finished more than 30 days ago. Answers what went.
     */
    async sweep() {
      const at = now();
      const gone = { views: 0, audit: 0, duplicateChecks: 0, faqQuestions: 0, cases: 0, images: 0, jobs: 0 };
      for (const company of await repo.companies()) {
        const logsBefore = monthsBefore(at, company.logRetentionMonths);
        gone.views += await purgeClientViews(db, company.id, logsBefore);
        gone.audit += await purgeAudit(db, company.id, logsBefore);
        gone.duplicateChecks += await purgeDuplicateChecks(db, company.id, logsBefore);
        // The copilot's log, unanswered questions included (issue 46).
        gone.faqQuestions += await purgeFaqQuestions(db, company.id, logsBefore);
        const closedBefore = monthsBefore(at, company.closedCaseRetentionYears * 12);
        for (;;) {
          const erased = await repo.transaction(async (tx) => {
            const ids = await eraseClosedCases(tx, company.id, closedBefore, at, batch);
            gone.images += await eraseOwnerFiles(tx, company.id, { kind: 'case', ids }, at);
            return ids.length;
          });
          gone.cases += erased;
          if (erased < batch) break;
        }
      }
      gone.jobs = await purgeFinishedJobs(db, new Date(at.getTime() - FINISHED_JOB_DAYS * DAY_MS));
      if (gone.images > 0) await removeErasedFiles();
      return gone;
    },

    /** The records naming one person, numbers masked, each with the duty that keeps it. Logged. */
    async find(me: Actor, text: string): Promise<{ records: SubjectRecord[] }> {
      requireActor(me, 'admin.company');
      return repo.transaction(async (tx) => {
        const h = await held(tx, me.corpId, text);
        await audit(tx, me, 'subject.find', { who: maskedWho(text), found: count(h) });
        const record = (
          kind: SubjectRecordKind,
          row: { id: number; name: string; phone: string; createdAt: Date; keep: string },
          status: string,
        ): SubjectRecord => ({
          kind,
          id: row.id,
          name: row.name,
          phone: maskPhone(row.phone),
          status,
          created_at: row.createdAt.toISOString(),
          keep_reason: row.keep,
        });
        return {
          records: [
            ...h.cases.map((c) =>
              record('case', c, isCaseStatus(c.status) ? CASE_STATUS_LABELS[c.status] : String(c.status)),
            ),
            ...h.houseClients.map((c) =>
              record('house_client', c, HOUSE_STATUS_OPTIONS.find((o) => o.value === c.status)?.label ?? ''),
            ),
            ...h.referrals.map((c) => record('referral', c, REFERRAL_STATUS_LABELS[c.status] ?? '')),
          ],
        };
      });
    },

    /** Everything held about one person, in full, as the file handed to them. Logged (masked) in the audit log. */
    async export(me: Actor, text: string): Promise<SubjectExport> {
      requireActor(me, 'admin.company');
      return repo.transaction(async (tx) => {
        const h = await held(tx, me.corpId, text);
        if (count(h) === 0) throw new NotFoundError(T.notFound);
        const at = now();
        await audit(tx, me, 'subject.export', {
          who: maskedWho(text),
          records: [...refs(h, 'kept'), ...refs(h, 'erased')],
        });
        const strip = <R extends { keep: string }>({ keep, ...row }: R) => ({ ...plain(row), keep_reason: keep });
        return {
          file_name: `personal-data-${maskedWho(text).replaceAll('*', 'x')}-${at.toISOString().slice(0, 10)}.json`,
          exported_at: at.toISOString(),
          who: text,
          records: [
            ...h.cases.map((c) => ({ kind: 'case' as const, id: c.id, fields: strip(c) })),
            ...h.houseClients.map((c) => ({ kind: 'house_client' as const, id: c.id, fields: strip(c) })),
            ...h.referrals.map((c) => ({ kind: 'referral' as const, id: c.id, fields: strip(c) })),
          ],
        };
      });
    },

    /**
     * Erases the person's data that no duty keeps (closed cases never disbursed, home-loan clients never signed
     * nor brokered, referrals never converted), in one transaction with its audit line; answers how many records
     * were erased and how many are kept, and why each is kept is on the lookup.
     */
    async erase(me: Actor, text: string) {
      requireActor(me, 'admin.company');
      const answer = await repo.transaction(async (tx) => {
        const h = await held(tx, me.corpId, text);
        if (count(h) === 0) throw new NotFoundError(T.notFound);
        const at = now();
        const ids = <R extends { id: number; keep: string }>(rows: R[]) =>
          rows.filter((r) => r.keep === '').map((r) => r.id);
        const cases = await eraseCases(tx, me.corpId, ids(h.cases), at);
        const houseClients = ids(h.houseClients);
        const erased =
          cases.length +
          (await eraseHouseClients(tx, me.corpId, houseClients, ERASED_NAME)) +
          (await eraseReferrals(tx, me.corpId, ids(h.referrals), ERASED_NAME, at));
        // Their images (ID cards, statements, proofs, house documents) go with them.
        await eraseOwnerFiles(tx, me.corpId, { kind: 'case', ids: cases }, at);
        await eraseOwnerFiles(tx, me.corpId, { kind: 'house_client', ids: houseClients }, at);
        const kept = count(h) - erased;
        await audit(tx, me, 'subject.erase', {
          who: maskedWho(text),
          erased: refs(h, 'erased'),
          kept: refs(h, 'kept'),
        });
        return { data: { erased, kept }, msg: T.erased(erased, kept) };
      });
      await removeErasedFiles();
      return answer;
    },
  };
}

export type RetentionService = ReturnType<typeof createRetentionService>;
