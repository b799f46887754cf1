import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aCase, findRowLink, loadFailureCases, network, ok, pageOf, renderPage } from '../../../test/page.ts';

describe('/business/list', () => {
  it('lists my cases with status and amount, and links each to its detail', async () => {
    const page = await renderPage('/business/list', {
      api: { '/api/crm/clientList': ok({ list: [aCase()], next_cursor: null }) },
    });
    await findRowLink(/陈美玲/, '/business/detail/11', '签约中', '¥50,000.00 · 36 期');
    expect(page.api.lastCall('/api/crm/clientList').fields).toMatchObject({ status: '0', keyword: '', cursor: '' });
  });

  it('lists only my own cases when the member parameters are not a valid member', async () => {
    const page = await renderPage('/business/list?scope=team&owner=abc&name=x', {
      api: { '/api/crm/clientList': ok({ list: [], next_cursor: null }) },
    });
    await screen.findByText('暂无数据');
    expect(screen.queryByText('x 的报单')).toBeNull();
    expect(page.api.lastCall('/api/crm/clientList').fields).not.toHaveProperty('owner_id');
  });

  it('says so when there are no cases', async () => {
    await renderPage('/business/list', { api: { '/api/crm/clientList': ok({ list: [], next_cursor: null }) } });
    expect(await screen.findByText('暂无数据')).toBeTruthy();
  });

  it.each([...loadFailureCases('登录已过期，请重新登录'), ['no network', network.offline(), network.message]])(
    'shows %s with a retry that asks again',
    async (_name, reply, message) => {
      const page = await renderPage('/business/list', { api: { '/api/crm/clientList': reply } });
      await page.retryFailedList(message, '/api/crm/clientList', ok(pageOf([aCase({ name: '李雷' })])));
      expect(await screen.findByRole('link', { name: /李雷/ })).toBeTruthy();
    },
  );

  it('searches by the keyword typed', async () => {
    const page = await renderPage('/business/list', {
      api: { '/api/crm/clientList': ok({ list: [], next_cursor: null }) },
    });
    await screen.findByText('暂无数据');
    const box = screen.getByPlaceholderText('搜索姓名或手机尾号');
    fireEvent.change(box, { target: { value: ' 5678 ' } });
    fireEvent.keyDown(box, { key: 'Enter', keyCode: 13 });
    await screen.findByText('暂无数据');
    await expect.poll(() => page.api.lastCall('/api/crm/clientList').fields.keyword).toBe('5678');
  });
});
