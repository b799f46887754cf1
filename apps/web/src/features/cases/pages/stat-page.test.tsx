import * as E from '@crm/domain/endpoints/cases';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aStatistic, fail, LEADER, loadFailureCases, ok, on, renderPage, tap } from '../../../test/page.ts';

describe('/business/stat', () => {
  it('shows my totals and the cases by status, with no team switch for a salesperson', async () => {
    const page = await renderPage('/business/stat', { api: [on(E.statistic, ok(aStatistic()))] });
    expect(await screen.findByText('12')).toBeTruthy();
    expect(screen.getByText('报单数')).toBeTruthy();
    // The disbursed card and the 已放款 status row.
    expect(screen.getAllByText('已放款')).toHaveLength(2);
    expect(screen.getByText(/^3 单/)).toBeTruthy();
    expect(screen.queryByText('团队')).toBeNull();
    expect(page.api.lastCall(E.statistic).query).toEqual({ scope: 'mine' });
  });

  it('names each month of the chart with its year', async () => {
    await renderPage('/business/stat', { api: [on(E.statistic, ok(aStatistic()))] });
    await screen.findByText('报单数');
    await expect.poll(() => document.querySelector('.bar-chart')?.textContent ?? '').toContain('2026-11');
  });

  it("lets a leader switch to the team's figures", async () => {
    const page = await renderPage('/business/stat', {
      user: LEADER,
      api: [on(E.statistic, ok(aStatistic()))],
    });
    await screen.findByText('报单数');
    await tap(screen.getByText('团队'));
    await expect.poll(() => page.api.lastCall(E.statistic).query.scope).toBe('team');
  });

  it('shows zeros when there is nothing yet', async () => {
    await renderPage('/business/stat', {
      api: [
        on(
          E.statistic,
          ok(aStatistic({ total: { count: 0, amount_fen: 0, disbursed_fen: 0 }, by_status: [], by_month: [] })),
        ),
      ],
    });
    expect((await screen.findByText('报单数')).parentElement?.textContent).toBe('0报单数');
    expect(screen.queryByText(/ 单/)).toBeNull();
  });

  it.each(loadFailureCases('统计暂不可用'))('shows %s', async (_name, reply, message) => {
    await renderPage('/business/stat', { api: [on(E.statistic, reply)] });
    expect(await screen.findByText(message)).toBeTruthy();
  });

  it('offers a retry button when the figures failed to load', async () => {
    const page = await renderPage('/business/stat', { api: [on(E.statistic, fail('统计暂不可用'))] });
    await page.retryFailedLoad('统计暂不可用', E.statistic, ok(aStatistic()));
    expect(await screen.findByText('报单数')).toBeTruthy();
  });
});
