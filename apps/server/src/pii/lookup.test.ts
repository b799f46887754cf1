import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staff } from '../db/schema/staff.ts';
import { createStaffRepository } from '../modules/staff/index.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { createCompany, createStaff } from '../test/factories.ts';
import { indexedInAnyCompany } from './fields.ts';

/*
 * Lookups made before the company is known (decision 074): an SMS code asked for a staff member's phone. The
 * phone is sealed and each company's blind index differs, so the phone's index is computed under every
 * company's key and a row matches only its own company's.
 */

let test: TestApp;
beforeAll(async () => {
  test = await buildTestApp();
});
afterAll(() => test.close());

describe('a sealed phone looked up in every company', () => {
  it("finds the same phone in two companies, each by its own company's index, and a stranger's nowhere", async () => {
    const first = await createCompany(test.db);
    const second = await createCompany(test.db);
    const a = await createStaff(test.db, first.id, { phone: '13566661111' });
    const b = await createStaff(test.db, second.id, { phone: '13566661111' });
    const found = await test.db
      .select({ id: staff.id, corpId: staff.corpId, phone: staff.phone })
      .from(staff)
      .where(await indexedInAnyCompany(test.db, staff.corpId, staff.phoneBidx, 'phone', '13566661111'));
    expect(found.sort((x, y) => x.id - y.id)).toEqual([
      { id: a.id, corpId: first.id, phone: '13566661111' },
      { id: b.id, corpId: second.id, phone: '13566661111' },
    ]);
    // The two rows hold different indexes: one company's index says nothing about the other's rows.
    const indexes = await test.db.execute(`select phone_bidx from staff where id in (${a.id}, ${b.id})`);
    expect(new Set(indexes.rows.map((row) => row.phone_bidx)).size).toBe(2);

    const repo = createStaffRepository(test.db);
    expect(await repo.companyOfStaffPhone('13566661111')).toBe(Math.min(first.id, second.id));
    expect(await repo.companyOfStaffPhone('13566669999')).toBeNull();
    expect((await repo.findByPhone(second.id, '13566661111'))?.id).toBe(b.id);
    expect(await repo.findByPhone(second.id, '13566669999')).toBeUndefined();
  });
});
