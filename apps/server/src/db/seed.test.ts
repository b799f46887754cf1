import { homeCards } from '@crm/domain/roles';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients } from './schema/cases.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { loginAs, postForm } from '../test/http.ts';
import { DEMO_STAFF, seedDemo } from './seed.ts';

// The demo's follow-ups are due relative to the real time; each login steps past the 60 s resend limit.
let clock = Date.now();
let test: TestApp;
beforeAll(async () => {
  test = await buildTestApp({ now: () => new Date(clock) });
  expect(await seedDemo(test.db)).toBe(true);
});
afterAll(() => test.close());

type Info = {
  data: {
    total: Record<string, number>;
    signer_list: { id: number; name: string; sex: number }[];
    user: { job: number[]; leader: boolean; reject_approver: boolean };
  };
};

async function homeOf(id: number) {
  const person = DEMO_STAFF.find((p) => p.id === id);
  if (!person) throw new Error(`no demo staff ${id}`);
  clock += 61_000;
  const cookie = await loginAs(test, person);
  const info = (await postForm(test.app, '/api/crm/userinfo', { id }, { cookie })).json<Info>().data;
  const cards = homeCards({
    id,
    job: info.user.job,
    isLeader: info.user.leader,
    isRejectApprover: info.user.reject_approver,
    signerList: info.signer_list,
  });
  const signerIcons = Object.fromEntries(
    cards
      .flatMap((card) => card.tiles)
      .filter((tile) => tile.icon)
      .map((tile) => [tile.path, tile.icon]),
  );
  return {
    info,
    signerIcons,
    cardKeys: cards.map((card) => card.key),
    tiles: cards.flatMap((card) => card.tiles.map((tile) => tile.path)),
  };
}

describe('demo seed', () => {
  it('runs once: a seeded database is left alone', async () => {
    expect(await seedDemo(test.db)).toBe(false);
  });

  it('lets every demo person log in and see the cards of their role', async () => {
    expect((await homeOf(1)).cardKeys).toEqual(['instalment', 'house', 'exam']);
    expect((await homeOf(2)).cardKeys).toEqual(['instalment', 'house', 'exam', 'team']);
    expect((await homeOf(4)).tiles).toContain('/business/service');
    expect((await homeOf(5)).tiles).toEqual(expect.arrayContaining(['/business/financeAudit', '/team/houseChannel']));
    expect((await homeOf(6)).tiles).toContain('/business/houseSign');
    expect((await homeOf(7)).cardKeys).toEqual(['rebate']);
  });

  it('gives the signing leader the other signers, 42 and 43 with the female icon, and 29 the rejection approval with its badge', async () => {
    const leader = await homeOf(3);
    expect(leader.info.signer_list.map((s) => s.id)).toEqual([29, 42, 43, 44]);
    expect(leader.signerIcons).toEqual({
      '/sign/list/29/2': 'male',
      '/sign/list/42/2': 'female',
      '/sign/list/43/2': 'female',
      '/sign/list/44/2': 'male',
    });
    expect(leader.tiles).not.toContain('/sign/reject');
    // Three waiting tasks, and 邵明远's (seed-consent.ts), whose client has not consented yet: 领取 is refused.
    expect(leader.info.total.sign).toBe(4);
    const approver = await homeOf(29);
    expect(approver.tiles).toContain('/sign/reject');
    expect(approver.info.total.reject).toBe(1);
  });

  it("counts the salesperson's due follow-ups and the steward's waiting clients", async () => {
    expect((await homeOf(1)).info.total.pending).toBe(2);
    // 沈家豪 and 马俊 wait on 孙管家; 冯晓, 李经纪's referral, waits for any steward to take it (decision 052).
    expect((await homeOf(6)).info.total.remind).toBe(3);
  });

  it('keeps the second company apart: same phone, other company, other data', async () => {
    const other = await homeOf(101);
    expect(other.info.total).toMatchObject({ pending: 1, sign: 0 });
  });

  it("lets the second company name its own rejection approver (102), and company 1's grant reach nobody there", async () => {
    expect((await homeOf(102)).tiles).toContain('/sign/reject');
    expect((await homeOf(101)).tiles).not.toContain('/sign/reject');
  });

  it('gives the money demo case 900 an amount and the fields a real case has', async () => {
    const [row] = await test.db.select().from(clients).where(eq(clients.id, 900));
    expect(row?.amountFen).toBeGreaterThan(0);
    expect(row?.idNumber).toMatch(/^\d{17}[\dX]$/);
    expect(row?.bankCard).not.toBe('');
    expect(row?.productId).not.toBeNull();
    expect(row?.bankId).not.toBeNull();
    // What the table holds is sealed (decision 074): the typed select above opened it.
    const raw = await test.db.execute(`select id_number, bank_card from clients where id = 900`);
    expect(raw.rows[0]).toMatchObject({
      id_number: expect.stringMatching(/^v1:/),
      bank_card: expect.stringMatching(/^v1:/),
    });
  });

  it('starts new case ids past the seeded case 900', async () => {
    const rows = await test.db.execute(`select nextval(pg_get_serial_sequence('clients', 'id')) as next`);
    expect(Number((rows.rows[0] as { next: string | number }).next)).toBeGreaterThan(1000);
  });

  it('starts new ids past the fixed demo ids', async () => {
    const rows = await test.db.execute(`select nextval(pg_get_serial_sequence('staff', 'id')) as next`);
    expect(Number((rows.rows[0] as { next: string | number }).next)).toBeGreaterThan(1000);
  });
});
