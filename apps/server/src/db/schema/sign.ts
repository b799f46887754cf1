import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex, primaryKey } from 'drizzle-orm/pg-core';
import { companyRef, staff, staffRef } from './staff.ts';
import { clients } from './cases.ts';
import { houseClients } from './house.ts';
import { identity, timestamptz, timestamptzNow, corpRef, type CorpKeyed } from './columns.ts';

/*
 * The signing centre (modules/sign): a signing task per instalment case or house client, taken first come
 * first served, and its append-only history. Only modules/sign imports this file.
 */

/**
 * A signing appointment: an instalment case (`clientId`) or a home-loan client at the bank
 * (`houseClientId`), exactly one of the two. Open tasks sit in the task centre until a signer takes one
 * (first come: a conditional update); the signer records signed or rejected; a rejection waits for the
 * rejection approver (spec: stored value 29; a per-company grant in staff_grants), who approves it or sends it
 * back to the signer. An instalment case's task opens whenever the case enters 签约中 (modules/cases).
 */
export const signTasks = pgTable(
  'sign_tasks',
  {
    id: identity(),
    corpId: companyRef(),
    clientId: integer(),
    houseClientId: integer(),
    signerId: integer(),
    /**
     * The signer the salesperson chose on the case form (签约人): the open task is in that signer's
     * "my tasks" as well as in the pool, and whoever takes it first holds it.
     */
    proposedSignerId: integer(),
    /** `withdrawn`: the case left signing another way (withdrawn by the client, moved by a leader). */
    status: text({ enum: ['open', 'taken', 'signed', 'rejected', 'reject_approved', 'withdrawn'] })
      .notNull()
      .default('open'),
    /** When and where the client is expected (the bank branch for a home loan). */
    appointmentAt: timestamptz(),
    place: text(),
    /** The signer's note on the outcome; the reason when rejected. */
    outcomeNote: text(),
    /** WeCom OA approval number once the rejection was sent to WeCom (wxWorkApprove). */
    wecomSpNo: text(),
    createdBy: integer(),
    takenAt: timestamptz(),
    finishedAt: timestamptz(),
    createdAt: timestamptzNow(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.corpId] }),
    corpRef('sign_tasks_client_id_fk', t.corpId, t.clientId, () => clients),
    corpRef('sign_tasks_house_client_id_fk', t.corpId, t.houseClientId, (): CorpKeyed => houseClients),
    corpRef('sign_tasks_signer_id_fk', t.corpId, t.signerId, () => staff),
    corpRef('sign_tasks_proposed_signer_id_fk', t.corpId, t.proposedSignerId, () => staff),
    corpRef('sign_tasks_created_by_fk', t.corpId, t.createdBy, () => staff),
    index().on(t.corpId, t.status),
    index().on(t.corpId, t.signerId, t.status),
    index().on(t.corpId, t.status, t.id),
    // A signer's list, newest first, whatever the status.
    index().on(t.corpId, t.signerId, t.id),
    index().on(t.corpId, t.houseClientId),
    // Every case read asks who holds or held its tasks (the access policy, decision 065), in any status.
    index().on(t.corpId, t.clientId),
    index().on(t.corpId, t.proposedSignerId, t.status),
    // One live signing task per instalment case, as per home-loan client.
    uniqueIndex('sign_tasks_one_live_case')
      .on(t.corpId, t.clientId)
      .where(sql`client_id is not null and status in ('open', 'taken', 'rejected')`),
    // One live signing task per home-loan client (open, taken, or a rejection awaiting approval).
    uniqueIndex('sign_tasks_one_live_house')
      .on(t.corpId, t.houseClientId)
      .where(sql`house_client_id is not null and status in ('open', 'taken', 'rejected')`),
    check('sign_tasks_one_subject', sql`(${t.clientId} is null) <> (${t.houseClientId} is null)`),
  ],
);

/** Append-only history of a signing task: who moved it from which status to which, and why. */
export const signTaskEvents = pgTable(
  'sign_task_events',
  {
    id: identity(),
    corpId: companyRef(),
    taskId: integer().notNull(),
    actorId: staffRef(),
    fromStatus: text().notNull(),
    toStatus: text().notNull(),
    reason: text().notNull().default(''),
    createdAt: timestamptzNow(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.corpId] }),
    corpRef('sign_task_events_task_id_fk', t.corpId, t.taskId, () => signTasks),
    corpRef('sign_task_events_actor_id_fk', t.corpId, t.actorId, () => staff),
    index().on(t.corpId, t.taskId, t.id),
  ],
);
