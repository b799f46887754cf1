import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, smallint, text, uniqueIndex, primaryKey } from 'drizzle-orm/pg-core';
import { customerFilings } from './chatter.ts';
import { companyRef, staff, staffRef } from './staff.ts';
import { identity, timestamptz, corpRef } from './columns.ts';

/*
 * Group sends to customers (群发, issue 50 point 2, decision 080). Only modules/groupsend imports this file.
 */

/** What a leader or an admin wrote, for whom (the filter, as chosen), and the month its limit counts in. */
export const groupSends = pgTable(
  'group_sends',
  {
    id: identity(),
    corpId: companyRef(),
    createdBy: staffRef(),
    text: text().notNull(),
    /** The activity linked under the text (title, url), or null. */
    link: jsonb().$type<{ activityId: number; title: string; url: string; picurl: string } | null>(),
    /** The picture sent with the text: WeCom's own address of it (media/uploadimg); '' for none. */
    imageUrl: text().notNull().default(''),
    audience: jsonb().$type<{ owner_ids: number[]; tags: string[]; sources: string[] }>().notNull(),
    /** YYYY-MM in China time: WeCom's four a calendar month. */
    month: text().notNull(),
    fetchedAt: timestamptz(),
    createdAt: timestamptz().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.corpId] }),
    corpRef('group_sends_created_by_fk', t.corpId, t.createdBy, () => staff),
    index().on(t.corpId, t.id),
    index().on(t.corpId, t.createdBy, t.id),
  ],
);

/** One owner's WeCom task (add_msg_template with them as sender): its msgid, and whether they sent it. */
export const groupSendTasks = pgTable(
  'group_send_tasks',
  {
    id: identity(),
    corpId: companyRef(),
    sendId: integer().notNull(),
    staffId: staffRef(),
    /** WeCom's msgid; '' when WeCom refused the task (error says why). */
    msgid: text().notNull().default(''),
    /** get_groupmsg_task: 0 not sent, 1 confirmed, 2 sent; 9 the task could not be made. */
    status: smallint().notNull().default(0),
    error: text().notNull().default(''),
    sentAt: timestamptz(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.corpId] }),
    corpRef('group_send_tasks_send_id_fk', t.corpId, t.sendId, () => groupSends),
    corpRef('group_send_tasks_staff_id_fk', t.corpId, t.staffId, () => staff),
    uniqueIndex().on(t.sendId, t.staffId, t.corpId),
    index().on(t.corpId, t.sendId),
  ],
);

/**
 * One customer of a send. A row with status 0 or 1 holds one of the customer's four group messages of `month`:
 * counting them is how a task is refused before it would exceed WeCom's limit (the creation locks the customers'
 * files, so two tasks made at once count each other).
 */
export const groupSendRecipients = pgTable(
  'group_send_recipients',
  {
    id: identity(),
    corpId: companyRef(),
    sendId: integer().notNull(),
    filingId: integer().notNull(),
    /** The owner whose task carries it. */
    staffId: staffRef(),
    month: text().notNull(),
    /** get_groupmsg_send_result: 0 not sent, 1 received, 2 not a contact, 3 over WeCom's limit; 9 task failed. */
    status: smallint().notNull().default(0),
    sentAt: timestamptz(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.corpId] }),
    corpRef('group_send_recipients_send_id_fk', t.corpId, t.sendId, () => groupSends),
    corpRef('group_send_recipients_filing_id_fk', t.corpId, t.filingId, () => customerFilings),
    corpRef('group_send_recipients_staff_id_fk', t.corpId, t.staffId, () => staff),
    uniqueIndex().on(t.sendId, t.filingId, t.corpId),
    index().on(t.corpId, t.filingId, t.month),
    index().on(t.corpId, t.sendId, t.id),
    check('group_send_recipients_status', sql`${t.status} in (0, 1, 2, 3, 9)`),
  ],
);
