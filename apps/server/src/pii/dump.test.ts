import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients } from '../db/schema/cases.ts';
import { activities, activityEntries, activityVisitors } from '../db/schema/activity.ts';
import { customerFilings } from '../db/schema/chatter.ts';
import { esignOrders } from '../db/schema/esign.ts';
import { outsideChannels, outsidePartners, outsideReferrals } from '../db/schema/outside.ts';
import { houseBrokerageUsers, houseChannels, houseClients, houseRecommends } from '../db/schema/house.ts';
import { financePacts } from '../db/schema/pact.ts';
import { staff } from '../db/schema/staff.ts';
import { seedDemo } from '../db/seed.ts';
import { seedEsignDemo } from '../db/seed-esign.ts';
import { systemClock } from '../clock.ts';
import { createActivityRepository } from '../modules/activity/activity.repository.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';

/*
 * Issue 41: a dump of the demo database holds none of the demo's phones, ID numbers or card numbers in plain
 * text. Every row of every table is read as text (`t::text`, what pg_dump's data section writes, on PGlite
 * and PostgreSQL alike) and searched for the values the seeded cases hold.
 */

/** Tables whose personal columns are not sealed yet (decision 074 lists them); each is a known gap, not a pass. */
const STILL_PLAIN = ['ownership_checks', 'audit_log'];

let test: TestApp;
beforeAll(async () => {
  test = await buildTestApp();
  await seedDemo(test.db);
  // As the server does after the seed: the e-sign demo order, through the e-sign service.
  await seedEsignDemo(test.db, test.config, systemClock);
  // The demo has no activity visitors yet: one proves a phone and books a test drive through the real writers.
  const [activity] = await test.db.select().from(activities).where(eq(activities.corpId, 1)).limit(1);
  if (!activity) throw new Error('the demo has no activity');
  const visitor = { corpId: 1, openid: 'dump-test-visitor' };
  const repo = createActivityRepository(test.db);
  await test.db.transaction((tx) => repo.setVisitorPhone(tx, visitor, '13511112222', new Date()));
  await repo.addEntry({
    ...visitor,
    activityId: activity.id,
    name: '访客甲',
    phone: '13533334444',
    createdAt: new Date(),
  });
});
afterAll(() => test.close());

/** Every text of `table` as pg_dump's data section writes it, one row a line. */
async function dumpOf(table: string) {
  const rows = await test.db.execute(sql`select t::text as line from ${sql.identifier(table)} t`);
  return (rows.rows as { line: string }[]).map((row) => row.line).join('\n');
}

/** The tables of the database holding any of `plain`, with the values each holds. */
async function tablesHolding(plain: Set<string>) {
  const tables = await test.db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  const found = new Map<string, string[]>();
  for (const { table_name: table } of tables.rows as { table_name: string }[]) {
    const text = await dumpOf(table);
    const hits = [...plain].filter((value) => text.includes(value));
    if (hits.length) found.set(table, hits);
  }
  return found;
}

describe('a dump of the seeded demo database', () => {
  it("holds no seeded case's phone, ID number or bank card in plain text outside the tables still listed as plain", async () => {
    const cases = await test.db.select().from(clients);
    const plain = new Set(
      cases.flatMap((c) => [c.phone, c.idNumber, c.bankCard]).filter((value) => value.length >= 11),
    );
    expect(plain.size).toBeGreaterThan(20);

    const found = await tablesHolding(plain);
    expect(found.get('clients')).toBeUndefined();
    console.info(`seeded case values still in plain text in: ${[...found.keys()].join(', ') || 'no table'}`);
    const unexpected = [...found.keys()].filter((table) => !STILL_PLAIN.includes(table));
    expect(unexpected).toEqual([]);
  });

  it("holds no seeded partner's, referral's, channel's, customer file's, e-sign signer's or activity visitor's phone, ID number or card in plain text", async () => {
    const partners = await test.db.select().from(outsidePartners);
    const referrals = await test.db.select().from(outsideReferrals);
    const channels = await test.db.select().from(outsideChannels);
    const filings = await test.db.select().from(customerFilings);
    const orders = await test.db.select().from(esignOrders);
    const visitors = await test.db.select().from(activityVisitors);
    const entries = await test.db.select().from(activityEntries);
    // What the demo holds, read back through the sealed columns' mapping: each table has something to find.
    for (const rows of [partners, referrals, channels, filings, orders, visitors, entries])
      expect(rows.length).toBeGreaterThan(0);
    expect(orders.some((order) => order.pages.length > 0)).toBe(true);
    const plain = new Set(
      [
        ...partners.map((p) => p.phone),
        ...referrals.flatMap((r) => [r.phone, r.idNumber]),
        ...channels.map((c) => c.phone),
        ...filings.flatMap((f) => [f.mobile, f.idNumber ?? '']),
        ...orders.flatMap((o) => [o.signerPhone, o.signerIdNumber, o.bankCard ?? '']),
        ...visitors.map((v) => v.phone),
        ...entries.map((e) => e.phone),
      ].filter((value) => value.length >= 11),
    );
    expect(plain.size).toBeGreaterThan(10);

    const found = await tablesHolding(plain);
    for (const table of [
      'outside_partners',
      'outside_referrals',
      'outside_channels',
      'customer_filings',
      'esign_orders',
      'activity_visitors',
      'activity_entries',
    ])
      expect({ table, values: found.get(table) }).toEqual({ table, values: undefined });
    console.info(
      `seeded partner/e-sign/activity values still in plain text in: ${[...found.keys()].join(', ') || 'no table'}`,
    );
    const unexpected = [...found.keys()].filter((table) => !STILL_PLAIN.includes(table));
    expect(unexpected).toEqual([]);
  });

  it("holds no seeded home-loan client's, receiver's, channel's, recommendation's, agreement's or staff member's number in plain text", async () => {
    const pacts = await test.db.select().from(financePacts);
    const people = await test.db.select().from(staff);
    const plain = new Set(
      [
        ...(await test.db.select().from(houseClients)).flatMap((row) => [row.phone, row.idNumber ?? '']),
        ...(await test.db.select().from(houseBrokerageUsers)).flatMap((row) => [row.phone, row.bankCard]),
        ...(await test.db.select().from(houseChannels)).map((row) => row.phone),
        ...(await test.db.select().from(houseRecommends)).map((row) => row.phone),
        ...pacts.flatMap((row) => [row.borrowerPhone, row.borrowerIdNumber]),
        ...people.map((row) => row.phone),
      ].filter((value) => value.length >= 11),
    );
    // Every kind is there: the receivers' cards, an agreement's ID number, the staff's phones.
    expect(plain.size).toBeGreaterThan(40);
    expect(plain.has('6225880211110001')).toBe(true);
    expect(pacts.length).toBeGreaterThan(0);
    expect(people.length).toBeGreaterThan(10);

    const found = await tablesHolding(plain);
    for (const table of [
      'house_clients',
      'house_brokerage_users',
      'house_channels',
      'house_recommends',
      'finance_pacts',
      'staff',
      'sms_codes',
    ])
      expect({ table, values: found.get(table) }).toEqual({ table, values: undefined });
    console.info(
      `seeded home-loan and staff values still in plain text in: ${[...found.keys()].join(', ') || 'no table'}`,
    );
    const unexpected = [...found.keys()].filter((table) => !STILL_PLAIN.includes(table));
    expect(unexpected).toEqual([]);
  });
});
