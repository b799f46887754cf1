import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { dataKeys } from '../db/schema/pii.ts';
import { SEALED_TABLES, sqlName } from './fields.ts';
import { KEY_RELOAD_MS, keyring } from './keyring.ts';
import { MasterKeyError, type MasterKey } from './master-key.ts';
import { resealAll } from './reseal.ts';

/*
 * The two key rotations of decision 074 (docs/deploy.md): `keys:rewrap` puts every company's keys under a new
 * master key in one transaction; `keys:rotate --corp N` gives one company a new data key and re-seals its rows
 * in batches while the servers run, then drops the old key once no row names it.
 */

const contextOf = (row: { corpId: number; purpose: string; version: number }) =>
  `data_keys corp=${row.corpId} purpose=${row.purpose} version=${row.version}`;

/**
 * Re-wraps every key under `to`. Idempotent: a key `to` already opens is left alone, so a second run after a
 * company was made meanwhile under the old master finishes the job. Answers how many were re-wrapped.
 */
export async function rewrapAll(db: Db, from: MasterKey, to: MasterKey): Promise<{ rewrapped: number; kept: number }> {
  return db.transaction(async (tx) => {
    // Nobody adds a key under the old master while this runs; readers are not blocked.
    await tx.execute(sql`lock table data_keys in share row exclusive mode`);
    const rows = await tx.select().from(dataKeys);
    let rewrapped = 0;
    for (const row of rows) {
      const context = contextOf(row);
      const already = await to.unwrap(row.wrapped, context).then(
        () => true,
        () => false,
      );
      if (already) continue;
      const secret = await from.unwrap(row.wrapped, context).catch(() => {
        throw new MasterKeyError(`neither the old nor the new master key opens the key of ${context}`);
      });
      await tx
        .update(dataKeys)
        .set({ wrapped: await to.wrap(secret, context) })
        .where(eq(dataKeys.id, row.id));
      rewrapped += 1;
    }
    return { rewrapped, kept: rows.length - rewrapped };
  });
}

/** How many of the company's rows still name a data key, per key id. */
async function rowsPerKey(db: Db, corpId: number): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const spec of SEALED_TABLES) {
    for (const field of spec.fields) {
      const column = sql.identifier(sqlName(field.key));
      const result = await db.execute(sql`
        select substr(${column}, 4, 16) as key_id, count(*)::int as n from ${sql.identifier(spec.table)}
        where corp_id = ${corpId} and ${column} like 'v1:%' group by 1`);
      for (const row of result.rows as { key_id: string; n: number }[])
        counts.set(row.key_id, (counts.get(row.key_id) ?? 0) + Number(row.n));
    }
  }
  return counts;
}

export interface RotationReport {
  newKeyId: string;
  resealed: Record<string, number>;
  droppedKeyIds: string[];
}

/**
 * Gives the company a new data key (the next version) and re-seals its rows under it. `waitMs` (default
 * twice the servers' key reload) lets every running server hold the new key before any row needs it.
 */
export async function rotateCompany(
  db: Db,
  corpId: number,
  options: { waitMs?: number; onBatch?: (table: string, rows: number) => void } = {},
): Promise<RotationReport> {
  const ring = keyring;
  await ring.load(db);
  await ring.forCompany(db, corpId);
  const [current] = await db
    .select({ version: sql<number>`max(${dataKeys.version})` })
    .from(dataKeys)
    .where(and(eq(dataKeys.corpId, corpId), eq(dataKeys.purpose, 'data')));
  await ring.addKey(db, corpId, 'data', Number(current?.version ?? 0) + 1);
  const [fresh] = await db
    .select({ id: dataKeys.id })
    .from(dataKeys)
    .where(and(eq(dataKeys.corpId, corpId), eq(dataKeys.purpose, 'data')))
    .orderBy(sql`${dataKeys.version} desc`)
    .limit(1);
  if (!fresh) throw new MasterKeyError(`company ${corpId} has no data key`);
  await ring.load(db);
  const waitMs = options.waitMs ?? 2 * KEY_RELOAD_MS;
  if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs));

  const resealed = await resealAll(db, { corpId, keepKeyId: fresh.id, onBatch: options.onBatch });
  // A row a request held was skipped by its batch and met by the next; whatever still names an old key now
  // keeps that key. Keys no row names go.
  const inUse = await rowsPerKey(db, corpId);
  const old = await db
    .select({ id: dataKeys.id })
    .from(dataKeys)
    .where(and(eq(dataKeys.corpId, corpId), eq(dataKeys.purpose, 'data')));
  const droppedKeyIds: string[] = [];
  for (const { id } of old) {
    if (id === fresh.id || inUse.has(id)) continue;
    await db.delete(dataKeys).where(eq(dataKeys.id, id));
    droppedKeyIds.push(id);
  }
  return { newKeyId: fresh.id, resealed, droppedKeyIds };
}
