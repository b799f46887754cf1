import { and, count, desc, eq, gt, gte, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { sessions, smsCodes } from '../../db/schema/auth.ts';
import { companies, staff } from '../../db/schema/staff.ts';
import { identityColumns, type StaffIdentity } from '../staff/index.ts';
import type { Principal, PrincipalKind, PrincipalSubject } from './principal.ts';

/** Codes sent since then to a phone or from an address: what the sending limits count. */
async function countCodesSince(executor: Db | Tx, match: SQL, since: Date): Promise<number> {
  const [row] = await executor
    .select({ n: count() })
    .from(smsCodes)
    .where(and(match, gte(smsCodes.createdAt, since)));
  return row?.n ?? 0;
}

/**
 * When the window of a limit of `limit` codes lets another one through: the `limit`-th newest code of the
 * window leaving it (its send time; the caller adds the window). Undefined when fewer are in the window.
 */
async function limitFreedBy(executor: Db | Tx, match: SQL, since: Date, limit: number): Promise<Date | undefined> {
  const [row] = await executor
    .select({ createdAt: smsCodes.createdAt })
    .from(smsCodes)
    .where(and(match, gte(smsCodes.createdAt, since)))
    .orderBy(desc(smsCodes.createdAt))
    .offset(limit - 1)
    .limit(1);
  return row?.createdAt;
}

/*
 * SMS codes are found by the phone they were sent to through `phoneHash` (the service's `smsPhoneHash`), never
 * by the phone itself, which the table does not hold (decision 074).
 */
export function createAuthRepository(db: Db) {
  // Every guarded request asks it: built once and prepared by name (decision 060), so a request neither
  // rebuilds the query in drizzle nor has PostgreSQL parse and plan it again.
  const sessionPrincipal = db
    .select({
      kind: sessions.kind,
      corpId: sessions.corpId,
      partnerId: sessions.partnerId,
      channelAgentId: sessions.channelAgentId,
      visitorOpenid: sessions.visitorOpenid,
      expiresAt: sessions.expiresAt,
      staffIsActive: staff.isActive,
      identity: identityColumns,
    })
    .from(sessions)
    .innerJoin(companies, eq(companies.id, sessions.corpId))
    .leftJoin(staff, and(eq(staff.id, sessions.staffId), eq(staff.corpId, sessions.corpId)))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        gt(sessions.expiresAt, sql`${sql.placeholder('now')}::timestamptz`),
        eq(companies.isActive, true),
      ),
    )
    .limit(1)
    .prepare('auth_session_principal');

  return {
    async lastCodeSentAt(phoneHash: string, executor: Db | Tx = db): Promise<Date | undefined> {
      const [row] = await executor
        .select({ createdAt: smsCodes.createdAt })
        .from(smsCodes)
        .where(eq(smsCodes.phoneHash, phoneHash))
        .orderBy(desc(smsCodes.createdAt))
        .limit(1);
      return row?.createdAt;
    },

    countCodesForPhoneSince: (phoneHash: string, since: Date, executor: Db | Tx = db) =>
      countCodesSince(executor, eq(smsCodes.phoneHash, phoneHash), since),

    phoneLimitFreedBy: (phoneHash: string, since: Date, limit: number, executor: Db | Tx = db) =>
      limitFreedBy(executor, eq(smsCodes.phoneHash, phoneHash), since, limit),

    ipLimitFreedBy: (ip: string, since: Date, limit: number, executor: Db | Tx = db) =>
      limitFreedBy(executor, eq(smsCodes.ip, ip), since, limit),

    companyLimitFreedBy: (corpId: number, since: Date, limit: number, executor: Db | Tx = db) =>
      limitFreedBy(executor, eq(smsCodes.corpId, corpId), since, limit),

    /**
     * Serialises the sends of one client address and one phone until the transaction ends, so a burst
     * counts the resend and daily limits one request at a time (address first, then phone: one order for
     * every request, so two never wait on each other).
     */
    async lockSmsSenders(tx: Tx, phone: string, ip: string, corpId: number | null) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms-ip:${ip}`}))`);
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms-phone:${phone}`}))`);
      // Last, so a company's ceiling is held only while the rest is already decided.
      if (corpId !== null) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms-corp:${corpId}`}))`);
    },

    /** A new code replaces any earlier one for the phone: only the newest may be used. */
    async insertCode(
      tx: Tx,
      input: {
        phoneHash: string;
        codeHash: string;
        ip: string;
        corpId: number | null;
        createdAt: Date;
        expiresAt: Date;
      },
    ) {
      await tx
        .update(smsCodes)
        .set({ usedAt: input.createdAt })
        .where(and(eq(smsCodes.phoneHash, input.phoneHash), isNull(smsCodes.usedAt)));
      const [row] = await tx.insert(smsCodes).values(input).returning({ id: smsCodes.id });
      return row;
    },

    async deleteCode(id: number) {
      await db.delete(smsCodes).where(eq(smsCodes.id, id));
    },

    async findUsableCode(phoneHash: string, now: Date) {
      const [row] = await db
        .select({ id: smsCodes.id, codeHash: smsCodes.codeHash, failedAttempts: smsCodes.failedAttempts })
        .from(smsCodes)
        .where(and(eq(smsCodes.phoneHash, phoneHash), isNull(smsCodes.usedAt), gt(smsCodes.expiresAt, now)))
        .orderBy(desc(smsCodes.createdAt))
        .limit(1);
      return row;
    },

    /**
     * Counts a wrong try; the try that reaches the limit spends the code. One atomic conditional update:
     * tries racing on one code count at most `maxAttempts`, and a try on a spent code counts nothing.
     * Returns the tries counted so far (`maxAttempts` when the code was already spent).
     */
    async recordFailedAttempt(id: number, maxAttempts: number, now: Date): Promise<number> {
      const [row] = await db
        .update(smsCodes)
        .set({
          failedAttempts: sql`${smsCodes.failedAttempts} + 1`,
          usedAt: sql`case when ${smsCodes.failedAttempts} + 1 >= ${maxAttempts} then ${now.toISOString()}::timestamptz else null end`,
        })
        .where(and(eq(smsCodes.id, id), isNull(smsCodes.usedAt), lt(smsCodes.failedAttempts, maxAttempts)))
        .returning({ failedAttempts: smsCodes.failedAttempts });
      return row?.failedAttempts ?? maxAttempts;
    },

    /** Spends the code only if nobody else spent it first; false means a concurrent login won. */
    async markCodeUsed(tx: Tx, id: number, now: Date): Promise<boolean> {
      const rows = await tx
        .update(smsCodes)
        .set({ usedAt: now })
        .where(and(eq(smsCodes.id, id), isNull(smsCodes.usedAt)))
        .returning({ id: smsCodes.id });
      return rows.length === 1;
    },

    async insertSession(
      input: { tokenHash: string; subject: PrincipalSubject; expiresAt: Date; createdAt: Date },
      tx: Tx | Db = db,
    ) {
      const { subject, ...times } = input;
      await tx.insert(sessions).values({
        ...times,
        corpId: subject.corpId,
        kind: subject.kind,
        staffId: subject.kind === 'staff' ? subject.staffId : null,
        partnerId: subject.kind === 'partner' ? subject.partnerId : null,
        channelAgentId: subject.kind === 'channel' ? subject.channelAgentId : null,
        visitorOpenid: subject.kind === 'visitor' ? subject.openid : null,
      });
    },

    /**
     * The principal behind a session, in one query: every API call makes it, so it joins the staff and
     * company rows rather than asking the staff repository in a second round trip. A staff session needs
     * an active member of an active company; the other kinds an active company (their own tables, and
     * checks on them, come with their modules).
     */
    async findSession(tokenHash: string, now: Date): Promise<{ principal: Principal; expiresAt: Date } | undefined> {
      const [row] = await sessionPrincipal.execute({ tokenHash, now: now.toISOString() });
      if (!row) return undefined;
      const principal = principalOf(row);
      return principal && { principal, expiresAt: row.expiresAt };
    },

    async deleteSession(tokenHash: string) {
      await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
    },

    /**
     * Expired sessions, and codes past the 24 h the daily limit counts (used or not: a used or expired
     * code only matters to the limits until then). Answers how many rows went.
     */
    async deleteExpired(now: Date) {
      const gone = await db
        .delete(sessions)
        .where(lt(sessions.expiresAt, now))
        .returning({ tokenHash: sessions.tokenHash });
      const codes = await db
        .delete(smsCodes)
        .where(and(lt(smsCodes.createdAt, new Date(now.getTime() - 86_400_000)), lt(smsCodes.expiresAt, now)))
        .returning({ id: smsCodes.id });
      return { sessions: gone.length, smsCodes: codes.length };
    },

    transaction: <T>(work: (tx: Tx) => Promise<T>) => db.transaction(work),
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;

/** The principal a session row names, if its member (or company) may still sign in. */
function principalOf(row: {
  kind: PrincipalKind;
  corpId: number;
  partnerId: number | null;
  channelAgentId: number | null;
  visitorOpenid: string | null;
  staffIsActive: boolean | null;
  identity: { id: number | null };
}): Principal | undefined {
  switch (row.kind) {
    case 'staff':
      // Every staff column is NOT NULL, so a non-null id means the left join found the member.
      return row.identity.id !== null && row.staffIsActive
        ? { kind: 'staff', corpId: row.corpId, staff: row.identity as StaffIdentity }
        : undefined;
    case 'partner':
      return row.partnerId === null ? undefined : { kind: 'partner', corpId: row.corpId, partnerId: row.partnerId };
    case 'channel':
      return row.channelAgentId === null
        ? undefined
        : { kind: 'channel', corpId: row.corpId, channelAgentId: row.channelAgentId };
    case 'visitor':
      return row.visitorOpenid === null
        ? undefined
        : { kind: 'visitor', corpId: row.corpId, openid: row.visitorOpenid };
  }
}
