import { isSealed, type IndexKind } from './cipher.ts';
import { keyring, type Sealer } from './keyring.ts';
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
}

export interface SealedTable {
  table: string;
  fields: readonly SealedField[];
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

/**
 * Every table with sealed columns, for the sweep and the rotation: a table missing here keeps rows under a
 * data key the rotation would drop as unused.
 */
export const SEALED_TABLES: readonly SealedTable[] = [CLIENTS_PII, TEAM_ROBOTS_PII];

/** The SQL name of a Drizzle property (the schema's snake_case casing). */
export const sqlName = (key: string) => key.replace(/[A-Z]/g, (m) => `_${m.toLowerCase()}`);

/**
 * `values` with each personal field sealed and its indexes set, for an insert or an update of one company's
 * row; fields absent from `values` stay absent (an update that does not touch them keeps them).
 */
export function sealWith<V extends object>(pii: Sealer, spec: SealedTable, values: V): V {
  const out: Record<string, unknown> = { ...(values as Record<string, unknown>) };
  for (const field of spec.fields) {
    const value = (values as Record<string, unknown>)[field.key];
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

/** The company's sealer, for a lookup by blind index. */
export const sealerOf = (db: Db | Tx, corpId: number) => keyring.forCompany(db, corpId);

/** Rows (or one row) of the cases' clients table with their personal fields sealed: for seeds and factories. */
export async function sealClients<V extends { corpId: number }>(db: Db | Tx, values: V): Promise<V>;
export async function sealClients<V extends { corpId: number }>(db: Db | Tx, values: V[]): Promise<V[]>;
export async function sealClients<V extends { corpId: number }>(db: Db | Tx, values: V | V[]) {
  return Array.isArray(values) ? sealRows(db, CLIENTS_PII, values) : (await sealRows(db, CLIENTS_PII, [values]))[0];
}
