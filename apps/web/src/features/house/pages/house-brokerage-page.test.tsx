import * as E from '@crm/domain/endpoints/house';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aHouseClient, aHouseDetail, fail, ok, on, pageOf, renderPage, tap } from '../../../test/page.ts';
import { FINANCE } from '../test-kit.ts';

const SUMMARY = ok({
  client_count: 4,
  total_fen: 1_200_000,
  pending_fen: 300_000,
  paid_fen: 900_000,
  audit_pending: 1,
});

describe('/business/houseBrokerage', () => {
  it('shows the rebate totals and the clients with brokerage', async () => {
    const page = await renderPage('/business/houseBrokerage', {
      user: FINANCE,
      api: [
        on(E.houseBrokerage, SUMMARY),
        on(E.houseBrokerageList, ok(pageOf([aHouseClient({ brokerage_state: 'approved', brokerage_fen: 1_200_000 })]))),
        on(E.getHouseDetail, ok(aHouseDetail())),
      ],
    });
    expect(await screen.findByText('¥12,000.00', { selector: '.house-summary__value' })).toBeTruthy();
    expect(screen.getByText('待打款').nextElementSibling?.textContent).toBe('¥3,000.00');
    expect(screen.getByText('待审批').nextElementSibling?.textContent).toBe('1');
    await tap(await screen.findByText('赵磊'));
    await expect.poll(page.pathname).toBe('/business/houseDetail/0/71');
  });

  it('says so when no client has brokerage', async () => {
    await renderPage('/business/houseBrokerage', {
      user: FINANCE,
      api: [on(E.houseBrokerage, SUMMARY), on(E.houseBrokerageList, ok(pageOf([])))],
    });
    expect(await screen.findByText('暂无房贷客户')).toBeTruthy();
  });

  it('shows a refusal of the list with a retry that asks for the totals again too', async () => {
    const page = await renderPage('/business/houseBrokerage', {
      user: FINANCE,
      api: [on(E.houseBrokerage, SUMMARY), on(E.houseBrokerageList, fail('仅房贷财务可查看'))],
    });
    expect(await screen.findByText('仅房贷财务可查看')).toBeTruthy();
    page.api.set([on(E.houseBrokerageList, ok(pageOf([aHouseClient()])))]);
    const before = page.api.callsTo(E.houseBrokerage).length;
    await tap(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('赵磊')).toBeTruthy();
    expect(page.api.callsTo(E.houseBrokerage).length).toBeGreaterThan(before);
  });

  it('says when the totals failed to load, and retries them', async () => {
    const page = await renderPage('/business/houseBrokerage', {
      user: FINANCE,
      api: [on(E.houseBrokerage, fail('汇总查询失败')), on(E.houseBrokerageList, ok(pageOf([])))],
    });
    await page.retryFailedLoad('汇总查询失败', E.houseBrokerage, SUMMARY);
    expect(await screen.findByText('¥12,000.00')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
