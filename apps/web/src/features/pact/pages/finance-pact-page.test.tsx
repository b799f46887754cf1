import * as E from '@crm/domain/endpoints/pact';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loadFailureCases, ok, on, renderPage } from '../../../test/page.ts';
import { aFinancePact } from '../../../test/pact-fair-data.ts';

describe('/business/financePact/:id', () => {
  it('shows a frozen agreement: parties, terms, the true annual rate and the schedule', async () => {
    const page = await renderPage('/business/financePact/11', {
      api: [on(E.financePact, ok(aFinancePact()))],
    });
    expect(await screen.findByText('已生效')).toBeTruthy();
    expect(screen.getByText(/张签约 审批通过/)).toBeTruthy();
    expect(screen.getByText('陈美玲')).toBeTruthy();
    expect(screen.getByText('招商银行 · 消费分期A')).toBeTruthy();
    expect(screen.getByText('沪融信息服务（演示）')).toBeTruthy();
    expect(screen.getByText('¥50,000.00')).toBeTruthy();
    expect(screen.getByText('月费率')).toBeTruthy();
    expect(screen.getByText('0.35%')).toBeTruthy();
    expect(screen.getByText('4.20%')).toBeTruthy();
    expect(screen.getByText('真实年化（IRR）')).toBeTruthy();
    const table = screen.getByRole('table', { name: '还款计划' });
    expect(within(table).getAllByRole('row')).toHaveLength(13);
    expect(screen.getByRole('link', { name: '返回报单' }).getAttribute('href')).toBe('/business/detail/11');
    expect(page.api.lastCall(E.financePact)).toMatchObject({ method: 'GET', query: { id: '11' } });
  });

  it('marks a draft as not binding yet', async () => {
    await renderPage('/business/financePact/11', {
      api: [
        on(
          E.financePact,
          ok(
            aFinancePact({
              state: 'draft',
              frozen_at: null,
              frozen_by_name: null,
              case_status: 3,
              case_status_label: '审批中',
            }),
          ),
        ),
      ],
    });
    expect(await screen.findByText('草稿')).toBeTruthy();
    expect(screen.getByText('草稿：随报单变化，报单审批通过后条款冻结生效')).toBeTruthy();
  });

  it.each(loadFailureCases('该报单的产品未设置费率，暂无法生成融资协议'))(
    'shows %s with a retry',
    async (_name, reply, message) => {
      const page = await renderPage('/business/financePact/11', { api: [on(E.financePact, reply)] });
      expect(await screen.findByText('融资协议加载失败')).toBeTruthy();
      await page.retryFailedLoad(message, E.financePact, ok(aFinancePact()));
      expect(await screen.findByText('已生效')).toBeTruthy();
    },
  );
});
