import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients } from '../db/schema/cases.ts';
import { dataKeys } from '../db/schema/pii.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { createCompany, createStaff } from '../test/factories.ts';
import { createCase, uniqueIdNumber } from '../test/factories-cases.ts';
import { createBrokerageUser, createChannel, createHouseClient } from '../test/factories-house.ts';
import { houseBrokerageUsers, houseChannels, houseClients } from '../db/schema/house.ts';
import { staff } from '../db/schema/staff.ts';
import { loginAs, postForBody } from '../test/http.ts';
import { Keyring } from './keyring.ts';
import { localMasterKey } from './master-key.ts';
import { rewrapAll, rotateCompany } from './rotate.ts';
import { masterKeyFrom } from './start.ts';

/*
 * keys:rotate and keys:rewrap (decision 074, docs/deploy.md): a company's rows move to a new data key in
 * batches while the server answers, the old key goes once no row names it; every key moves under a new
 * master key at once, after which only the new master opens them.
 */

let test: TestApp;
beforeAll(async () => {
  test = await buildTestApp();
});
afterAll(() => test.close());

const rawKeyIds = async (corpId: number) => {
  const result = await test.db.execute(
    sql`select distinct substr(phone, 4, 16) as key_id from clients where corp_id = ${corpId} and phone <> ''`,
  );
  return (result.rows as { key_id: string }[]).map((row) => row.key_id);
};

describe('keys:rotate --corp N', () => {
  it("re-seals one company's rows under a new data key while its cases still read, and drops the old key", async () => {
    const corp = await createCompany(test.db);
    const other = await createCompany(test.db);
    const seller = await createStaff(test.db, corp.id);
    const stranger = await createStaff(test.db, other.id);
    const idNumbers = Array.from({ length: 1203 }, () => uniqueIdNumber());
    const made = [];
    for (const [i, idNumber] of idNumbers.entries())
      made.push(
        await createCase(
          test.db,
          seller,
          { phone: `1370000${String(i).padStart(4, '0')}`, idNumber, bankCard: '6222020200112233445' },
          { consent: false },
        ),
      );
    await createCase(test.db, stranger, { phone: '13911112222' }, { consent: false });
    // The home-loan side and the staff are the company's rows too (decision 074): they move with the cases.
    const house = await createHouseClient(test.db, corp.id, seller.id, {
      phone: '13922223333',
      idNumber: idNumbers[0],
    });
    const channel = await createChannel(test.db, corp.id, seller.id, { phone: '13922224444' });
    const receiver = await createBrokerageUser(test.db, corp.id, seller.id, { bankCard: '6225880000009999' });
    const [before] = await rawKeyIds(corp.id);
    const [otherBefore] = await rawKeyIds(other.id);

    const batches: number[] = [];
    const report = await rotateCompany(test.db, corp.id, {
      waitMs: 0,
      onBatch: (table, rows) => (table === 'clients' ? batches.push(rows) : undefined),
    });

    expect(report.resealed.clients).toBe(1203);
    expect(batches).toEqual([500, 500, 203]);
    expect(report.resealed).toMatchObject({ staff: 1, house_clients: 1, house_channels: 1, house_brokerage_users: 1 });
    for (const [table, column] of [
      ['staff', 'phone'],
      ['house_clients', 'id_number'],
      ['house_channels', 'phone'],
      ['house_brokerage_users', 'bank_card'],
    ] as const) {
      const keys = await test.db.execute(
        sql`select distinct substr(${sql.identifier(column)}, 4, 16) as key_id from ${sql.identifier(table)} where corp_id = ${corp.id}`,
      );
      expect(keys.rows, table).toEqual([{ key_id: report.newKeyId }]);
    }
    const opened = async <T>(rows: Promise<T[]>) => (await rows)[0];
    expect(await opened(test.db.select().from(houseClients).where(eq(houseClients.id, house.id)))).toMatchObject({
      phone: '13922223333',
      idNumber: idNumbers[0],
    });
    expect(await opened(test.db.select().from(houseChannels).where(eq(houseChannels.id, channel.id)))).toMatchObject({
      phone: '13922224444',
    });
    expect(
      await opened(test.db.select().from(houseBrokerageUsers).where(eq(houseBrokerageUsers.id, receiver.id))),
    ).toMatchObject({ bankCard: '6225880000009999' });
    expect(await opened(test.db.select().from(staff).where(eq(staff.id, seller.id)))).toMatchObject({
      phone: seller.phone,
    });
    expect(await rawKeyIds(corp.id)).toEqual([report.newKeyId]);
    expect(report.droppedKeyIds).toEqual([before]);
    expect(await rawKeyIds(other.id)).toEqual([otherBefore]);
    const keys = await test.db.select().from(dataKeys).where(eq(dataKeys.corpId, corp.id));
    expect(keys.filter((k) => k.purpose === 'data').map((k) => k.version)).toEqual([2]);

    // The seller still finds a case by phone, last four and ID number, and reads it in full.
    const cookie = await loginAs(test, seller);
    const list = (keyword: string) =>
      postForBody<{ data: { list: { id: number }[] } }>(test.app, '/api/crm/clientList', { keyword }, { cookie });
    const target = made[42]!;
    expect((await list('13700000042')).body.data.list.map((c) => c.id)).toEqual([target.id]);
    expect((await list('0042')).body.data.list.map((c) => c.id)).toEqual([target.id]);
    const [row] = await test.db.select().from(clients).where(eq(clients.id, target.id));
    expect(row).toMatchObject({ phone: '13700000042', idNumber: idNumbers[42], bankCard: '6222020200112233445' });
    // 1,203 cases made, read, rotated and read again: ~28 s alone on a machine at load 20, so more than the default.
  }, 120_000);

  it('keeps an old key that a row still names, and a second run finishes the job', async () => {
    const corp = await createCompany(test.db);
    const seller = await createStaff(test.db, corp.id);
    const c = await createCase(test.db, seller, { phone: '13600001111' }, { consent: false });
    const [sealedBefore] = await test.db.execute(sql`select phone from clients where id = ${c.id}`).then((r) => r.rows);
    const first = await rotateCompany(test.db, corp.id, { waitMs: 0 });
    // A request of a server that had not yet loaded the new key wrote with the old one meanwhile.
    await test.db.execute(
      sql`update clients set phone = ${(sealedBefore as { phone: string }).phone} where id = ${c.id}`,
    );
    const second = await rotateCompany(test.db, corp.id, { waitMs: 0 });
    expect(second.resealed.clients).toBe(1);
    expect(second.droppedKeyIds).toContain(first.newKeyId);
    expect(await rawKeyIds(corp.id)).toEqual([second.newKeyId]);
  });
});

describe('keys:rewrap', () => {
  it('puts every key under the new master key at once; the old one then opens none, the new one all', async () => {
    const corp = await createCompany(test.db);
    const seller = await createStaff(test.db, corp.id);
    const c = await createCase(
      test.db,
      seller,
      { phone: '13500002222', idNumber: uniqueIdNumber() },
      { consent: false },
    );
    const oldMaster = masterKeyFrom(test.config.pii);
    const newMaster = localMasterKey(randomBytes(32));
    const count = (await test.db.select().from(dataKeys)).length;

    expect(await rewrapAll(test.db, oldMaster, newMaster)).toEqual({ rewrapped: count, kept: 0 });
    expect(await rewrapAll(test.db, oldMaster, newMaster)).toEqual({ rewrapped: 0, kept: count });

    const withOld = new Keyring();
    withOld.use(oldMaster);
    await expect(withOld.load(test.db)).rejects.toThrow(/is not the key the database was sealed with/);
    const withNew = new Keyring();
    withNew.use(newMaster);
    await withNew.load(test.db);
    const [raw] = (await test.db.execute(sql`select phone from clients where id = ${c.id}`)).rows as {
      phone: string;
    }[];
    expect(withNew.open('clients.phone', raw!.phone)).toBe('13500002222');
    // Back under the test key, for the rest of the file's process.
    await rewrapAll(test.db, newMaster, oldMaster);
  });
});
