import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { findInCorp } from '../../db/find-in-corp.ts';
import { keyset } from '../../db/keyset.ts';
import {
  customerFilings,
  pointAccounts,
  pointEntries,
  pointTransfers,
  workbenchItems,
} from '../../db/schema/chatter.ts';
import { staff } from '../../db/schema/staff.ts';
import { columnsEqual, columnsOf } from '../../db/rows-where.ts';
import { CUSTOMER_FILINGS_PII, sealValues } from '../../pii/fields.ts';

type Executor = Db | Tx;
type Filing = typeof customerFilings.$inferSelect;
type WorkItem = typeof workbenchItems.$inferSelect;
export type AccountKind = 'issuer' | 'pool' | 'staff' | 'wallet';
export type TransferKind = 'issue' | 'grant' | 'send';

export interface TransferInput {
  corpId: number;
  kind: TransferKind;
  fromAccountId: number;
  toAccountId: number;
  amount: number;
  actorStaffId: number;
  filingId: number | null;
  reason: string;
  idempotencyKey: string;
  at: Date;
}

export type TransferOutcome =
  | { status: 'done'; transferId: number; fromBalance: number; toBalance: number }
  | { status: 'replayed'; transferId: number; sameContent: boolean }
  | { status: 'insufficient' };

const filingFields = {
  id: customerFilings.id,
  corpId: customerFilings.corpId,
  externalUserid: customerFilings.externalUserid,
  staffId: customerFilings.staffId,
  name: customerFilings.name,
  mobile: customerFilings.mobile,
  remark: customerFilings.remark,
  source: customerFilings.source,
  realName: customerFilings.realName,
  idNumber: customerFilings.idNumber,
  authedAt: customerFilings.authedAt,
  createdAt: customerFilings.createdAt,
  staffName: staff.name,
};

/** Thrown inside a transfer's transaction to roll it back when the debit would overdraw. */
class Insufficient extends Error {}

export function createChatterRepository(db: Db) {
  const filingQuery = (ex: Executor) =>
    ex.select(filingFields).from(customerFilings).innerJoin(staff, eq(staff.id, customerFilings.staffId));

  return {
    /** The member's WeCom userid (the org kernel), which externalcontact/get's follow_user names. */
    async wxworkIdOf(corpId: number, staffId: number): Promise<string | null> {
      const row = await findInCorp(db, staff, { wxworkId: staff.wxworkId }, corpId, staffId);
      return row?.wxworkId ?? null;
    },

    async filingByContact(corpId: number, externalUserid: string) {
      const [row] = await filingQuery(db)
        .where(and(eq(customerFilings.corpId, corpId), eq(customerFilings.externalUserid, externalUserid)))
        .limit(1);
      return row;
    },

    async filingById(corpId: number, id: number) {
      const [row] = await filingQuery(db)
        .where(and(eq(customerFilings.corpId, corpId), eq(customerFilings.id, id)))
        .limit(1);
      return row;
    },

    /** Files a contact once per company; undefined when it was filed already (also by a concurrent request). */
    async insertFiling(
      values: Pick<Filing, 'corpId' | 'externalUserid' | 'staffId' | 'name' | 'mobile' | 'remark'> & { at: Date },
    ) {
      const [row] = await db
        .insert(customerFilings)
        .values(await sealValues(db, values.corpId, CUSTOMER_FILINGS_PII, { ...values, createdAt: values.at }))
        .onConflictDoNothing()
        .returning({ id: customerFilings.id });
      return row;
    },

    /** Records the real-name auth once: false when the file was authenticated already. */
    async authFiling(corpId: number, id: number, realName: string, idNumber: string, at: Date) {
      const rows = await db
        .update(customerFilings)
        .set(await sealValues(db, corpId, CUSTOMER_FILINGS_PII, { realName, idNumber, authedAt: at }))
        .where(columnsEqual(customerFilings, { corpId, id, authedAt: null }))
        .returning({ id: customerFilings.id });
      return rows.length === 1;
    },

    /** The caller's files, newest first, keyset by id (decision 044). */
    myFilings: (corpId: number, staffId: number, cursor: number | null, limit: number) =>
      keyset({ cursor, limit }, customerFilings.id, (rows, before) =>
        db
          .select({
            ...columnsOf(customerFilings, ['id', 'externalUserid', 'name', 'authedAt', 'createdAt']),
            balance: pointAccounts.balance,
          })
          .from(customerFilings)
          .leftJoin(
            pointAccounts,
            and(
              eq(pointAccounts.corpId, customerFilings.corpId),
              eq(pointAccounts.filingId, customerFilings.id),
              eq(pointAccounts.kind, 'wallet'),
            ),
          )
          .where(and(eq(customerFilings.corpId, corpId), eq(customerFilings.staffId, staffId), before))
          .orderBy(desc(customerFilings.id))
          .limit(rows),
      ),

    /** The account of a kind and subject, or undefined. */
    async account(
      corpId: number,
      kind: AccountKind,
      subject: { staffId?: number; filingId?: number } = {},
      ex: Executor = db,
    ) {
      const [row] = await ex
        .select({
          id: pointAccounts.id,
          balance: pointAccounts.balance,
          walletCode: pointAccounts.walletCode,
        })
        .from(pointAccounts)
        .where(columnsEqual(pointAccounts, { corpId, kind, staffId: subject.staffId, filingId: subject.filingId }))
        .limit(1);
      return row;
    },

    /** Opens the account if it is not there yet (the partial unique indexes decide between racers); answers it. */
    async ensureAccount(
      corpId: number,
      kind: AccountKind,
      subject: { staffId?: number; filingId?: number; walletCode?: string },
      at: Date,
      ex: Executor = db,
    ) {
      const [created] = await ex
        .insert(pointAccounts)
        .values({
          corpId,
          kind,
          staffId: subject.staffId ?? null,
          filingId: subject.filingId ?? null,
          walletCode: subject.walletCode ?? null,
          createdAt: at,
        })
        .onConflictDoNothing()
        .returning({ id: pointAccounts.id, balance: pointAccounts.balance, walletCode: pointAccounts.walletCode });
      if (created) return { ...created, created: true };
      const existing = await this.account(corpId, kind, { staffId: subject.staffId, filingId: subject.filingId }, ex);
      if (!existing) throw new Error(`account ${kind} vanished`);
      return { ...existing, created: false };
    },

    /**
     * Moves points in one transaction: the transfer row (its unique sender key makes a retry find the first),
     * the debit as one conditional update (`balance >= amount`, under the row lock the update takes, so
     * concurrent sends from one account queue and each sees the balance the one before left), the credit,
     * and the two entries summing to zero.
     */
    async transfer(input: TransferInput): Promise<TransferOutcome> {
      try {
        return await db.transaction(async (tx) => {
          const [transfer] = await tx
            .insert(pointTransfers)
            .values({
              corpId: input.corpId,
              kind: input.kind,
              fromAccountId: input.fromAccountId,
              toAccountId: input.toAccountId,
              amount: input.amount,
              actorStaffId: input.actorStaffId,
              filingId: input.filingId,
              reason: input.reason,
              idempotencyKey: input.idempotencyKey,
              createdAt: input.at,
            })
            .onConflictDoNothing()
            .returning({ id: pointTransfers.id });
          if (!transfer) {
            const { corpId, actorStaffId, idempotencyKey } = input;
            const [first] = await tx
              .select({
                id: pointTransfers.id,
                toAccountId: pointTransfers.toAccountId,
                amount: pointTransfers.amount,
                kind: pointTransfers.kind,
              })
              .from(pointTransfers)
              .where(columnsEqual(pointTransfers, { corpId, actorStaffId, idempotencyKey }))
              .limit(1);
            if (!first) throw new Error('transfer key conflict without a transfer');
            const sameContent =
              first.toAccountId === input.toAccountId && first.amount === input.amount && first.kind === input.kind;
            return { status: 'replayed' as const, transferId: first.id, sameContent };
          }
          const [debited] = await tx
            .update(pointAccounts)
            .set({ balance: sql`${pointAccounts.balance} - ${input.amount}` })
            .where(
              and(
                eq(pointAccounts.corpId, input.corpId),
                eq(pointAccounts.id, input.fromAccountId),
                or(eq(pointAccounts.kind, 'issuer'), sql`${pointAccounts.balance} >= ${input.amount}`),
              ),
            )
            .returning({ balance: pointAccounts.balance });
          if (!debited) throw new Insufficient();
          const [credited] = await tx
            .update(pointAccounts)
            .set({ balance: sql`${pointAccounts.balance} + ${input.amount}` })
            .where(and(eq(pointAccounts.corpId, input.corpId), eq(pointAccounts.id, input.toAccountId)))
            .returning({ balance: pointAccounts.balance });
          if (!credited) throw new Error('credit account missing');
          await tx.insert(pointEntries).values([
            {
              corpId: input.corpId,
              transferId: transfer.id,
              accountId: input.fromAccountId,
              amount: -input.amount,
              createdAt: input.at,
            },
            {
              corpId: input.corpId,
              transferId: transfer.id,
              accountId: input.toAccountId,
              amount: input.amount,
              createdAt: input.at,
            },
          ]);
          return {
            status: 'done' as const,
            transferId: transfer.id,
            fromBalance: debited.balance,
            toBalance: credited.balance,
          };
        });
      } catch (error) {
        if (error instanceof Insufficient) return { status: 'insufficient' };
        throw error;
      }
    },

    /** Points a wallet received, newest first (keyset by transfer id), with who sent them. */
    walletHistory: (corpId: number, accountId: number, cursor: number | null, limit: number) =>
      keyset({ cursor, limit }, pointTransfers.id, (rows, before) =>
        db
          .select({ ...columnsOf(pointTransfers, ['id', 'amount', 'reason', 'createdAt']), staffName: staff.name })
          .from(pointTransfers)
          .innerJoin(staff, eq(staff.id, pointTransfers.actorStaffId))
          .where(and(columnsEqual(pointTransfers, { corpId, toAccountId: accountId }), before))
          .orderBy(desc(pointTransfers.id))
          .limit(rows),
      ),

    workItems: (corpId: number) =>
      db
        .select({
          id: workbenchItems.id,
          title: workbenchItems.title,
          url: workbenchItems.url,
          sort: workbenchItems.sort,
        })
        .from(workbenchItems)
        .where(eq(workbenchItems.corpId, corpId))
        .orderBy(asc(workbenchItems.sort), asc(workbenchItems.id)),

    async addWorkItem(values: Pick<WorkItem, 'corpId' | 'title' | 'url' | 'sort' | 'createdBy'> & { at: Date }) {
      const [row] = await db
        .insert(workbenchItems)
        .values({ ...values, createdAt: values.at })
        .onConflictDoNothing()
        .returning({
          id: workbenchItems.id,
          title: workbenchItems.title,
          url: workbenchItems.url,
          sort: workbenchItems.sort,
        });
      return row;
    },

    /** Sum of entries per account, for tests and audits: equals each account's balance. */
    entrySums: (corpId: number, accountIds: number[]) =>
      db
        .select({ accountId: pointEntries.accountId, sum: sql<string>`sum(${pointEntries.amount})` })
        .from(pointEntries)
        .where(and(eq(pointEntries.corpId, corpId), inArray(pointEntries.accountId, accountIds)))
        .groupBy(pointEntries.accountId),
  };
}
export type ChatterRepository = ReturnType<typeof createChatterRepository>;
