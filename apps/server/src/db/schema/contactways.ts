import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uniqueIndex, primaryKey } from 'drizzle-orm/pg-core';
import { companyRef, staff, staffRef } from './staff.ts';
import { identity, timestamptz, corpRef } from './columns.ts';

/*
 * 渠道活码 (issue 50 point 1, decision 083). Only modules/contactways imports this file.
 */

/**
 * A WeCom "contact me" QR made for a channel, an activity or a partner (externalcontact/add_contact_way): the
 * member it adds customers to, the `state` WeCom hands back in the add-contact event, WeCom's config_id (what
 * deletes it) and the QR image. Disabled, it is deleted in WeCom and kept here for its numbers.
 */
export const contactWays = pgTable(
  'contact_ways',
  {
    id: identity(),
    corpId: companyRef(),
    name: text().notNull(),
    kind: text({ enum: ['channel', 'activity', 'partner'] }).notNull(),
    state: text().notNull(),
    staffId: staffRef(),
    configId: text().notNull(),
    qrCode: text().notNull(),
    isActive: boolean().notNull().default(true),
    createdBy: staffRef(),
    createdAt: timestamptz().notNull(),
    disabledAt: timestamptz(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.corpId] }),
    corpRef('contact_ways_staff_id_fk', t.corpId, t.staffId, () => staff),
    corpRef('contact_ways_created_by_fk', t.corpId, t.createdBy, () => staff),
    uniqueIndex('contact_ways_one_state').on(t.corpId, t.state),
    index().on(t.corpId, t.id),
    index().on(t.corpId, t.staffId, t.id),
    check('contact_ways_disabled_when', sql`${t.isActive} = (${t.disabledAt} is null)`),
  ],
);

/**
 * A customer who added a member through a QR: the source they are tagged with (the first QR they came through;
 * a later add through another keeps the first), the member, and their customer file (modules/chatter).
 */
export const contactWayCustomers = pgTable(
  'contact_way_customers',
  {
    id: identity(),
    corpId: companyRef(),
    contactWayId: integer().notNull(),
    externalUserid: text().notNull(),
    staffId: integer(),
    filingId: integer(),
    /** WeCom's CreateTime of the add event. */
    addedAt: timestamptz().notNull(),
    createdAt: timestamptz().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.corpId] }),
    corpRef('contact_way_customers_contact_way_id_fk', t.corpId, t.contactWayId, () => contactWays),
    corpRef('contact_way_customers_staff_id_fk', t.corpId, t.staffId, () => staff),
    uniqueIndex('contact_way_customers_one_source').on(t.corpId, t.externalUserid),
    index().on(t.corpId, t.contactWayId, t.id),
  ],
);
