import { and, count, desc, eq, gt, gte, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { sessions, smsCodes } from '../../db/schema/auth.ts';
import { companies, staff } from '../../db/schema/staff.ts';
import { identityColumns, type StaffIdentity } from '../staff/index.ts';

export function createAuthRepository(db: Db) {
  return {
    async lastCodeSentAt(phone: string): Promise<Date | undefined> {
      const [row] = await db
        .select({ createdAt: smsCodes.createdAt })
        .from(smsCodes)
        .where(eq(smsCodes.phone, phone))
        .orderBy(desc(smsCodes.createdAt))
        .limit(1);
      return row?.createdAt;
    },

    async countCodesForPhoneSince(phone: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(smsCodes)
        .where(and(eq(smsCodes.phone, phone), gte(smsCodes.createdAt, since)));
      return row?.n ?? 0;
    },

    async countCodesForIpSince(ip: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(smsCodes)
        .where(and(eq(smsCodes.ip, ip), gte(smsCodes.createdAt, since)));
      return row?.n ?? 0;
    },

    /** A new code replaces any earlier one for the phone: only the newest may be used. */
    async insertCode(input: { phone: string; codeHash: string; ip: string; createdAt: Date; expiresAt: Date }) {
      return db.transaction(async (tx) => {
        await tx
          .update(smsCodes)
          .set({ usedAt: input.createdAt })
          .where(and(eq(smsCodes.phone, input.phone), isNull(smsCodes.usedAt)));
        const [row] = await tx.insert(smsCodes).values(input).returning({ id: smsCodes.id });
        return row;
      });
    },

    async deleteCode(id: number) {
      await db.delete(smsCodes).where(eq(smsCodes.id, id));
    },

    async findUsableCode(phone: string, now: Date) {
      const [row] = await db
        .select({ id: smsCodes.id, codeHash: smsCodes.codeHash, failedAttempts: smsCodes.failedAttempts })
        .from(smsCodes)
        .where(and(eq(smsCodes.phone, phone), isNull(smsCodes.usedAt), gt(smsCodes.expiresAt, now)))
        .orderBy(desc(smsCodes.createdAt))
        .limit(1);
      return row;
    },

    /** Counts a wrong try; past the limit the code is spent. Returns the tries counted so far. */
    async recordFailedAttempt(id: number, maxAttempts: number, now: Date): Promise<number> {
      const [row] = await db
        .update(smsCodes)
        .set({
          failedAttempts: sql`${smsCodes.failedAttempts} + 1`,
          usedAt: sql`case when ${smsCodes.failedAttempts} + 1 >= ${maxAttempts} then ${now.toISOString()}::timestamptz else null end`,
        })
        .where(eq(smsCodes.id, id))
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
      input: { tokenHash: string; corpId: number; staffId: number; expiresAt: Date; createdAt: Date },
      tx: Tx | Db = db,
    ) {
      await tx.insert(sessions).values(input);
    },

    /**
     * The active staff member behind a session, in one query: every API call makes it, so it joins the
     * staff and company rows rather than asking the staff repository in a second round trip.
     */
    async findSessionStaff(tokenHash: string, now: Date): Promise<StaffIdentity | undefined> {
      const [row] = await db
        .select(identityColumns)
        .from(sessions)
        .innerJoin(staff, and(eq(staff.id, sessions.staffId), eq(staff.corpId, sessions.corpId)))
        .innerJoin(companies, eq(companies.id, staff.corpId))
        .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now), eq(staff.isActive, true), eq(companies.isActive, true)))
        .limit(1);
      return row;
    },

    async deleteSession(tokenHash: string) {
      await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
    },

    async deleteExpired(now: Date) {
      await db.delete(sessions).where(lt(sessions.expiresAt, now));
      await db.delete(smsCodes).where(lt(smsCodes.expiresAt, new Date(now.getTime() - 86_400_000)));
    },

    transaction: <T>(work: (tx: Tx) => Promise<T>) => db.transaction(work),
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
