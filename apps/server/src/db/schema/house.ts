import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, smallint, text, uniqueIndex, primaryKey } from 'drizzle-orm/pg-core';
import { companyRef, staff, staffRef, teams } from './staff.ts';
import { files } from './files.ts';
import { identity, timestamptz, timestamptzNow, corpRef, type CorpKeyed } from './columns.ts';
import { sealedText } from '../../pii/column.ts';

/*
 * The home-loan business (modules/house): house clients, channels that refer them, recommendations,
 * client images, brokerage receivers, brokerage orders, over-limit audits and their append-only events.
 * Every table leads its keys with corp_id; money is integer fen. Only modules/house imports this file.
 */

/**
 * A home-loan (mortgage) client taken in by a salesperson (`ownerId`), possibly from a channel or referred
 * by another client, looked after by a steward (job 5; 'waiting' is the steward's remind badge). Money in
 * fen. Deleting only marks `deletedAt`: orders and events keep pointing at the row.
 */
export const houseClients = pgTable(
  'house_clients',
  {
    id: identity(),
    corpId: companyRef(),
    ownerId: staffRef(),
    stewardId: integer(),
    name: text().notNull(),
    /** Sealed (decision 074); found by `phone_bidx`, or by its last four digits by `phone_last4_bidx`. */
    phone: sealedText('house_clients.phone').notNull(),
    phoneBidx: text(),
    phoneLast4Bidx: text(),
    stewardStatus: text({ enum: ['waiting', 'handled'] })
      .notNull()
      .default('waiting'),
    createdAt: timestamptzNow(),
    /** The owner's team when taken in or allocated: the team leader's view (houseTeam). */
    teamId: integer(),
    /** A house channel (db/schema/house.ts); no foreign key here to keep the two schema files acyclic. */
    channelId: integer(),
    /** The client who referred this one: the referral chain of the detail page. */
    referrerId: integer(),
    /** Sealed (decision 074), null when not given; found by `id_number_bidx`. */
    idNumber: sealedText('house_clients.id_number'),
    idNumberBidx: text(),
    loanAmountFen: bigint({ mode: 'number' }).notNull().default(0),
    termMonths: smallint().notNull().default(240),
    bank: text().notNull().default(''),
    product: text({ enum: ['mortgage', 'card'] })
      .notNull()
      .default('mortgage'),
    source: text({ enum: ['staff', 'channel', 'official'] })
      .notNull()
      .default('staff'),
    /** HOUSE_STATUS in packages/domain/src/house: 1 new … 4 signing failed. */
    status: smallint().notNull().default(1),
    remark: text().notNull().default(''),
    brokerageRateBp: integer(),
    brokerageFen: bigint({ mode: 'number' }),
    brokerageState: text({ enum: ['none', 'pending_audit', 'approved', 'rejected'] })
      .notNull()
      .default('none'),
    deletedAt: timestamptz(),
    /** The channel agent who referred the client through /houseloan (decision 052); null for staff intake. */
    channelAgentId: integer(),
    /** When the signing centre signed the client: the month a channel's referral counts as completed. */
    signedAt: timestamptz(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.corpId] }),
    corpRef('house_clients_owner_id_fk', t.corpId, t.ownerId, () => staff),
    corpRef('house_clients_steward_id_fk', t.corpId, t.stewardId, () => staff),
    corpRef('house_clients_team_id_fk', t.corpId, t.teamId, () => teams),
    corpRef('house_clients_referrer_id_fk', t.corpId, t.referrerId, () => t),
    corpRef('house_clients_channel_agent_id_fk', t.corpId, t.channelAgentId, (): CorpKeyed => houseBrokerageUsers),
    index().on(t.corpId, t.channelAgentId, t.id),
    // The stewards' pool of channel referrals nobody has taken yet (allot).
    index('house_clients_unclaimed_idx')
      .on(t.corpId, t.id)
      .where(sql`${t.stewardId} is null and ${t.deletedAt} is null`),
    index().on(t.corpId, t.channelId, t.signedAt),
    index().on(t.corpId, t.stewardId, t.stewardStatus),
    index().on(t.corpId, t.ownerId),
    index().on(t.corpId, t.ownerId, t.id),
    index().on(t.corpId, t.teamId, t.id),
    index().on(t.corpId, t.channelId, t.id),
    index()
      .on(t.corpId, t.id)
      .where(sql`${t.deletedAt} is null`),
    index().on(t.corpId, t.brokerageState, t.id),
    // The duplicate check and the data-subject search (decision 074's blind indexes).
    index('house_clients_corp_phone_bidx')
      .on(t.corpId, t.phoneBidx)
      .where(sql`${t.deletedAt} is null`),
    index('house_clients_corp_phone_last4_bidx')
      .on(t.corpId, t.phoneLast4Bidx)
      .where(sql`${t.deletedAt} is null`),
    index('house_clients_corp_id_number_bidx').on(t.corpId, t.idNumberBidx),
  ],
);

/** A home-loan client a row belongs to. */
export const houseClientRef = () => integer().notNull();

/** A partner (an estate agency, a broker) that refers home-loan clients; owned by one salesperson. */
export const houseChannels = pgTable(
  'house_channels',
  {
    id: identity(),
    corpId: companyRef(),
    ownerId: staffRef(),
    name: text().notNull(),
    contact: text().notNull(),
    /** Sealed (decision 074): shown masked, revealed on request, never looked up. */
    phone: sealedText('house_channels.phone').notNull(),
    remark: text().notNull().default(''),
    createdAt: timestamptzNow(),
    /** Stopped by staff: its agents can no longer log in to /houseloan or refer (decision 052). */
    disabledAt: timestamptz(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.corpId] }),
    corpRef('house_channels_owner_id_fk', t.corpId, t.ownerId, () => staff),
    index().on(t.corpId, t.ownerId, t.id),
    index().on(t.corpId, t.id),
  ],
);

/** A prospective client recommended by a salesperson or a channel, before it becomes a house client. */
export const houseRecommends = pgTable(
  'house_recommends',
  {
    id: identity(),
    corpId: companyRef(),
    staffId: staffRef(),
    channelId: integer(),
    name: text().notNull(),
    /** Sealed (decision 074): shown masked, revealed on the recommendation's sheet, never looked up. */
    phone: sealedText('house_recommends.phone').notNull(),
    intentAmountFen: bigint({ mode: 'number' }).notNull().default(0),
    remark: text().notNull().default(''),
    createdAt: timestamptzNow(),
  },
  // The second index serves finance, who lists the whole company's recommendations.
  (t) => [
    primaryKey({ columns: [t.id, t.corpId] }),
    corpRef('house_recommends_staff_id_fk', t.corpId, t.staffId, () => staff),
    corpRef('house_recommends_channel_id_fk', t.corpId, t.channelId, () => houseChannels),
    index().on(t.corpId, t.staffId, t.id),
    index().on(t.corpId, t.id),
  ],
);

/** An image of a house client's file, by type (HOUSE_IMAGE_TYPES); the file itself is modules/files'. */
export const houseImages = pgTable(
  'house_images',
  {
    id: identity(),
    corpId: companyRef(),
    houseClientId: houseClientRef(),
    houseType: smallint().notNull(),
    /** The stored image (modules/files): storage, signed links and the sweep are that module's. */
    fileId: integer().notNull(),
    /** Staff who uploaded it, or the channel agent (the client's consent photo of /houseloan): exactly one. */
    uploadedBy: integer(),
    uploadedByAgentId: integer(),
    createdAt: timestamptzNow(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.corpId] }),
    corpRef('house_images_house_client_id_fk', t.corpId, t.houseClientId, () => houseClients),
    corpRef('house_images_file_id_fk', t.corpId, t.fileId, () => files),
    corpRef('house_images_uploaded_by_fk', t.corpId, t.uploadedBy, () => staff),
    corpRef(
      'house_images_uploaded_by_agent_id_fk',
      t.corpId,
      t.uploadedByAgentId,
      (): CorpKeyed => houseBrokerageUsers,
    ),
    index().on(t.corpId, t.houseClientId, t.houseType, t.id),
    uniqueIndex().on(t.fileId, t.corpId),
    check('house_images_one_uploader', sql`num_nonnulls(${t.uploadedBy}, ${t.uploadedByAgentId}) = 1`),
  ],
);

/** A person who receives brokerage (an agent of a channel), with the account it is paid to. */
export const houseBrokerageUsers = pgTable(
  'house_brokerage_users',
  {
    id: identity(),
    corpId: companyRef(),
    ownerId: staffRef(),
    channelId: integer(),
    name: text().notNull(),
    /** Sealed (decision 074); an agent logs in by it through `phone_bidx`, the list searches `phone_last4_bidx`. */
    phone: sealedText('house_brokerage_users.phone').notNull(),
    phoneBidx: text(),
    phoneLast4Bidx: text(),
    bankName: text().notNull(),
    /** Sealed (decision 074); shown masked, opened for the payment of an order (logged). */
    bankCard: sealedText('house_brokerage_users.bank_card').notNull(),
    createdAt: timestamptzNow(),
    /**
     * The WeChat official-account openid the agent bound at /houseloan (snsapi_base, verified by the server
     * with WeChat), so opening the portal in WeChat signs them in without a code.
     */
    wechatOpenid: text(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.corpId] }),
    corpRef('house_brokerage_users_owner_id_fk', t.corpId, t.ownerId, () => staff),
    corpRef('house_brokerage_users_channel_id_fk', t.corpId, t.channelId, () => houseChannels),
    index().on(t.corpId, t.ownerId, t.id),
    index().on(t.corpId, t.id),
    // A channel agent logs in by phone: one agent per phone in a company.
    uniqueIndex('house_brokerage_users_agent_phone_bidx')
      .on(t.corpId, t.phoneBidx)
      .where(sql`${t.channelId} is not null`),
    // The portal's login before a company is known: every company's index of the phone.
    index('house_brokerage_users_phone_bidx').on(t.phoneBidx),
    index('house_brokerage_users_corp_phone_last4_bidx').on(t.corpId, t.phoneLast4Bidx),
    uniqueIndex('house_brokerage_users_openid')
      .on(t.corpId, t.wechatOpenid)
      .where(sql`${t.wechatOpenid} is not null`),
  ],
);

/**
 * An over-limit brokerage waiting for finance (job 4). `receiverIds` and `shares` are the split asked
 * for; the orders are made from them only on approval. One pending audit per client at a time.
 */
export const houseAudits = pgTable(
  'house_audits',
  {
    id: identity(),
    corpId: companyRef(),
    houseClientId: houseClientRef(),
    requestedBy: staffRef(),
    rateBp: integer().notNull(),
    amountFen: bigint({ mode: 'number' }).notNull(),
    receiverIds: integer().array().notNull(),
    shares: integer().array().notNull(),
    status: text({ enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    decidedBy: integer(),
    decidedAt: timestamptz(),
    createdAt: timestamptzNow(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.corpId] }),
    corpRef('house_audits_house_client_id_fk', t.corpId, t.houseClientId, () => houseClients),
    corpRef('house_audits_requested_by_fk', t.corpId, t.requestedBy, () => staff),
    corpRef('house_audits_decided_by_fk', t.corpId, t.decidedBy, () => staff),
    index().on(t.corpId, t.status, t.id),
    uniqueIndex('house_audits_one_pending')
      .on(t.corpId, t.houseClientId)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/** Append-only: who asked, who decided, when and why. Never updated or deleted. */
export const houseAuditEvents = pgTable(
  'house_audit_events',
  {
    id: identity(),
    corpId: companyRef(),
    auditId: integer().notNull(),
    actorId: staffRef(),
    decision: text({ enum: ['requested', 'approved', 'rejected'] }).notNull(),
    reason: text().notNull().default(''),
    createdAt: timestamptzNow(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.corpId] }),
    corpRef('house_audit_events_audit_id_fk', t.corpId, t.auditId, () => houseAudits),
    corpRef('house_audit_events_actor_id_fk', t.corpId, t.actorId, () => staff),
    index().on(t.corpId, t.auditId, t.id),
  ],
);

/** One receiver's part of a client's brokerage: 1 waiting for payment → 2 paid, or 3 cancelled. */
export const houseBrokerageOrders = pgTable(
  'house_brokerage_orders',
  {
    id: identity(),
    corpId: companyRef(),
    houseClientId: houseClientRef(),
    brokerageUserId: integer().notNull(),
    auditId: integer(),
    amountFen: bigint({ mode: 'number' }).notNull(),
    rateBp: integer().notNull(),
    status: smallint().notNull().default(1),
    remark: text().notNull().default(''),
    /** The bank's transfer reference once paid. */
    payRef: text().notNull().default(''),
    createdBy: staffRef(),
    decidedBy: integer(),
    decidedAt: timestamptz(),
    createdAt: timestamptzNow(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.corpId] }),
    corpRef('house_brokerage_orders_house_client_id_fk', t.corpId, t.houseClientId, () => houseClients),
    corpRef('house_brokerage_orders_brokerage_user_id_fk', t.corpId, t.brokerageUserId, () => houseBrokerageUsers),
    corpRef('house_brokerage_orders_audit_id_fk', t.corpId, t.auditId, () => houseAudits),
    corpRef('house_brokerage_orders_created_by_fk', t.corpId, t.createdBy, () => staff),
    corpRef('house_brokerage_orders_decided_by_fk', t.corpId, t.decidedBy, () => staff),
    index().on(t.corpId, t.status, t.id),
    index().on(t.corpId, t.houseClientId),
    index().on(t.corpId, t.id),
  ],
);

/**
 * Append-only: a home-loan client or a channel handed to another salesperson (allotHouse): who moved it,
 * when, from whom, to whom. Never updated or deleted.
 */
export const houseOwnerEvents = pgTable(
  'house_owner_events',
  {
    id: identity(),
    corpId: companyRef(),
    subject: text({ enum: ['client', 'channel'] }).notNull(),
    /** The house client's or the channel's id, by `subject`. */
    subjectId: integer().notNull(),
    fromStaffId: staffRef(),
    toStaffId: staffRef(),
    actorId: staffRef(),
    createdAt: timestamptzNow(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.corpId] }),
    corpRef('house_owner_events_from_staff_id_fk', t.corpId, t.fromStaffId, () => staff),
    corpRef('house_owner_events_to_staff_id_fk', t.corpId, t.toStaffId, () => staff),
    corpRef('house_owner_events_actor_id_fk', t.corpId, t.actorId, () => staff),
    index().on(t.corpId, t.subject, t.subjectId, t.id),
  ],
);

/**
 * Append-only: a document (house image) removed from a client's file, by whom and when, with the type
 * and the upload it was. The image row and its stored file go; this row keeps that they existed.
 */
export const houseImageEvents = pgTable(
  'house_image_events',
  {
    id: identity(),
    corpId: companyRef(),
    houseClientId: houseClientRef(),
    kind: text({ enum: ['deleted'] }).notNull(),
    /** The removed house_images row's id; no reference, the row is gone. */
    imageId: integer().notNull(),
    houseType: smallint().notNull(),
    uploadedBy: integer(),
    uploadedByAgentId: integer(),
    uploadedAt: timestamptz().notNull(),
    actorId: staffRef(),
    createdAt: timestamptz().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.corpId] }),
    corpRef('house_image_events_house_client_id_fk', t.corpId, t.houseClientId, () => houseClients),
    corpRef('house_image_events_uploaded_by_fk', t.corpId, t.uploadedBy, () => staff),
    corpRef('house_image_events_uploaded_by_agent_id_fk', t.corpId, t.uploadedByAgentId, () => houseBrokerageUsers),
    corpRef('house_image_events_actor_id_fk', t.corpId, t.actorId, () => staff),
    index().on(t.corpId, t.houseClientId, t.id),
  ],
);
