import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { commissionLines } from '../../db/schema/ledger.ts';
import { houseBrokerageOrders } from '../../db/schema/house.ts';
import { testAppForFile } from '../../test/build-test-app.ts';
import { createSignTask } from '../../test/factories-house.ts';
import { createCompany, createStaff } from '../../test/factories.ts';
import { staffCookie } from '../../test/sessions.ts';
import * as L from '@crm/domain/endpoints/ledger';
import { caller, houseDeal, ledgerWorld, poster, referredCase, type LedgerWorld } from './ledger.test-helpers.ts';

/*
 * The commission ledger and its claw-backs through the calls (issue 42, decision 067): lines written with the
 * business event, claw-back on a returned case and on a failed home-loan signing, maker-checker, netting
 * against the next payout, and who may read which account.
 */
const DAY = 86_400_000;
let clock = new Date('2026-10-10T02:00:00Z');
const test = testAppForFile({ now: () => clock });
const post = poster(test);
const call = caller(test);
/** Moves the clock on, and signs everyone in again (sessions last a week). */
const later = async (w: LedgerWorld, days: number) => {
  clock = new Date(clock.getTime() + days * DAY);
  await w.relogin();
};

const ledgerOf = (w: LedgerWorld, cookie: string, receiver?: { kind: string; id: number }) =>
  call(cookie, L.commissionLedger, receiver ? { receiver_kind: receiver.kind, receiver_id: receiver.id } : {});
/** The first claw-back finance sees waiting; there must be one. */
const firstClawback = async (cookie: string) => {
  const [item] = (await call(cookie, L.clawbackList)).data.list;
  if (!item) throw new Error('no claw-back');
  return item;
};

/** The salesperson's case approved by the leader, the partner paid by finance. */
async function approvedAndPaid(w: LedgerWorld) {
  const c = await referredCase(test, w);
  expect((await post(w.cookies.leader, 'updateClientStatus', { id: c.id, status: 5 })).code).toBe(0);
  const paid = await call(w.cookies.finance, L.commissionPay, {
    receiver_kind: 'partner',
    receiver_id: w.partner.id,
    pay_ref: 'PAY-1',
  });
  expect(paid.data).toMatchObject({ paid_fen: 100_000 });
  return c;
}

describe('a partner referral earns its commission at approval', () => {
  it('writes an accrual in the move, and a payout pays the balance', async () => {
    const w = await ledgerWorld(test);
    const c = await referredCase(test, w);
    expect((await post(w.cookies.leader, 'updateClientStatus', { id: c.id, status: 5 })).code).toBe(0);
    const mine = await ledgerOf(w, w.cookies.partner);
    expect(mine.code).toBe(0);
    // 0.5 % of ¥200,000, the client's name masked for the partner.
    expect(mine.data).toMatchObject({ balance_fen: 100_000, receiver_kind: 'partner', receiver_id: w.partner.id });
    expect(mine.data.list).toEqual([
      expect.objectContaining({
        kind: 'accrual',
        amount_fen: 100_000,
        deal_kind: 'case',
        deal_id: c.id,
        client: '库**户',
      }),
    ]);
    await call(w.cookies.finance, L.commissionPay, { receiver_kind: 'partner', receiver_id: w.partner.id });
    expect((await ledgerOf(w, w.cookies.partner)).data.balance_fen).toBe(0);
    // Nothing left to pay: a second payout sends nothing.
    const again = await call(w.cookies.finance, L.commissionPay, {
      receiver_kind: 'partner',
      receiver_id: w.partner.id,
    });
    expect(again.data).toEqual({ id: null, paid_fen: 0 });
  });
});

describe('claw-back on a returned case (status 9)', () => {
  it('proposes the paid commission for finance, and an approval is netted against the next payout', async () => {
    const w = await ledgerWorld(test);
    const c = await approvedAndPaid(w);
    await later(w, 10);
    expect((await post(w.cookies.sales, 'updateClientStatus', { id: c.id, status: 9, reason: '客户撤单' })).code).toBe(
      0,
    );
    const queue = await call(w.cookies.finance, L.clawbackList, {});
    expect(queue.data.list).toEqual([
      expect.objectContaining({
        receiver_kind: 'partner',
        receiver_id: w.partner.id,
        deal_kind: 'case',
        deal_id: c.id,
        trigger: 'case_returned',
        paid_fen: 100_000,
        amount_fen: 100_000,
        status: 'pending',
        can_decide: true,
      }),
    ]);
    const id = queue.data.list[0]?.id ?? 0;
    // Rejecting needs a reason; approving writes the reversal.
    expect((await call(w.cookies.finance, L.clawbackDecide, { id, decision: 'reject', remark: '' })).code).not.toBe(0);
    expect((await call(w.cookies.finance, L.clawbackDecide, { id, decision: 'approve', remark: '已退单' })).code).toBe(
      0,
    );
    expect((await call(w.cookies.finance2, L.clawbackDecide, { id, decision: 'approve', remark: '' })).msg).toBe(
      '该追回已处理',
    );
    const owed = await ledgerOf(w, w.cookies.partner);
    expect(owed.data.balance_fen).toBe(-100_000);
    expect(owed.data.list[0]).toMatchObject({ kind: 'reversal', amount_fen: -100_000, clawback_id: id });
    // The next approved referral (¥80,000 → ¥400) only reduces the debt: the payout sends nothing.
    const next = await referredCase(test, w, 8_000_000);
    await post(w.cookies.leader, 'updateClientStatus', { id: next.id, status: 5 });
    const payout = await call(w.cookies.finance, L.commissionPay, {
      receiver_kind: 'partner',
      receiver_id: w.partner.id,
    });
    expect(payout.data).toEqual({ id: null, paid_fen: 0 });
    expect((await ledgerOf(w, w.cookies.partner)).data.balance_fen).toBe(-60_000);
  });

  it('cancels an unpaid commission at once, and leaves a payout older than the window alone', async () => {
    const w = await ledgerWorld(test, { clawbackWindowDays: 30 });
    const unpaid = await referredCase(test, w);
    await post(w.cookies.leader, 'updateClientStatus', { id: unpaid.id, status: 5 });
    await post(w.cookies.sales, 'updateClientStatus', { id: unpaid.id, status: 9, reason: '撤单' });
    const lines = (await ledgerOf(w, w.cookies.partner)).data;
    expect(lines.balance_fen).toBe(0);
    expect(lines.list[0]).toMatchObject({ kind: 'cancel', amount_fen: -100_000 });
    const old = await approvedAndPaid(w);
    await later(w, 31);
    await post(w.cookies.sales, 'updateClientStatus', { id: old.id, status: 9, reason: '撤单' });
    expect((await call(w.cookies.finance, L.clawbackList, {})).data.list).toEqual([]);
  });

  it('with partial reversals claws back the share of the window left', async () => {
    const w = await ledgerWorld(test, { clawbackPartial: true });
    const c = await approvedAndPaid(w);
    await later(w, 30);
    await post(w.cookies.sales, 'updateClientStatus', { id: c.id, status: 9, reason: '撤单' });
    const item = await firstClawback(w.cookies.finance);
    // 60 of 90 days left: two thirds of ¥1,000.
    expect(item).toMatchObject({ paid_fen: 100_000, amount_fen: 66_667 });
  });
});

describe('claw-back on a failed home-loan signing', () => {
  it('cancels waiting orders, proposes paid ones, and nets the approval against the next order', async () => {
    const w = await ledgerWorld(test);
    const client = await houseDeal(test, w, post);
    const [order] = await test.db
      .select()
      .from(houseBrokerageOrders)
      .where(eq(houseBrokerageOrders.houseClientId, client.id));
    if (!order) throw new Error('no order');
    expect((await ledgerOf(w, w.cookies.agent)).data.balance_fen).toBe(1_000_000);
    expect((await post(w.cookies.finance, 'updateHouseBrokerageStatus', { id: order.id, status: 2 })).msg).toBe(
      '已支付',
    );
    const task = await createSignTask(test.db, w.corp.id, { houseClientId: client.id }, { status: 'rejected' });
    await later(w, 5);
    const failed = await post(w.cookies.approver, 'auditSignReject', { id: task.id, decision: 'approve', reason: '' });
    expect(failed.code).toBe(0);
    const item = await firstClawback(w.cookies.finance);
    expect(item).toMatchObject({
      receiver_kind: 'receiver',
      receiver_id: w.agent.id,
      deal_kind: 'house',
      deal_id: client.id,
      order_id: order.id,
      trigger: 'house_failed',
      amount_fen: 1_000_000,
    });
    expect(
      (await call(w.cookies.finance, L.clawbackDecide, { id: item.id, decision: 'approve', remark: '' })).code,
    ).toBe(0);
    expect((await ledgerOf(w, w.cookies.agent)).data.balance_fen).toBe(-1_000_000);
    // A new ¥15,000 order for the agent: ¥10,000 of it settles the debt, ¥5,000 is sent.
    const second = await houseDeal(test, w, post);
    const [next] = await test.db
      .select()
      .from(houseBrokerageOrders)
      .where(eq(houseBrokerageOrders.houseClientId, second.id));
    if (!next) throw new Error('no order');
    const paid = await post(w.cookies.finance, 'updateHouseBrokerageStatus', { id: next.id, status: 2 });
    expect(paid.msg).toBe('已支付：实付 ¥0.00，抵扣欠款 ¥10,000.00');
    expect((await ledgerOf(w, w.cookies.agent)).data.balance_fen).toBe(0);
  });

  it('a cancelled waiting order lapses its accrual', async () => {
    const w = await ledgerWorld(test);
    const client = await houseDeal(test, w, post);
    const [order] = await test.db
      .select()
      .from(houseBrokerageOrders)
      .where(eq(houseBrokerageOrders.houseClientId, client.id));
    await post(w.cookies.finance, 'updateHouseBrokerageStatus', { id: order?.id ?? 0, status: 3 });
    const kinds = await test.db
      .select({ kind: commissionLines.kind, amountFen: commissionLines.amountFen })
      .from(commissionLines)
      .where(and(eq(commissionLines.corpId, w.corp.id), eq(commissionLines.dealId, client.id)));
    expect(kinds).toEqual([
      { kind: 'accrual', amountFen: 1_000_000 },
      { kind: 'cancel', amountFen: -1_000_000 },
    ]);
  });
});

describe('who may read and decide', () => {
  it('maker-checker: finance that caused the claw-back may not decide it', async () => {
    const w = await ledgerWorld(test);
    const c = await approvedAndPaid(w);
    // The finance leader returns the case itself? Only owner and leader may: give the team leader job 4.
    const leaderFinance = await createStaff(test.db, w.corp.id, { teamId: w.team.id, isLeader: true, jobs: [4] });
    const cookie = await staffCookie(test, leaderFinance);
    await post(cookie, 'updateClientStatus', { id: c.id, status: 9, reason: '撤单' });
    const item = await firstClawback(cookie);
    expect(item.can_decide).toBe(false);
    const refused = await call(cookie, L.clawbackDecide, { id: item.id, decision: 'approve', remark: '' });
    expect(refused).toMatchObject({ code: 403, msg: '不能审批自己引起的追回' });
  });

  it('a partner and an agent read their own account only; staff other than finance none', async () => {
    const w = await ledgerWorld(test);
    await approvedAndPaid(w);
    expect(await ledgerOf(w, w.cookies.partner, { kind: 'receiver', id: w.agent.id })).toMatchObject({
      code: 403,
      msg: '只能查看自己的返佣台账',
    });
    expect((await ledgerOf(w, w.cookies.agent)).data).toMatchObject({ receiver_kind: 'receiver', balance_fen: 0 });
    expect((await ledgerOf(w, w.cookies.sales, { kind: 'partner', id: w.partner.id })).code).toBe(403);
    expect((await call(w.cookies.sales, L.clawbackList, {})).code).toBe(403);
    expect((await call(w.cookies.partner, L.clawbackList, {})).code).toBe(403);
    expect(
      (await call(w.cookies.agent, L.commissionPay, { receiver_kind: 'partner', receiver_id: w.partner.id })).code,
    ).toBe(403);
    // Finance reads a partner's account by name; finance asking for nobody is told to pick one.
    const seen = await ledgerOf(w, w.cookies.finance, { kind: 'partner', id: w.partner.id });
    expect(seen.data.list[0]).toMatchObject({ client: '' });
    expect((await ledgerOf(w, w.cookies.finance)).msg).toBe('请选择返佣对象');
  });

  it("another company's finance finds nothing of this company's", async () => {
    const w = await ledgerWorld(test);
    const c = await approvedAndPaid(w);
    await post(w.cookies.sales, 'updateClientStatus', { id: c.id, status: 9, reason: '撤单' });
    const item = await firstClawback(w.cookies.finance);
    const other = await createCompany(test.db);
    const otherFinance = await staffCookie(test, await createStaff(test.db, other.id, { jobs: [4] }));
    expect((await call(otherFinance, L.clawbackList, {})).data.list).toEqual([]);
    expect((await call(otherFinance, L.clawbackDecide, { id: item.id, decision: 'approve', remark: '' })).code).toBe(
      404,
    );
    expect((await ledgerOf(w, otherFinance, { kind: 'partner', id: w.partner.id })).code).toBe(404);
  });
});
