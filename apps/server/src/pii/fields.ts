import { isSealed, type IndexKind } from './cipher.ts';
import { keyring, type Sealer } from './keyring.ts';
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client.ts';

/*
 * Which columns of which tables hold sealed personal values, with their blind indexes (decision 074). The
 * writers seal through it (sealRows / sealValues); start-up's sweep of plain rows and the rotation command walk it.
 */

export interface SealedField {
  /** The property of the Drizzle row ('phone'). */
  key: string;
  /** 'table.column' as the value's additional data names it ('clients.phone'). */
  column: string;
  /** The blind index's kind and property, when the product looks the value up. */
  index?: { kind: IndexKind; key: string };
  /** The property holding the index of the last four digits (phones searched that way). */
  last4Key?: string;
  /** A jsonb value kept sealed as text (esign_orders.pages): written as its JSON, read back parsed. */
  json?: true;
}

export interface SealedTable {
  table: string;
  fields: readonly SealedField[];
  /** The SQL columns naming one row, when not `id` (activity_visitors: corp_id and openid). */
  rowKey?: readonly string[];
}

export const CLIENTS_PII: SealedTable = {
  table: 'clients',
  fields: [
    {
      key: 'phone',
      column: 'clients.phone',
      index: { kind: 'phone', key: 'phoneBidx' },
      last4Key: 'phoneLast4Bidx',
    },
    { key: 'idNumber', column: 'clients.id_number', index: { kind: 'id_number', key: 'idNumberBidx' } },
    { key: 'bankCard', column: 'clients.bank_card' },
  ],
};

/** The WeCom group robots' webhook keys (decision 076), sealed by modules/robots. */
export const TEAM_ROBOTS_PII: SealedTable = {
  table: 'team_robots',
  fields: [{ key: 'webhookKey', column: 'team_robots.webhook_key' }],
};

/** A partner's account (decision 049): found by phone at registration and SMS login; one per phone. */
export const OUTSIDE_PARTNERS_PII: SealedTable = {
  table: 'outside_partners',
  fields: [{ key: 'phone', column: 'outside_partners.phone', index: { kind: 'phone', key: 'phoneBidx' } }],
};

/**
 * A partner's referral: who holds a client (phone or ID number), the duplicate check (a name with the last
 * digits of a phone) and the data-subject search look it up.
 */
export const OUTSIDE_REFERRALS_PII: SealedTable = {
  table: 'outside_referrals',
  fields: [
    {
      key: 'phone',
      column: 'outside_referrals.phone',
      index: { kind: 'phone', key: 'phoneBidx' },
      last4Key: 'phoneLast4Bidx',
    },
    { key: 'idNumber', column: 'outside_referrals.id_number', index: { kind: 'id_number', key: 'idNumberBidx' } },
  ],
};

/** A partner's channel's contact phone: shown to the partner, never looked up. */
export const OUTSIDE_CHANNELS_PII: SealedTable = {
  table: 'outside_channels',
  fields: [{ key: 'phone', column: 'outside_channels.phone' }],
};

/** A WeCom contact's customer file (decision 055): opened by its external_userid, never by these values. */
export const CUSTOMER_FILINGS_PII: SealedTable = {
  table: 'customer_filings',
  fields: [
    { key: 'mobile', column: 'customer_filings.mobile' },
    { key: 'idNumber', column: 'customer_filings.id_number' },
  ],
};

/** Home-loan clients (modules/house): found by phone, its last four (the list's search) and ID number. */
export const HOUSE_CLIENTS_PII: SealedTable = {
  table: 'house_clients',
  fields: [
    {
      key: 'phone',
      column: 'house_clients.phone',
      index: { kind: 'phone', key: 'phoneBidx' },
      last4Key: 'phoneLast4Bidx',
    },
    { key: 'idNumber', column: 'house_clients.id_number', index: { kind: 'id_number', key: 'idNumberBidx' } },
  ],
};

/** Brokerage receivers: a channel's agent logs in by phone; the receivers' list searches its last four. */
export const HOUSE_BROKERAGE_USERS_PII: SealedTable = {
  table: 'house_brokerage_users',
  fields: [
    {
      key: 'phone',
      column: 'house_brokerage_users.phone',
      index: { kind: 'phone', key: 'phoneBidx' },
      last4Key: 'phoneLast4Bidx',
    },
    { key: 'bankCard', column: 'house_brokerage_users.bank_card' },
  ],
};

/** A house channel's contact phone: shown masked, revealed on request, never looked up. */
export const HOUSE_CHANNELS_PII: SealedTable = {
  table: 'house_channels',
  fields: [{ key: 'phone', column: 'house_channels.phone' }],
};

/** A recommendation's phone: shown masked, revealed on its sheet, never looked up. */
export const HOUSE_RECOMMENDS_PII: SealedTable = {
  table: 'house_recommends',
  fields: [{ key: 'phone', column: 'house_recommends.phone' }],
};

/** An agreement's frozen copy of the borrower's phone and ID number (decision 051): read whole, never looked up. */
export const FINANCE_PACTS_PII: SealedTable = {
  table: 'finance_pacts',
  fields: [
    { key: 'borrowerPhone', column: 'finance_pacts.borrower_phone' },
    { key: 'borrowerIdNumber', column: 'finance_pacts.borrower_id_number' },
  ],
};

/**
 * An e-sign order (decision 054): found by its link token; the signer's ID number is compared with the opened
 * value. The pages carry the case's name, phone and ID number as the document prints them, so they are sealed.
 */
export const ESIGN_ORDERS_PII: SealedTable = {
  table: 'esign_orders',
  fields: [
    { key: 'signerPhone', column: 'esign_orders.signer_phone' },
    { key: 'signerIdNumber', column: 'esign_orders.signer_id_number' },
    { key: 'bankCard', column: 'esign_orders.bank_card' },
    { key: 'pages', column: 'esign_orders.pages', json: true },
  ],
};

/** The phone an activity's visitor proved (decision 056), read by the visitor's openid. */
export const ACTIVITY_VISITORS_PII: SealedTable = {
  table: 'activity_visitors',
  fields: [{ key: 'phone', column: 'activity_visitors.phone' }],
  rowKey: ['corp_id', 'openid'],
};

/** A visitor's sign-up: one per visitor (openid), activity and kind; the phone is what the form asked. */
export const ACTIVITY_ENTRIES_PII: SealedTable = {
  table: 'activity_entries',
  fields: [{ key: 'phone', column: 'activity_entries.phone' }],
};

/**
 * Staff: login by phone finds them by `phone_bidx` (in every company when the company is not known yet,
 * `indexedInAnyCompany`); the back office's staff search by the last four.
 */
export const STAFF_PII: SealedTable = {
  table: 'staff',
  fields: [
    { key: 'phone', column: 'staff.phone', index: { kind: 'phone', key: 'phoneBidx' }, last4Key: 'phoneLast4Bidx' },
  ],
};

/**
 * Every table with sealed columns, for the sweep and the rotation: a table missing here keeps rows under a
 * data key the rotation would drop as unused.
 */
export const SEALED_TABLES: readonly SealedTable[] = [
  CLIENTS_PII,
  TEAM_ROBOTS_PII,
  OUTSIDE_PARTNERS_PII,
  OUTSIDE_REFERRALS_PII,
  OUTSIDE_CHANNELS_PII,
  CUSTOMER_FILINGS_PII,
  ESIGN_ORDERS_PII,
  ACTIVITY_VISITORS_PII,
  ACTIVITY_ENTRIES_PII,
  HOUSE_CLIENTS_PII,
  HOUSE_BROKERAGE_USERS_PII,
  HOUSE_CHANNELS_PII,
  HOUSE_RECOMMENDS_PII,
  FINANCE_PACTS_PII,
  STAFF_PII,
];

/** The SQL name of a Drizzle property (the schema's snake_case casing). */
export const sqlName = (key: string) => key.replace(/[A-Z]/g, (m) => `_${m.toLowerCase()}`);

/**
 * `values` with each personal field sealed and its indexes set, for an insert or an update of one company's
 * row; fields absent from `values` stay absent (an update that does not touch them keeps them).
 */
export function sealWith<V extends object>(pii: Sealer, spec: SealedTable, values: V): V {
  const out: Record<string, unknown> = { ...(values as Record<string, unknown>) };
  for (const field of spec.fields) {
    const given = (values as Record<string, unknown>)[field.key];
    // A nullable field set to null (a house client's ID number) takes its indexes with it.
    if (given === null) {
      if (field.index) out[field.index.key] = null;
      if (field.last4Key) out[field.last4Key] = null;
      continue;
    }
    const value = field.json && typeof given === 'object' ? JSON.stringify(given) : given;
    // A value its writer sealed already is kept as it is, never sealed twice.
    if (typeof value !== 'string' || isSealed(value)) continue;
    out[field.key] = pii.seal(field.column, value);
    if (field.index) out[field.index.key] = pii.index(field.index.kind, value);
    if (field.last4Key) out[field.last4Key] = pii.last4(value);
  }
  return out as V;
}

/** `values` of company `corpId` sealed (see sealWith). */
export async function sealValues<V extends object>(db: Db | Tx, corpId: number, spec: SealedTable, values: V) {
  // An update that touches no personal field needs no key (and no look-up of one).
  if (!spec.fields.some((field) => field.key in values)) return values;
  return sealWith(await keyring.forCompany(db, corpId), spec, values);
}

/** Rows of any companies sealed, each under its own company's key. */
export async function sealRows<V extends { corpId: number }>(db: Db | Tx, spec: SealedTable, rows: V[]) {
  const sealers = new Map<number, Sealer>();
  const out: V[] = [];
  for (const row of rows) {
    let pii = sealers.get(row.corpId);
    if (!pii) {
      pii = await keyring.forCompany(db, row.corpId);
      sealers.set(row.corpId, pii);
    }
    out.push(sealWith(pii, spec, row));
  }
  return out;
}

/**
 * A row of any company whose `bidx` is `value`'s index under that row's own company's key: the lookups made
 * before the company is known (an SMS code for a staff member's or a channel agent's phone). The plain
 * `in` lets the planner use the index on `bidx`; the pairs keep a row to its own company's index.
 */
export async function indexedInAnyCompany(
  db: Db | Tx,
  corpColumn: PgColumn,
  bidxColumn: PgColumn,
  kind: IndexKind,
  value: string,
): Promise<SQL> {
  const pairs = await keyring.indexInEveryCompany(db, kind, value);
  if (pairs.length === 0) return sql`false`;
  const tuples = pairs.map((pair) => sql`(${pair.corpId}::int, ${pair.index}::text)`);
  return sql`(${inArray(
    bidxColumn,
    pairs.map((pair) => pair.index),
  )} and (${corpColumn}, ${bidxColumn}) in (${sql.join(tuples, sql`, `)}))`;
}

/**
 * A search box's phone (decision 074): all 11 digits through the phone's index, four through its last four's;
 * undefined for anything else (a sealed phone has no other fragment to match).
 */
export function phoneSearch(pii: Sealer, keyword: string, columns: { bidx: PgColumn; last4: PgColumn }) {
  if (/^\d{11}$/.test(keyword)) return eq(columns.bidx, pii.index('phone', keyword) ?? '');
  if (/^\d{4}$/.test(keyword)) return eq(columns.last4, pii.last4(keyword) ?? '');
  return undefined;
}

/** The company's sealer, for a lookup by blind index. */
export const sealerOf = (db: Db | Tx, corpId: number) => keyring.forCompany(db, corpId);

/** Rows (or one row) of `spec`'s table with their personal fields sealed, each under its company's key: seeds, factories. */
export async function sealed<V extends { corpId: number }>(db: Db | Tx, spec: SealedTable, values: V): Promise<V>;
export async function sealed<V extends { corpId: number }>(db: Db | Tx, spec: SealedTable, values: V[]): Promise<V[]>;
export async function sealed<V extends { corpId: number }>(db: Db | Tx, spec: SealedTable, values: V | V[]) {
  return Array.isArray(values) ? sealRows(db, spec, values) : (await sealRows(db, spec, [values]))[0];
}

/** Rows (or one row) of the cases' clients table with their personal fields sealed: for seeds and factories. */
export async function sealClients<V extends { corpId: number }>(db: Db | Tx, values: V): Promise<V>;
export async function sealClients<V extends { corpId: number }>(db: Db | Tx, values: V[]): Promise<V[]>;
export async function sealClients<V extends { corpId: number }>(db: Db | Tx, values: V | V[]) {
  return Array.isArray(values) ? sealRows(db, CLIENTS_PII, values) : (await sealRows(db, CLIENTS_PII, [values]))[0];
}
