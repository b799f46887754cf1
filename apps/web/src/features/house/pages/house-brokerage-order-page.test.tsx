import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loadFailureCases, network, ok, pageOf, renderPage, tap } from '../../../test/page.ts';
import { FINANCE } from '../test-kit.ts';

describe('/business/houseBrokerageOrder', () => {
  it('shows the orders by status and opens one status', async () => {
    const page = await renderPage('/business/houseBrokerageOrder', {
      user: FINANCE,
      api: {
        '/api/crm/houseBrokerageOrder': ok({
          counts: [{ status: 1, count: 2, amount_fen: 300_000 }],
          can_update: true,
        }),
        '/api/crm/houseBrokerageOrderList': ok(pageOf([])),
      },
    });
    expect(await screen.findByText('2 单 · ¥3,000.00')).toBeTruthy();
    await tap(screen.getByText('待打款'));
    await expect.poll(page.pathname).toBe('/business/houseBrokerageOrderList/1');
  });

  it('offers only 全部 when there are no orders', async () => {
    const page = await renderPage('/business/houseBrokerageOrder', {
      user: FINANCE,
      api: {
        '/api/crm/houseBrokerageOrder': ok({ counts: [], can_update: false }),
        '/api/crm/houseBrokerageOrderList': ok(pageOf([])),
      },
    });
    await tap(await screen.findByText('全部'));
    await expect.poll(page.pathname).toBe('/business/houseBrokerageOrderList/0');
  });

  it.each(loadFailureCases('仅房贷财务可查看'))('shows %s', async (_name, reply, message) => {
    await renderPage('/business/houseBrokerageOrder', {
      user: FINANCE,
      api: { '/api/crm/houseBrokerageOrder': reply },
    });
    expect(await screen.findByText(message)).toBeTruthy();
  });

  it('offers a retry button when the orders failed to load', async () => {
    const page = await renderPage('/business/houseBrokerageOrder', {
      user: FINANCE,
      api: { '/api/crm/houseBrokerageOrder': network.offline() },
    });
    await page.retryFailedLoad(
      network.message,
      '/api/crm/houseBrokerageOrder',
      ok({
        counts: [{ status: 1, count: 2, amount_fen: 300_000 }],
        can_update: true,
      }),
    );
    expect(await screen.findByText('2 单 · ¥3,000.00')).toBeTruthy();
  });
});
