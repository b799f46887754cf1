import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { GROUP_SENDS_PER_MONTH } from '@crm/domain/api/groupsend';
import type { Db, Tx } from '../../db/client.ts';
import type { KeysetPage } from '../../db/keyset.ts';
import { keyset } from '../../db/keyset.ts';
import { groupSendRecipients, groupSends, groupSendTasks } from '../../db/schema/groupsend.ts';
import { staff } from '../../db/schema/staff.ts';
import { recordAudit } from '../admin/index.ts';
import { audienceOf, lockFilings, type AudienceFilter, type AudienceMember } from '../chatter/index.ts';

type Executor = Db | Tx;
export type SendRow = typeof groupSends.$inferSelect;
export type SendLink = NonNullable<SendRow['link']>;

/** Rows that hold one of a customer's group messages of the month: queued or received. */
const HOLDS_QUOTA = [0, 1];

/** How many group messages each file holds of `month` (absent: none). */
async function heldThisMonth(ex: Executor, corpId: number, filingIds: readonly number[], month: string) {
  if (filingIds.length === 0) return new Map<number, number>();
  const rows = await ex
    .select({ filingId: groupSendRecipients.filingId, held: count() })
    .from(groupSendRecipients)
    .where(
      and(
        eq(groupSendRecipients.corpId, corpId),
        inArray(groupSendRecipients.filingId, [...filingIds]),
        eq(groupSendRecipients.month, month),
        inArray(groupSendRecipients.status, HOLDS_QUOTA),
      ),
    )
    .groupBy(groupSendRecipients.filingId);
  return new Map(rows.map((row) => [row.filingId, row.held]));
}

export interface Split {
  matched: AudienceMember[];
  sendable: AudienceMember[];
  over: (AudienceMember & { held: number })[];
  unbound: AudienceMember[];
}

/** The filter's customers split: those a task goes to, those at the month's limit, those nobody can send to. */
async function split(ex: Executor, filter: AudienceFilter, month: string): Promise<Split> {
  const matched = await audienceOf(ex, filter);
  const held = await heldThisMonth(
    ex,
    filter.corpId,
    matched.map((m) => m.filingId),
    month,
  );
  const over = matched
    .map((m) => ({ ...m, held: held.get(m.filingId) ?? 0 }))
    .filter((m) => m.held >= GROUP_SENDS_PER_MONTH);
  const overIds = new Set(over.map((m) => m.filingId));
  const unbound = matched.filter((m) => !overIds.has(m.filingId) && !m.ownerUserid);
  const sendable = matched.filter((m) => !overIds.has(m.filingId) && m.ownerUserid);
  return { matched, sendable, over, unbound };
}

export interface SendCounts {
  recipients: number;
  received: number;
  members: number;
  membersSent: number;
}

export interface NewSend {
  createdBy: number;
  text: string;
  imageUrl: string;
  link: SendLink | null;
  audience: { owner_ids: number[]; tags: string[]; sources: string[] };
  month: string;
  excludeOverLimit: boolean;
  at: Date;
}

/** One owner's part of a new send: the WeCom task to ask for. */
export interface NewTask {
  taskId: number;
  sender: string;
  customers: { filingId: number; externalUserid: string }[];
}

export function createGroupSendRepository(db: Db) {
  return {
    preview: (filter: AudienceFilter, month: string) => split(db, filter, month),

    /**
     * Records a send and its customers, one task per owner, in one transaction. The customers' files are locked
     * first, so a send made at the same moment waits and then counts this one's rows: nobody is pushed past
     * four. Answers 'over' (with them) when some are at the limit and the sender did not agree to leave them
     * out, 'empty' when nobody is left.
     */
    create: (filter: AudienceFilter, send: NewSend) =>
      db.transaction(async (tx) => {
        const first = await audienceOf(tx, filter);
        if (first.length === 0) return { refused: 'none' as const };
        await lockFilings(
          tx,
          filter.corpId,
          first.map((m) => m.filingId),
        );
        const parts = await split(tx, filter, send.month);
        if (parts.over.length > 0 && !send.excludeOverLimit) return { refused: 'over' as const, over: parts.over };
        if (parts.sendable.length === 0) return { refused: 'empty' as const };
        const [row] = await tx
          .insert(groupSends)
          .values({
            corpId: filter.corpId,
            createdBy: send.createdBy,
            text: send.text,
            imageUrl: send.imageUrl,
            link: send.link,
            audience: send.audience,
            month: send.month,
            createdAt: send.at,
          })
          .returning({ id: groupSends.id });
        if (!row) throw new Error('group send not inserted');
        const byOwner = new Map<number, AudienceMember[]>();
        for (const m of parts.sendable) byOwner.set(m.ownerId, [...(byOwner.get(m.ownerId) ?? []), m]);
        const tasks: NewTask[] = [];
        for (const [ownerId, members] of byOwner) {
          const [task] = await tx
            .insert(groupSendTasks)
            .values({ corpId: filter.corpId, sendId: row.id, staffId: ownerId })
            .returning({ id: groupSendTasks.id });
          if (!task) throw new Error('group send task not inserted');
          tasks.push({
            taskId: task.id,
            sender: members[0]?.ownerUserid ?? '',
            customers: members.map((m) => ({ filingId: m.filingId, externalUserid: m.externalUserid })),
          });
        }
        await tx.insert(groupSendRecipients).values(
          parts.sendable.map((m) => ({
            corpId: filter.corpId,
            sendId: row.id,
            filingId: m.filingId,
            staffId: m.ownerId,
            month: send.month,
          })),
        );
        await recordAudit(tx, {
          corpId: filter.corpId,
          actorId: send.createdBy,
          action: 'groupsend.create',
          entity: 'group_send',
          entityId: row.id,
          before: null,
          after: {
            audience: send.audience,
            recipients: parts.sendable.length,
            excluded_over_limit: parts.over.length,
            activity_id: send.link?.activityId ?? null,
            image_url: send.imageUrl,
          },
          at: send.at,
        });
        return { refused: null, sendId: row.id, tasks };
      }),

    /**
     * WeCom's answer to an owner's task: its msgid and the customers it refused as not the owner's contacts
     * (status 2, holding no quota); or its error, and then none of the task's customers holds a message.
     */
    noteTask: (
      corpId: number,
      taskId: number,
      outcome: { msgid: string; failed: readonly number[] } | { error: string },
    ) =>
      db.transaction(async (tx) => {
        const [task] = await tx
          .update(groupSendTasks)
          .set('error' in outcome ? { status: 9, error: outcome.error.slice(0, 200) } : { msgid: outcome.msgid })
          .where(and(eq(groupSendTasks.corpId, corpId), eq(groupSendTasks.id, taskId)))
          .returning({ sendId: groupSendTasks.sendId, staffId: groupSendTasks.staffId });
        if (!task) return;
        const ofTask = and(
          eq(groupSendRecipients.corpId, corpId),
          eq(groupSendRecipients.sendId, task.sendId),
          eq(groupSendRecipients.staffId, task.staffId),
        );
        if ('error' in outcome) {
          await tx.update(groupSendRecipients).set({ status: 9 }).where(ofTask);
          return;
        }
        if (outcome.failed.length === 0) return;
        await tx
          .update(groupSendRecipients)
          .set({ status: 2 })
          .where(and(ofTask, inArray(groupSendRecipients.filingId, [...outcome.failed])));
      }),

    find: async (corpId: number, id: number, createdBy: number | null) => {
      const [row] = await db
        .select({ send: groupSends, createdByName: staff.name })
        .from(groupSends)
        .innerJoin(staff, eq(staff.id, groupSends.createdBy))
        .where(
          and(
            eq(groupSends.corpId, corpId),
            eq(groupSends.id, id),
            createdBy === null ? undefined : eq(groupSends.createdBy, createdBy),
          ),
        );
      return row;
    },

    /** A page of the sends, newest first: the company's, or those `createdBy` made. */
    page: (corpId: number, createdBy: number | null, page: KeysetPage) =>
      keyset(page, groupSends.id, (limit, before) =>
        db
          .select({ send: groupSends, createdByName: staff.name })
          .from(groupSends)
          .innerJoin(staff, eq(staff.id, groupSends.createdBy))
          .where(
            and(
              eq(groupSends.corpId, corpId),
              createdBy === null ? undefined : eq(groupSends.createdBy, createdBy),
              before,
            ),
          )
          .orderBy(desc(groupSends.id))
          .limit(limit),
      ),

    /** Each send's counts: its customers, those who received, its tasks, those sent. */
    async counts(corpId: number, sendIds: readonly number[]) {
      const out = new Map<number, SendCounts>();
      for (const id of sendIds) out.set(id, { recipients: 0, received: 0, members: 0, membersSent: 0 });
      if (sendIds.length === 0) return out;
      const people = await db
        .select({
          sendId: groupSendRecipients.sendId,
          recipients: count(),
          received: sql<number>`count(*) filter (where ${groupSendRecipients.status} = 1)::int`,
        })
        .from(groupSendRecipients)
        .where(and(eq(groupSendRecipients.corpId, corpId), inArray(groupSendRecipients.sendId, [...sendIds])))
        .groupBy(groupSendRecipients.sendId);
      const tasks = await db
        .select({
          sendId: groupSendTasks.sendId,
          members: count(),
          membersSent: sql<number>`count(*) filter (where ${groupSendTasks.status} = 2)::int`,
        })
        .from(groupSendTasks)
        .where(and(eq(groupSendTasks.corpId, corpId), inArray(groupSendTasks.sendId, [...sendIds])))
        .groupBy(groupSendTasks.sendId);
      for (const p of people) {
        const c = out.get(p.sendId);
        if (c) Object.assign(c, { recipients: p.recipients, received: p.received });
      }
      for (const t of tasks) {
        const c = out.get(t.sendId);
        if (c) Object.assign(c, { members: t.members, membersSent: t.membersSent });
      }
      return out;
    },

    tasks: (corpId: number, sendId: number) =>
      db
        .select({
          id: groupSendTasks.id,
          staffId: groupSendTasks.staffId,
          name: staff.name,
          userid: staff.wxworkId,
          msgid: groupSendTasks.msgid,
          status: groupSendTasks.status,
          error: groupSendTasks.error,
          sentAt: groupSendTasks.sentAt,
          customers: sql<number>`(select count(*)::int from ${groupSendRecipients} r where r.send_id = ${groupSendTasks.sendId} and r.staff_id = ${groupSendTasks.staffId})`,
        })
        .from(groupSendTasks)
        .innerJoin(staff, eq(staff.id, groupSendTasks.staffId))
        .where(and(eq(groupSendTasks.corpId, corpId), eq(groupSendTasks.sendId, sendId)))
        .orderBy(asc(groupSendTasks.id)),

    recipients: (corpId: number, sendId: number) =>
      db
        .select({
          filingId: groupSendRecipients.filingId,
          staffId: groupSendRecipients.staffId,
          ownerName: staff.name,
          status: groupSendRecipients.status,
          sentAt: groupSendRecipients.sentAt,
        })
        .from(groupSendRecipients)
        .innerJoin(staff, eq(staff.id, groupSendRecipients.staffId))
        .where(and(eq(groupSendRecipients.corpId, corpId), eq(groupSendRecipients.sendId, sendId)))
        .orderBy(asc(groupSendRecipients.id)),

    /** WeCom's results of one owner's task: the task's state and each customer's, read in one transaction. */
    applyResults: (
      corpId: number,
      sendId: number,
      taskId: number,
      task: { status: number; sentAt: Date | null },
      customers: readonly { filingId: number; status: number; sentAt: Date | null }[],
    ) =>
      db.transaction(async (tx) => {
        await tx
          .update(groupSendTasks)
          .set({ status: task.status, sentAt: task.sentAt })
          .where(and(eq(groupSendTasks.corpId, corpId), eq(groupSendTasks.id, taskId)));
        for (const c of customers)
          await tx
            .update(groupSendRecipients)
            .set({ status: c.status, sentAt: c.sentAt })
            .where(
              and(
                eq(groupSendRecipients.corpId, corpId),
                eq(groupSendRecipients.sendId, sendId),
                eq(groupSendRecipients.filingId, c.filingId),
              ),
            );
      }),

    fetched: (corpId: number, sendId: number, at: Date) =>
      db
        .update(groupSends)
        .set({ fetchedAt: at })
        .where(and(eq(groupSends.corpId, corpId), eq(groupSends.id, sendId))),
  };
}

export type GroupSendRepository = ReturnType<typeof createGroupSendRepository>;
