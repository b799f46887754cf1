import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { CLOSED_STATUSES } from '@crm/domain/status';
import type { Db, Tx } from '../../db/client.ts';
import { caseConsents, caseEvents, clientViews, clients, followUps } from '../../db/schema/cases.ts';
import { sealerOf } from '../../pii/fields.ts';

/*
 * Cases' side of retention (decision 071): the view log's purge, the erasure of a closed case's personal data
 * once the company's period ran out, and what a data-subject request reads and erases. Reached by
 * modules/retention through index.ts.
 */

type Executor = Db | Tx;

/** What an erased case shows in place of its client's name. */
export const ERASED_NAME = '（已删除）';

/**
 * The client's personal fields blanked; amounts, term, dates, status, owner, team, product, bank, channel,
 * source, city, purpose, sex, region, fees and the rejection's reason code stay for the statistics.
 */
const erasedFields = (at: Date) => ({
  name: ERASED_NAME,
  phone: '',
  phoneBidx: null,
  phoneLast4Bidx: null,
  idNumber: '',
  idNumberBidx: null,
  bankCard: '',
  birthDate: null,
  incomeFen: null,
  marital: null,
  education: null,
  occupation: null,
  employerType: null,
  remarks: '',
  rejectNote: '',
  personalErasedAt: at,
});

/** Blanks the free texts written about the cases (follow-up notes, the timeline's reasons): they name the client; and the consent's traces of the client's device. */
async function eraseTexts(tx: Tx, corpId: number, ids: number[]) {
  if (ids.length === 0) return;
  await tx
    .update(followUps)
    .set({ note: '' })
    .where(and(eq(followUps.corpId, corpId), inArray(followUps.clientId, ids)));
  await tx
    .update(caseEvents)
    .set({ reason: '' })
    .where(and(eq(caseEvents.corpId, corpId), inArray(caseEvents.clientId, ids)));
  // The consent record keeps what it proves (text version, method, dates, who recorded it); where the
  // client confirmed from and the free-text withdrawal reason go, and a link still waiting stops working.
  await tx
    .update(caseConsents)
    .set({
      ip: null,
      userAgent: null,
      withdrawReason: sql`case when ${caseConsents.withdrawReason} is null then null else '' end`,
    })
    .where(and(eq(caseConsents.corpId, corpId), inArray(caseConsents.clientId, ids)));
  await tx
    .update(caseConsents)
    .set({ status: 'cancelled', linkTokenHash: null, linkExpiresAt: null })
    .where(
      and(eq(caseConsents.corpId, corpId), inArray(caseConsents.clientId, ids), eq(caseConsents.status, 'requested')),
    );
}

/**
 * One batch of the closed-case sweep: up to `limit` cases of the company closed (rejected, disbursed, returned)
 * and unchanged since `closedBefore`, whose personal data is still there, erased in the caller's transaction.
 * Answers the ids erased; the sweep calls again while a batch comes back full.
 */
export async function eraseClosedCases(tx: Tx, corpId: number, closedBefore: Date, at: Date, limit: number) {
  const due = await tx
    .select({ id: clients.id })
    .from(clients)
    .where(
      and(
        eq(clients.corpId, corpId),
        inArray(clients.status, [...CLOSED_STATUSES]),
        isNull(clients.personalErasedAt),
        lt(clients.updatedAt, closedBefore),
      ),
    )
    .orderBy(asc(clients.updatedAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  const ids = due.map((row) => row.id);
  if (ids.length === 0) return [];
  // updated_at is left alone: the case's own last move stays its date.
  await tx
    .update(clients)
    .set(erasedFields(at))
    .where(and(eq(clients.corpId, corpId), inArray(clients.id, ids)));
  await eraseTexts(tx, corpId, ids);
  return ids;
}

/** Deletes the company's view-log rows older than `before` (decision 058's 查看日志). Answers how many went. */
export async function purgeClientViews(ex: Executor, corpId: number, before: Date) {
  const gone = await ex
    .delete(clientViews)
    .where(and(eq(clientViews.corpId, corpId), lt(clientViews.viewedAt, before)))
    .returning({ id: clientViews.id });
  return gone.length;
}

/** Every case of the company naming this phone or ID number (deleted ones too: they still hold the data). */
export async function casesOfSubject(ex: Executor, corpId: number, who: { phone?: string; idNumber?: string }) {
  const pii = await sealerOf(ex, corpId);
  const match = or(
    ...(who.phone ? [eq(clients.phoneBidx, pii.index('phone', who.phone) ?? '')] : []),
    ...(who.idNumber ? [eq(clients.idNumberBidx, pii.index('id_number', who.idNumber) ?? '')] : []),
  );
  if (!match) return [];
  const rows = await ex
    .select()
    .from(clients)
    .where(and(eq(clients.corpId, corpId), match, isNull(clients.personalErasedAt)))
    .orderBy(asc(clients.id));
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const notes = await ex
    .select({ clientId: followUps.clientId, note: followUps.note, createdAt: followUps.createdAt })
    .from(followUps)
    .where(and(eq(followUps.corpId, corpId), inArray(followUps.clientId, ids)))
    .orderBy(asc(followUps.id));
  const views = await ex
    .select({ clientId: clientViews.clientId, count: sql<number>`count(*)::int` })
    .from(clientViews)
    .where(and(eq(clientViews.corpId, corpId), inArray(clientViews.clientId, ids)))
    .groupBy(clientViews.clientId);
  return rows.map((row) => ({
    ...row,
    followUps: notes.filter((n) => n.clientId === row.id).map(({ note, createdAt }) => ({ note, createdAt })),
    views: views.find((v) => v.clientId === row.id)?.count ?? 0,
  }));
}
export type SubjectCase = Awaited<ReturnType<typeof casesOfSubject>>[number];

/** Erases the personal data of these cases of the company, in the caller's transaction. */
export async function eraseCases(tx: Tx, corpId: number, ids: number[], at: Date): Promise<number[]> {
  if (ids.length === 0) return [];
  const done = await tx
    .update(clients)
    .set(erasedFields(at))
    .where(and(eq(clients.corpId, corpId), inArray(clients.id, ids), isNull(clients.personalErasedAt)))
    .returning({ id: clients.id });
  const erased = done.map((row) => row.id);
  await eraseTexts(tx, corpId, erased);
  return erased;
}
