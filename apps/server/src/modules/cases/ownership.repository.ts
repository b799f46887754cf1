import { and, desc, eq, inArray, isNotNull, isNull, ne, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { POOL_STATUSES } from '@crm/domain/ownership';
import type { Db, Tx } from '../../db/client.ts';
import { keyset, type KeysetPage } from '../../db/keyset.ts';
import { CLIENTS_PII, sealerOf, sealValues } from '../../pii/fields.ts';
import type { Sealer } from '../../pii/keyring.ts';
import {
  appeals,
  caseConsents,
  caseEvents,
  clients,
  clientViews,
  followUps,
  serviceRequests,
} from '../../db/schema/cases.ts';

type ConsentStatus = (typeof caseConsents.$inferSelect)['status'];
import { companies, staff, teams } from '../../db/schema/staff.ts';

/*
 * Cases' side of customer ownership (decision 066): the pool is a state of the case (`pooled_at`), so the
 * moves in and out of it, and the reassignment of owners, are written here, by the module that owns the
 * table, and reached by modules/ownership through index.ts. Every move is conditional on the state it
 * leaves (a claim only of a pooled case, a release only of an owned one) so two at once move it once.
 */

type Executor = Db | Tx;
const live = isNull(clients.deletedAt);
const workable = sql.raw(`(${POOL_STATUSES.join(',')})`);

/*
 * When the owner last worked the case, `touched_at` (decision 078): since they took it, or their latest
 * follow-up, whichever is later, kept by the database's triggers. The clauses below compare the bare column
 * with a bound made of the company's days, so the two partial indexes on it serve them.
 */
/** `c.touched_at` is `days` (an SQL expression over `co`) or more before `at`. */
const touchedBy = (at: Date, days: string) =>
  sql.raw(`c.touched_at <= '${at.toISOString()}'::timestamptz - (${days}) * interval '1 day'`);

export interface PooledCase {
  id: number;
  corpId: number;
  ownerId: number;
  teamId: number | null;
  name: string;
  status: number;
}

const iso = (at: Date) => at.toISOString();
const rowsOf = <T>(result: { rows: unknown[] }) => result.rows as T[];

/**
 * The sweep: every workable, owned case whose owner has not touched it for the company's pool days goes to
 * the pool, its open follow-ups closed and a `pooled` event written, all in one statement (the reason is
 * `before` + the days + `after`). Answers the moved.
 */
export async function sweepToPool(
  ex: Executor,
  at: Date,
  [before, after]: readonly [string, string],
): Promise<PooledCase[]> {
  const result = await ex.execute(sql`
    with moved as (
      update clients c set pooled_at = ${iso(at)}, pool_reason = ${before} || co.pool_days::text || ${after},
        updated_at = ${iso(at)}
      from companies co
      where co.id = c.corp_id and c.pooled_at is null and c.merged_into is null and c.deleted_at is null and c.status in ${workable}
        and ${touchedBy(at, 'co.pool_days')}
      returning c.id, c.corp_id, c.owner_id, c.team_id, c.name, c.status, c.pool_reason
    ), events as (
      insert into case_events (corp_id, client_id, staff_id, kind, from_status, to_status, reason, created_at)
      select corp_id, id, owner_id, 'pooled', status, status, pool_reason, ${iso(at)} from moved
    ), closed as (
      update follow_ups f set done_at = ${iso(at)} from moved m
      where f.corp_id = m.corp_id and f.client_id = m.id and f.done_at is null
    )
    select id, corp_id as "corpId", owner_id as "ownerId", team_id as "teamId", name, status from moved`);
  return rowsOf<PooledCase>(result);
}

/** Owned workable cases due in the pool within the company's warning days: their owners are told once. */
export async function casesNearPool(ex: Executor, at: Date, limit = 500) {
  const result = await ex.execute(sql`
    select c.id, c.corp_id as "corpId", c.owner_id as "ownerId", c.team_id as "teamId", c.name,
      c.touched_at + co.pool_days * interval '1 day' as "dueAt"
    from clients c join companies co on co.id = c.corp_id
    where c.pooled_at is null and c.merged_into is null and c.deleted_at is null and c.status in ${workable}
      and co.pool_warn_days > 0
      and ${touchedBy(at, 'co.pool_days - co.pool_warn_days')}
      and not ${touchedBy(at, 'co.pool_days')}
    order by c.id limit ${limit}`);
  return rowsOf<{ id: number; corpId: number; ownerId: number; teamId: number | null; name: string; dueAt: string }>(
    result,
  ).map((row) => ({ ...row, dueAt: new Date(row.dueAt) }));
}

/**
 * When a case was last planned (decision 066, nudges): the later of when its owner took it and, over its
 * follow-ups, when each was written and when its plan ended (its next contact date, or when it was closed if
 * that came first). Stable while nothing is planned: every date in it has passed, so it names the episode.
 */
const unplannedSinceOf = (c: string) =>
  sql.raw(
    `greatest(coalesce(${c}.owned_since, ${c}.created_at), coalesce((select max(greatest(f.created_at, least(f.next_contact_at, coalesce(f.done_at, f.next_contact_at)))) from follow_ups f where f.corp_id = ${c}.corp_id and f.client_id = ${c}.id), ${c}.created_at))`,
  );

export interface UnplannedCase {
  id: number;
  corpId: number;
  ownerId: number;
  teamId: number | null;
  name: string;
  /** Since when nothing has been planned: the episode. */
  since: Date;
  /** Unplanned for twice the company's nudge days: the leader is told too. */
  toLeader: boolean;
}

/**
 * Owned workable cases with no follow-up planned (no open follow-up whose next contact date is still ahead)
 * for the company's `nudge_days` (0: the company nudges nobody).
 */
export async function casesToNudge(ex: Executor, at: Date): Promise<UnplannedCase[]> {
  const result = await ex.execute(sql`
    select id, "corpId", "ownerId", "teamId", name, since,
      since + 2 * nudge_days * interval '1 day' <= ${iso(at)} as "toLeader"
    from (
      select c.id, c.corp_id as "corpId", c.owner_id as "ownerId", c.team_id as "teamId", c.name, co.nudge_days,
        ${unplannedSinceOf('c')} as since
      from clients c join companies co on co.id = c.corp_id
      where c.pooled_at is null and c.merged_into is null and c.deleted_at is null and c.status in ${workable}
        and co.nudge_days > 0
        and not exists (select 1 from follow_ups f where f.corp_id = c.corp_id and f.client_id = c.id
          and f.done_at is null and f.next_contact_at > ${iso(at)})
    ) u
    where since + nudge_days * interval '1 day' <= ${iso(at)}
    order by id`);
  return rowsOf<Omit<UnplannedCase, 'since'> & { since: string | Date }>(result).map((row) => ({
    ...row,
    since: new Date(row.since),
  }));
}

/**
 * A person's own cases within the company's warning days of the pool (the home page's 待办, decision 066), as
 * a JSON array `[{id, name, due_at}]`, soonest first, at most 20: a subquery of the home statement (060). The
 * owner sees their own customer's name in full.
 */
export const ownCasesNearPoolJson = (corpId: SQLWrapper, ownerId: SQLWrapper, at: SQLWrapper) => sql<
  { id: number; name: string; due_at: string }[]
>`(select coalesce(json_agg(json_build_object('id', n.id, 'name', n.name, 'due_at', n.due_at) order by n.due_at, n.id), '[]'::json)
    from (select c.id, c.name, c.touched_at + co.pool_days * interval '1 day' as due_at
      from companies co join clients c on c.corp_id = co.id
      where co.id = ${corpId} and co.pool_warn_days > 0 and c.owner_id = ${ownerId} and c.pooled_at is null
        and c.merged_into is null and c.deleted_at is null and c.status in ${workable}
        and c.touched_at > ${at}::timestamptz - co.pool_days * interval '1 day'
        and c.touched_at <= ${at}::timestamptz - (co.pool_days - co.pool_warn_days) * interval '1 day'
      order by c.touched_at, c.id limit 20) n)`;

/** One keyset page of the company's pool, newest first, with the last owner's name; a phone tail narrows it. */
export async function listPool(ex: Executor, corpId: number, page: KeysetPage & { phoneTail?: string | undefined }) {
  const lastOwner = alias(staff, 'last_owner');
  const tail = page.phoneTail ? phoneTailWhere(await sealerOf(ex, corpId), page.phoneTail) : undefined;
  return keyset(page, clients.id, (limit, before) =>
    ex
      .select({
        id: clients.id,
        name: clients.name,
        phone: clients.phone,
        status: clients.status,
        amountFen: clients.amountFen,
        pooledAt: clients.pooledAt,
        poolReason: clients.poolReason,
        lastOwner: lastOwner.name,
        // Made of a partner's referral that expired unconverted (decision 066).
        fromReferral: sql<boolean>`exists (select 1 from outside_referrals r where r.corp_id = ${clients.corpId} and r.case_id = ${clients.id} and r.status = 3)`,
      })
      .from(clients)
      .innerJoin(lastOwner, eq(lastOwner.id, clients.ownerId))
      .where(and(eq(clients.corpId, corpId), live, isNotNull(clients.pooledAt), tail, before))
      .orderBy(desc(clients.id))
      .limit(limit),
  );
}

/**
 * A phone found through its blind indexes (decision 074): all 11 digits, or the last four. A tail of another
 * length has no index: the pool's search asks for one of the two.
 */
function phoneTailWhere(pii: Sealer, tail: string): SQL {
  if (tail.length === 11) return eq(clients.phoneBidx, pii.index('phone', tail) ?? '');
  if (tail.length === 4) return eq(clients.phoneLast4Bidx, pii.last4(tail) ?? '');
  return sql`false`;
}

/**
 * A case made of a partner's referral that expired unconverted (decision 066), straight into the pool: the
 * network's staff member its last holder, a `created` and a `pooled` event. Answers its id.
 */
export async function insertPooledCase(
  tx: Tx,
  values: {
    corpId: number;
    ownerId: number;
    teamId: number | null;
    name: string;
    phone: string;
    idNumber: string;
    amountFen: number;
    productId: number | null;
    remarks: string;
    reason: string;
  },
  at: Date,
): Promise<number> {
  const { reason, ...fields } = values;
  const [row] = await tx
    .insert(clients)
    .values(
      await sealValues(tx, values.corpId, CLIENTS_PII, {
        ...fields,
        status: 1,
        createdAt: at,
        updatedAt: at,
        ownedSince: at,
        pooledAt: at,
        poolReason: reason,
      }),
    )
    .returning({ id: clients.id });
  if (!row) throw new Error('pool case not inserted');
  const event = { corpId: values.corpId, clientId: row.id, staffId: values.ownerId, createdAt: at };
  await tx.insert(caseEvents).values([
    { ...event, kind: 'created', toStatus: 1 },
    { ...event, kind: 'pooled', fromStatus: 1, toStatus: 1, reason },
  ]);
  return row.id;
}

/** Whether a live case (open, or in the pool) of the company holds the customer by phone or ID number. */
export async function liveCaseOfCustomer(ex: Executor, corpId: number, who: { phone: string; idNumber: string }) {
  const pii = await sealerOf(ex, corpId);
  const phone = pii.index('phone', who.phone);
  const idNumber = pii.index('id_number', who.idNumber);
  const result = await ex.execute(sql`
    select 1 from clients c where c.corp_id = ${corpId} and c.deleted_at is null and c.merged_into is null
      and c.status not in (6, 8, 9)
      and (c.phone_bidx = ${phone} ${idNumber ? sql`or c.id_number_bidx = ${idNumber}` : sql``}) limit 1`);
  return result.rows.length > 0;
}

/** Locks a live case for an ownership move; the row as it is after any move that committed first. */
export async function lockCaseForOwnership(tx: Tx, corpId: number, id: number) {
  const [row] = await tx
    .select({
      id: clients.id,
      corpId: clients.corpId,
      ownerId: clients.ownerId,
      teamId: clients.teamId,
      name: clients.name,
      status: clients.status,
      pooledAt: clients.pooledAt,
    })
    .from(clients)
    .where(and(eq(clients.corpId, corpId), eq(clients.id, id), live))
    .for('update');
  return row;
}

/** Gives a locked case to a new owner (a claim, a reassignment, a handover): out of the pool, owned from now. */
export async function setCaseOwner(
  tx: Tx,
  corpId: number,
  id: number,
  to: { id: number; teamId: number | null },
  at: Date,
) {
  await tx
    .update(clients)
    .set({ ownerId: to.id, teamId: to.teamId, ownedSince: at, pooledAt: null, poolReason: '', updatedAt: at })
    .where(and(eq(clients.corpId, corpId), eq(clients.id, id)));
}

/** Puts a locked, owned case into the pool with the reason, closing its open follow-ups. */
export async function putCaseInPool(tx: Tx, corpId: number, id: number, at: Date, reason: string) {
  await tx
    .update(clients)
    .set({ pooledAt: at, poolReason: reason, updatedAt: at })
    .where(and(eq(clients.corpId, corpId), eq(clients.id, id)));
  await tx
    .update(followUps)
    .set({ doneAt: at })
    .where(and(eq(followUps.corpId, corpId), eq(followUps.clientId, id), isNull(followUps.doneAt)));
}

/** A line of the case's history for an ownership move (who did it, why). */
export const recordOwnershipEvent = (
  tx: Tx,
  values: { corpId: number; clientId: number; staffId: number; kind: 'pooled' | 'claimed' | 'reassigned' | 'merged' },
  status: number,
  reason: string,
  at: Date,
) => tx.insert(caseEvents).values({ ...values, fromStatus: status, toStatus: status, reason, createdAt: at });

/**
 * The company's live cases of a phone, a phone tail with a name, an ID number or a name: each with its owner
 * and team, whether it is pooled, and its owner's last touch (the duplicate check, decision 066). At most 20.
 */
export async function casesOfCustomer(
  ex: Executor,
  corpId: number,
  who: {
    phone?: string | undefined;
    phoneTail?: string | undefined;
    idNumber?: string | undefined;
    name?: string | undefined;
  },
) {
  const owner = alias(staff, 'holder');
  const pii = await sealerOf(ex, corpId);
  const matches: SQL[] = [];
  if (who.phone) matches.push(eq(clients.phoneBidx, pii.index('phone', who.phone) ?? ''));
  if (who.idNumber) matches.push(eq(clients.idNumberBidx, pii.index('id_number', who.idNumber) ?? ''));
  // A tail longer than four digits: the last four find the candidates, the rest is checked on the opened phone.
  const tail = who.name && who.phoneTail && who.phoneTail.length >= 4 ? who.phoneTail : undefined;
  if (who.name && tail)
    matches.push(and(eq(clients.name, who.name), eq(clients.phoneLast4Bidx, pii.last4(tail) ?? ''))!);
  if (matches.length === 0) return [];
  const rows = await ex
    .select({
      id: clients.id,
      name: clients.name,
      phone: clients.phone,
      idNumber: clients.idNumber,
      status: clients.status,
      ownerId: clients.ownerId,
      ownerName: owner.name,
      teamName: sql<string>`coalesce(${teams.name}, '')`,
      pooledAt: clients.pooledAt,
      lastTouch: clients.touchedAt,
    })
    .from(clients)
    .innerJoin(owner, eq(owner.id, clients.ownerId))
    .leftJoin(teams, eq(teams.id, clients.teamId))
    .where(and(eq(clients.corpId, corpId), live, isNull(clients.mergedInto), or(...matches)))
    .orderBy(desc(clients.id))
    .limit(20);
  if (!tail) return rows;
  return rows.filter(
    (row) =>
      row.name !== who.name ||
      row.phone.endsWith(tail) ||
      (who.idNumber !== undefined && row.idNumber === who.idNumber),
  );
}

/** The company's ownership settings (the org kernel's row). */
export async function ownershipSettings(ex: Executor, corpId: number) {
  const [row] = await ex
    .select({
      poolDays: companies.poolDays,
      poolWarnDays: companies.poolWarnDays,
      poolClaimsPerDay: companies.poolClaimsPerDay,
      duplicateChecksPerDay: companies.duplicateChecksPerDay,
    })
    .from(companies)
    .where(eq(companies.id, corpId));
  return row;
}

/** Live cases of the company among `ids`, owner and team, for a bulk move's checks. */
export const casesByIds = (ex: Executor, corpId: number, ids: readonly number[]) =>
  ex
    .select({ id: clients.id, ownerId: clients.ownerId, teamId: clients.teamId, pooledAt: clients.pooledAt })
    .from(clients)
    .where(and(eq(clients.corpId, corpId), inArray(clients.id, [...ids]), live, isNull(clients.mergedInto)));

/**
 * Locks a live case for a merge (decision 066), with what the merge checks: the customer (phone, ID number),
 * the owner and team, whether it is pooled or merged already. The caller locks the two in id order.
 */
export async function lockCaseForMerge(tx: Tx, corpId: number, id: number) {
  const [row] = await tx
    .select({
      id: clients.id,
      ownerId: clients.ownerId,
      teamId: clients.teamId,
      name: clients.name,
      phone: clients.phone,
      idNumber: clients.idNumber,
      status: clients.status,
      pooledAt: clients.pooledAt,
      mergedInto: clients.mergedInto,
    })
    .from(clients)
    .where(and(eq(clients.corpId, corpId), eq(clients.id, id), live))
    .for('update');
  return row;
}

/**
 * A merge: the merged case's follow-ups, timeline, service requests, appeals and view log move to the kept
 * case, and the merged row becomes a pointer (`merged_into`). Answers what moved.
 */
/**
 * The merged case's consent record (decision 073) follows the client to the kept case: the same person's
 * consent or withdrawal is theirs whichever record it was taken on. A waiting link of the merged case stops
 * working. When the kept case already has a consent in force, the merged case's own stays where it was
 * (one in force per case), still reachable through `merged_into`; every other row moves.
 */
async function mergeConsents(tx: Tx, corpId: number, from: number, to: number) {
  const ofCase = (clientId: number, status?: ConsentStatus) =>
    and(
      eq(caseConsents.corpId, corpId),
      eq(caseConsents.clientId, clientId),
      status ? eq(caseConsents.status, status) : undefined,
    );
  const cancelWaiting = (clientId: number) =>
    tx
      .update(caseConsents)
      .set({ status: 'cancelled', linkTokenHash: null, linkExpiresAt: null })
      .where(ofCase(clientId, 'requested'));
  await cancelWaiting(from);
  const [keptGiven] = await tx.select({ id: caseConsents.id }).from(caseConsents).where(ofCase(to, 'given')).limit(1);
  const moved = await tx
    .update(caseConsents)
    .set({ clientId: to })
    .where(and(ofCase(from), keptGiven ? ne(caseConsents.status, 'given') : undefined))
    .returning({ status: caseConsents.status });
  // Consent that arrived with the merged case makes the kept case's waiting link moot, as a photo would.
  if (moved.some((row) => row.status === 'given')) await cancelWaiting(to);
}

export async function mergeCaseHistory(tx: Tx, corpId: number, from: number, to: number, at: Date) {
  const move = async (
    table: typeof followUps | typeof caseEvents | typeof serviceRequests | typeof appeals | typeof clientViews,
  ) =>
    (
      await tx
        .update(table)
        .set({ clientId: to })
        .where(and(eq(table.corpId, corpId), eq(table.clientId, from)))
        .returning({ id: table.id })
    ).length;
  const followUpsMoved = await move(followUps);
  const events = await move(caseEvents);
  await move(serviceRequests);
  await move(appeals);
  await move(clientViews);
  await mergeConsents(tx, corpId, from, to);
  await tx
    .update(clients)
    .set({ mergedInto: to, mergedAt: at, updatedAt: at })
    .where(and(eq(clients.corpId, corpId), eq(clients.id, from)));
  return { followUps: followUpsMoved, events };
}
