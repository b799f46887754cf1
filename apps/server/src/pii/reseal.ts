import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { isSealed } from './cipher.ts';
import { SEALED_TABLES, sqlName, type SealedTable } from './fields.ts';
import { keyring, type Sealer } from './keyring.ts';

/*
 * Re-seals rows in batches (decision 074): the rows still in plain text (start-up, after the migration that
 * added sealing) and the rows of a company sealed by an older data key (keys:rotate). Each batch is one short
 * transaction that takes its rows FOR UPDATE SKIP LOCKED, so it runs beside a serving server: a row a request
 * holds is skipped and met again by the next pass.
 */

const BATCH = 500;

interface RawRow {
  corp_id: number;
  [column: string]: string | number | null;
}

/** Rows needing work: a field that is neither '' nor sealed by `keepKeyId` (any key when undefined). */
function pending(spec: SealedTable, keepKeyId: string | undefined): SQL {
  const stale = spec.fields.map((field) => {
    const column = sql.identifier(sqlName(field.key));
    return keepKeyId
      ? sql`(${column} <> '' and ${column} not like ${`v1:${keepKeyId}:%`})`
      : sql`(${column} <> '' and ${column} not like 'v1:%')`;
  });
  return sql`(${sql.join(stale, sql` or `)})`;
}

/** One batch of `spec`'s table: answers how many rows it re-sealed. */
async function resealBatch(db: Db, spec: SealedTable, corpId: number | undefined, keepKeyId: string | undefined) {
  return db.transaction(async (tx) => {
    const rowKey = spec.rowKey ?? ['id'];
    const keys = rowKey.map((name) => sql.identifier(name));
    const columns = spec.fields.map((field) => sql.identifier(sqlName(field.key)));
    const keyColumns = rowKey.includes('corp_id') ? keys : [...keys, sql.identifier('corp_id')];
    const result = await tx.execute(sql`
      select ${sql.join([...keyColumns, ...columns], sql`, `)} from ${sql.identifier(spec.table)}
      where ${corpId === undefined ? sql`true` : sql`corp_id = ${corpId}`} and ${pending(spec, keepKeyId)}
      order by ${sql.join(keys, sql`, `)} limit ${BATCH} for update skip locked`);
    const rows = result.rows as RawRow[];
    if (rows.length === 0) return 0;
    const sealers = new Map<number, Sealer>();
    const sets: SQL[] = [];
    const tuples: SQL[] = [];
    const names: string[] = [];
    for (const field of spec.fields) {
      names.push(sqlName(field.key));
      if (field.index) names.push(sqlName(field.index.key));
      if (field.last4Key) names.push(sqlName(field.last4Key));
    }
    for (const name of names) sets.push(sql`${sql.identifier(name)} = v.${sql.identifier(name)}`);
    for (const row of rows) {
      let pii = sealers.get(row.corp_id);
      if (!pii) {
        pii = await keyring.forCompany(tx, row.corp_id);
        sealers.set(row.corp_id, pii);
      }
      const values: SQL[] = rowKey.map((name) => {
        const key = row[name];
        return sql`${key}::${sql.raw(typeof key === 'number' ? 'int' : 'text')}`;
      });
      for (const field of spec.fields) {
        const raw = row[sqlName(field.key)];
        // A null (a file not yet authenticated has no ID number) stays null: checks tie it to other columns.
        if (raw === null || raw === undefined) {
          values.push(sql`null::text`);
          if (field.index) values.push(sql`null::text`);
          if (field.last4Key) values.push(sql`null::text`);
          continue;
        }
        const stored = String(raw);
        const plain = isSealed(stored) ? keyring.open(field.column, stored) : stored;
        values.push(sql`${pii.seal(field.column, plain)}::text`);
        if (field.index) values.push(sql`${pii.index(field.index.kind, plain)}::text`);
        if (field.last4Key) values.push(sql`${pii.last4(plain)}::text`);
      }
      tuples.push(sql`(${sql.join(values, sql`, `)})`);
    }
    await tx.execute(sql`
      update ${sql.identifier(spec.table)} t set ${sql.join(sets, sql`, `)}
      from (values ${sql.join(tuples, sql`, `)}) as v(${sql.join(
        [...rowKey, ...names].map((name) => sql.identifier(name)),
        sql`, `,
      )})
      where ${sql.join(
        rowKey.map((name) => sql`t.${sql.identifier(name)} = v.${sql.identifier(name)}`),
        sql` and `,
      )}`);
    return rows.length;
  });
}

/** Re-seals every pending row of every sealed table; answers the rows re-sealed per table. */
export async function resealAll(
  db: Db,
  options: { corpId?: number; keepKeyId?: string; onBatch?: (table: string, rows: number) => void } = {},
): Promise<Record<string, number>> {
  const done: Record<string, number> = {};
  for (const spec of SEALED_TABLES) {
    done[spec.table] = 0;
    for (;;) {
      const count = await resealBatch(db, spec, options.corpId, options.keepKeyId);
      if (count === 0) break;
      done[spec.table] = (done[spec.table] ?? 0) + count;
      options.onBatch?.(spec.table, count);
    }
  }
  return done;
}
