import * as E from '@crm/domain/endpoints/house';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loadFailureCases, network, ok, on, pageOf, renderPage, tap } from '../../../test/page.ts';
import { FINANCE } from '../test-kit.ts';

describe('/business/houseBrokerageOrder', () => {
  it('shows the orders by status and opens one status', async () => {
    const page = await renderPage('/business/houseBrokerageOrder', {
      user: FINANCE,
      api: [
        on(
          E.houseBrokerageOrder,
          ok({
            counts: [{ status: 1, count: 2, amount_fen: 300_000 }],
            can_update: true,
          }),
        ),
        on(E.houseBrokerageOrderList, ok(pageOf([]))),
      ],
    });
    expect(await screen.findByText('2 单 · ¥3,000.00')).toBeTruthy();
    await tap(screen.getByText('待打款'));
    await expect.poll(page.pathname).toBe('/business/houseBrokerageOrderList/1');
  });

  it('offers only 全部 when there are no orders', async () => {
    const page = await renderPage('/business/houseBrokerageOrder', {
      user: FINANCE,
      api: [
        on(E.houseBrokerageOrder, ok({ counts: [], can_update: false })),
        on(E.houseBrokerageOrderList, ok(pageOf([]))),
      ],
    });
    await tap(await screen.findByText('全部'));
    await expect.poll(page.pathname).toBe('/business/houseBrokerageOrderList/0');
  });

  it.each(loadFailureCases('仅房贷财务可查看'))('shows %s', async (_name, reply, message) => {
    await renderPage('/business/houseBrokerageOrder', {
      user: FINANCE,
      api: [on(E.houseBrokerageOrder, reply)],
    });
    expect(await screen.findByText(message)).toBeTruthy();
  });

  it('offers a retry button when the orders failed to load', async () => {
    const page = await renderPage('/business/houseBrokerageOrder', {
      user: FINANCE,
      api: [on(E.houseBrokerageOrder, network.offline())],
    });
    await page.retryFailedLoad(
      network.message,
      E.houseBrokerageOrder,
      ok({
        counts: [{ status: 1, count: 2, amount_fen: 300_000 }],
        can_update: true,
      }),
    );
    expect(await screen.findByText('2 单 · ¥3,000.00')).toBeTruthy();
  });
});
