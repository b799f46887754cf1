import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients } from '../db/schema/cases.ts';
import { seedDemo } from '../db/seed.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';

/*
 * Issue 41: a dump of the demo database holds none of the demo's phones, ID numbers or card numbers in plain
 * text. Every row of every table is read as text (`t::text`, what pg_dump's data section writes, on PGlite
 * and PostgreSQL alike) and searched for the values the seeded cases hold.
 */

/** Tables whose personal columns are not sealed yet (decision 074 lists them); each is a known gap, not a pass. */
const STILL_PLAIN = [
  'house_clients',
  'house_brokerage_users',
  'house_channels',
  'house_recommends',
  'outside_referrals',
  'outside_partners',
  'outside_channels',
  'staff',
  'customer_filings',
  'esign_orders',
  'activity_visitors',
  'activity_entries',
  'sms_codes',
  'ownership_checks',
  'audit_log',
  // The agreement's frozen terms (decision 068) copy the client's phone and ID number into its snapshot.
  'finance_pacts',
];

let test: TestApp;
beforeAll(async () => {
  test = await buildTestApp();
  await seedDemo(test.db);
});
afterAll(() => test.close());

describe('a dump of the seeded demo database', () => {
  it("holds no seeded case's phone, ID number or bank card in plain text outside the tables still listed as plain", async () => {
    const cases = await test.db.select().from(clients);
    const plain = new Set(
      cases.flatMap((c) => [c.phone, c.idNumber, c.bankCard]).filter((value) => value.length >= 11),
    );
    expect(plain.size).toBeGreaterThan(20);

    const tables = await test.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    const found = new Map<string, string[]>();
    for (const { table_name: table } of tables.rows as { table_name: string }[]) {
      const rows = await test.db.execute(sql`select t::text as line from ${sql.identifier(table)} t`);
      const text = (rows.rows as { line: string }[]).map((row) => row.line).join('\n');
      const hits = [...plain].filter((value) => text.includes(value));
      if (hits.length) found.set(table, hits);
    }
    expect(found.get('clients')).toBeUndefined();
    console.info(`seeded case values still in plain text in: ${[...found.keys()].join(', ') || 'no table'}`);
    const unexpected = [...found.keys()].filter((table) => !STILL_PLAIN.includes(table));
    expect(unexpected).toEqual([]);
  });
});
