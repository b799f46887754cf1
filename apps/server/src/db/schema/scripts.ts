import { boolean, index, integer, pgTable, text, primaryKey } from 'drizzle-orm/pg-core';
import { SCRIPT_TOPIC_KEYS } from '@crm/domain/api/scripts';
import { companyRef, staff, staffRef } from './staff.ts';
import { identity, timestamptz, corpRef } from './columns.ts';

/*
 * The approved scripts (话术库, issue 50 point 3, decision 080). Only modules/scripts imports this file.
 */

/** A script the company's admin approved, by topic; switched off rather than deleted, so its uses stay counted. */
export const chatScripts = pgTable(
  'chat_scripts',
  {
    id: identity(),
    corpId: companyRef(),
    topic: text({ enum: SCRIPT_TOPIC_KEYS }).notNull(),
    title: text().notNull(),
    content: text().notNull(),
    isActive: boolean().notNull().default(true),
    /** The running count of its uses (chat_script_uses), kept in the use's transaction. */
    uses: integer().notNull().default(0),
    updatedBy: staffRef(),
    updatedAt: timestamptz().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.corpId] }),
    corpRef('chat_scripts_updated_by_fk', t.corpId, t.updatedBy, () => staff),
    index().on(t.corpId, t.topic, t.id),
  ],
);

/** One time a member put a script into a chat: per script and per member usage, and with whom. */
export const chatScriptUses = pgTable(
  'chat_script_uses',
  {
    id: identity(),
    corpId: companyRef(),
    scriptId: integer().notNull(),
    staffId: staffRef(),
    /** The chat's external contact; '' when the sidebar was open outside a single chat. */
    externalUserid: text().notNull().default(''),
    usedAt: timestamptz().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.corpId] }),
    corpRef('chat_script_uses_script_id_fk', t.corpId, t.scriptId, () => chatScripts),
    corpRef('chat_script_uses_staff_id_fk', t.corpId, t.staffId, () => staff),
    index().on(t.corpId, t.scriptId),
    index().on(t.corpId, t.staffId),
  ],
);
