import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, smallint, text, uniqueIndex, primaryKey } from 'drizzle-orm/pg-core';
import { companyRef, staff, staffRef } from './staff.ts';
import { identity, timestamptz, timestamptzNow, corpRef } from './columns.ts';
import { sealedText } from '../../pii/column.ts';

/*
 * Outside partners (外部合作伙伴, issue 11, decision 049): their accounts, invite codes, referrals and
 * channels. Only modules/outside imports this file.
 */

/**
 * A partner's account. `staffId` is the staff member whose network the partner belongs to: the inviter, or
 * for a partner invited by a partner, that partner's staff member; the staff side sees partners through it.
 * `status`: 0 waiting for approval, 1 approved, 2 declined. No secret is stored: a partner logs in by SMS.
 */
export const outsidePartners = pgTable(
  'outside_partners',
  {
    id: identity(),
    corpId: companyRef(),
    name: text().notNull(),
    /** Sealed (decision 074); found by `phone_bidx` (registration, SMS login). */
    phone: sealedText('outside_partners.phone').notNull(),
    phoneBidx: text(),
    status: smallint().notNull().default(0),
    staffId: staffRef(),
    parentId: integer(),
    declineReason: text().notNull().default(''),
    decidedBy: integer(),
    decidedAt: timestamptz(),
    createdAt: timestamptzNow(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.corpId] }),
    corpRef('outside_partners_staff_id_fk', t.corpId, t.staffId, () => staff),
    corpRef('outside_partners_decided_by_fk', t.corpId, t.decidedBy, () => staff),
    // One account per phone in a company; two registrations racing make one.
    uniqueIndex('outside_partners_corp_phone_bidx').on(t.corpId, t.phoneBidx),
    index().on(t.corpId, t.staffId, t.status, t.id),
    index().on(t.corpId, t.parentId, t.id),
  ],
);

/** The partner a row belongs to. */
const partnerRef = () => integer().notNull();

/** The invite code of a staff member or a partner: made once on first ask, then the same for good. */
export const outsideInvites = pgTable(
  'outside_invites',
  {
    code: text().notNull(),
    corpId: companyRef(),
    staffId: integer(),
    partnerId: integer(),
    createdAt: timestamptzNow(),
  },
  (t) => [
    // The invite link's code finds the invite on its own (it leads); corp_id makes the key Citus-shaped (decision 084).
    primaryKey({ columns: [t.code, t.corpId] }),
    corpRef('outside_invites_staff_id_fk', t.corpId, t.staffId, () => staff),
    corpRef('outside_invites_partner_id_fk', t.corpId, t.partnerId, () => outsidePartners),
    uniqueIndex('outside_invites_one_per_staff')
      .on(t.corpId, t.staffId)
      .where(sql`staff_id is not null`),
    uniqueIndex('outside_invites_one_per_partner')
      .on(t.corpId, t.partnerId)
      .where(sql`partner_id is not null`),
    check('outside_invites_one_inviter', sql`num_nonnulls(${t.staffId}, ${t.partnerId}) = 1`),
  ],
);

/** A partner's channel (a store, a sub-agent …) that referrals may be filed under. */
export const outsideChannels = pgTable(
  'outside_channels',
  {
    id: identity(),
    corpId: companyRef(),
    partnerId: partnerRef(),
    name: text().notNull(),
    contact: text().notNull().default(''),
    /** Sealed (decision 074); never looked up. */
    phone: sealedText('outside_channels.phone').notNull().default(''),
    deletedAt: timestamptz(),
    createdAt: timestamptzNow(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.corpId] }),
    corpRef('outside_channels_partner_id_fk', t.corpId, t.partnerId, () => outsidePartners),
    index().on(t.corpId, t.partnerId, t.id),
  ],
);

/**
 * A client a partner referred (报备). 1 protected until `protectedUntil`, 2 converted into the instalment case
 * `caseId`, 3 released (its protection ran out). A protected referral holds its phone and ID number in the
 * company: the partial unique indexes are the last word when two partners refer one client at once.
 */
export const outsideReferrals = pgTable(
  'outside_referrals',
  {
    id: identity(),
    corpId: companyRef(),
    partnerId: partnerRef(),
    name: text().notNull(),
    /** Sealed (decision 074); found by `phone_bidx`, or with a name by its last four by `phone_last4_bidx`. */
    phone: sealedText('outside_referrals.phone').notNull(),
    phoneBidx: text(),
    phoneLast4Bidx: text(),
    /** Sealed (decision 074); found by `id_number_bidx` (null when none). */
    idNumber: sealedText('outside_referrals.id_number').notNull(),
    idNumberBidx: text(),
    amountFen: bigint({ mode: 'number' }).notNull(),
    productId: integer(),
    remarks: text().notNull().default(''),
    channelId: integer(),
    status: smallint().notNull().default(1),
    protectedUntil: timestamptz().notNull(),
    caseId: integer(),
    convertedBy: integer(),
    convertedAt: timestamptz(),
    releasedAt: timestamptz(),
    /** Put in the company's pool (decision 066) as the case `caseId`, or looked at and left (a live case held it). */
    pooledAt: timestamptz(),
    createdAt: timestamptzNow(),
    updatedAt: timestamptzNow(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.corpId] }),
    corpRef('outside_referrals_partner_id_fk', t.corpId, t.partnerId, () => outsidePartners),
    corpRef('outside_referrals_channel_id_fk', t.corpId, t.channelId, () => outsideChannels),
    corpRef('outside_referrals_converted_by_fk', t.corpId, t.convertedBy, () => staff),
    uniqueIndex('outside_referrals_phone_bidx_protected')
      .on(t.corpId, t.phoneBidx)
      .where(sql`status = 1`),
    uniqueIndex('outside_referrals_id_number_bidx_protected')
      .on(t.corpId, t.idNumberBidx)
      .where(sql`status = 1 and id_number_bidx is not null`),
    // The duplicate check and the data-subject search, over every status.
    index('outside_referrals_corp_phone_bidx').on(t.corpId, t.phoneBidx),
    index('outside_referrals_corp_phone_last4_bidx').on(t.corpId, t.phoneLast4Bidx),
    index('outside_referrals_corp_id_number_bidx').on(t.corpId, t.idNumberBidx),
    uniqueIndex('outside_referrals_one_per_case')
      .on(t.corpId, t.caseId)
      .where(sql`case_id is not null`),
    index().on(t.corpId, t.partnerId, t.status, t.id),
    // The hourly release of referrals whose protection ran out.
    index('outside_referrals_protected_until')
      .on(t.protectedUntil)
      .where(sql`status = 1`),
  ],
);
