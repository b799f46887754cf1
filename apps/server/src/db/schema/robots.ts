import { boolean, index, integer, pgTable, text, primaryKey } from 'drizzle-orm/pg-core';
import { sealedText } from '../../pii/column.ts';
import { companyRef, teams } from './staff.ts';
import { identity, timestamptz, corpRef } from './columns.ts';

/*
 * WeCom group robots (issue 50 point 4, decision 076). Only modules/robots imports this file.
 */

/**
 * A group's robot a company's admin connected: its webhook key (the whole credential, sealed like a personal
 * value), the team whose events it hears (null: the company's) and the events chosen. Its posts are jobs of the
 * durable queue (modules/reminders), so a WeCom outage delays them instead of losing them.
 */
export const teamRobots = pgTable(
  'team_robots',
  {
    id: identity(),
    corpId: companyRef(),
    teamId: integer(),
    name: text().notNull(),
    webhookKey: sealedText('team_robots.webhook_key').notNull(),
    events: text().array().notNull(),
    isActive: boolean().notNull().default(true),
    /** WeCom's words the last time a post was given up; '' once one goes through. */
    lastError: text().notNull().default(''),
    updatedAt: timestamptz().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.corpId] }),
    corpRef('team_robots_team_id_fk', t.corpId, t.teamId, () => teams),
    index().on(t.corpId, t.id),
  ],
);
