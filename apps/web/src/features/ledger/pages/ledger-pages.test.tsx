import * as E from '@crm/domain/endpoints/ledger';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, on, renderPageWith, tap, type ReplyData } from '../../../test/page.ts';

/* The commission ledger's pages (decision 067): a receiver's statements, a frozen statement, finance's claw-backs. */
const statement: ReplyData<typeof E.statementList>['list'][number] = {
  id: 7,
  receiver_kind: 'partner',
  receiver_id: 3,
  receiver_name: '张伙伴',
  period: '2026-10',
  opening_fen: 0,
  credits_fen: 100_000,
  debits_fen: 0,
  closing_fen: 100_000,
  payable_fen: 100_000,
  pay_on: '2026-11-10',
  issued_at: '2026-11-05T00:00:00.000Z',
  line_count: 1,
  open_disputes: 0,
};
const detail: ReplyData<typeof E.statementDetail> = {
  ...statement,
  lines: [
    {
      id: 11,
      kind: 'accrual',
      amount_fen: 100_000,
      netted_fen: 0,
      client: '陈*玲',
      deal: '报单 #5',
      note: '',
      created_at: '2026-10-08T02:00:00.000Z',
    },
  ],
  disputes: [],
  can_answer: false,
  can_dispute: true,
};
const clawback: ReplyData<typeof E.clawbackList>['list'][number] = {
  id: 4,
  receiver_kind: 'receiver',
  receiver_id: 1,
  receiver_name: '李经纪（返佣人）',
  deal_kind: 'house',
  deal_id: 9,
  order_id: 2,
  client_name: '邵佳',
  trigger: 'house_failed',
  paid_fen: 800_000,
  paid_at: '2026-10-20T02:00:00.000Z',
  amount_fen: 800_000,
  status: 'pending',
  proposed_by_name: '吴审批',
  decided_by_name: null,
  remark: '',
  created_at: '2026-11-29T02:00:00.000Z',
  can_decide: true,
};

describe('/outside/statement', () => {
  it("lists the partner's statements with what will be paid and when, and opens one", async () => {
    const page = await renderPageWith('/outside/statement', {
      user: null,
      api: [on(E.statementList, ok({ list: [statement], next_cursor: null })), on(E.statementDetail, ok(detail))],
    })();
    expect(await screen.findByText('2026-10 · 张伙伴')).toBeTruthy();
    expect(screen.getByText(/预计 2026-11-10 支付/)).toBeTruthy();
    await tap(screen.getByText('2026-10 · 张伙伴'));
    await expect.poll(page.pathname).toBe('/outside/statement/7');
    expect(await screen.findByText('应付返佣')).toBeTruthy();
    expect(screen.getByText(/陈\*玲/)).toBeTruthy();
    expect(screen.getByRole('button', { name: '提出异议' })).toBeTruthy();
  });

  it('says so when there is none', async () => {
    await renderPageWith('/outside/statement', {
      user: null,
      api: [on(E.statementList, ok({ list: [], next_cursor: null }))],
    })();
    expect(await screen.findByText('暂无对账单（每月对账日出上月对账单）')).toBeTruthy();
  });
});

describe('/business/clawback', () => {
  it('shows the claw-back waiting with its trigger and who caused it, and approves it after a confirmation', async () => {
    const page = await renderPageWith('/business/clawback', {
      api: [on(E.clawbackList, ok({ list: [clawback], next_cursor: null })), on(E.clawbackDecide, ok({ id: 4 }))],
    })();
    expect(await screen.findByText('邵佳 · 李经纪（返佣人）')).toBeTruthy();
    expect(screen.getByText(/房贷签约失败/)).toBeTruthy();
    expect(screen.getByText(/由 吴审批 引起/)).toBeTruthy();
    await tap(screen.getByRole('button', { name: '通过（记为欠款）' }));
    expect(await screen.findByText(/从其下次返佣中抵扣/)).toBeTruthy();
    expect(page.api.callsTo(E.clawbackDecide)).toHaveLength(0);
    await tap(screen.getByRole('button', { name: '确定' }));
    await expect.poll(() => page.api.callsTo(E.clawbackDecide).length).toBe(1);
    expect(page.api.lastCall(E.clawbackDecide).fields).toMatchObject({ id: '4', decision: 'approve' });
  });
});
