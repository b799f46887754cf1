import * as E from '@crm/domain/endpoints/admin';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminApi, aWhoami } from '../../../test/admin-data.ts';
import { fail, network, ok, renderPage, tap } from '../../../test/page.ts';

const open = (whoami = ok(aWhoami())) => renderPage('/admin', { browser: 'desktop', api: adminApi([], whoami) });

describe('/admin', () => {
  it("greets the admin with the company's name and links every page of their grant", async () => {
    await open();
    expect(await screen.findByRole('heading', { name: '易数科技 · 管理后台' })).toBeTruthy();
    const main = within(screen.getByRole('list', { name: '后台功能' }));
    expect(main.getAllByRole('link').map((link) => link.textContent)).toEqual([
      '员工',
      '团队',
      '公告',
      '规则',
      '银行与支行',
      '产品',
      '渠道',
      '来源',
      '城市',
      '试卷',
      '问答',
      '同义词',
      '未解答问题',
      '营销活动',
      '群机器人',
      '话术库',
      '渠道活码',
      '来源统计',
      '个人信息查询',
      '客户群发',
      '数据导入',
      '数据导出',
      '企业微信同步',
      '审计日志',
    ]);
  });

  it('shows both kinds of page to an admin of both grants', async () => {
    await open(ok(aWhoami({ platform_admin: true })));
    const nav = within(await screen.findByRole('navigation', { name: '管理后台' }));
    expect((await nav.findAllByRole('link'))[0]?.textContent).toBe('公司');
  });

  it('tells a person without a grant, and goes back to the home page', async () => {
    const view = await open(ok(aWhoami({ company_admin: false })));
    expect(await screen.findByText('仅公司管理员可使用后台管理')).toBeTruthy();
    await tap(screen.getByRole('link', { name: '返回首页' }));
    await expect.poll(() => view.pathname()).toBe('/index');
  });

  it('retries a failed whoami', async () => {
    const view = await open(network.httpError(500));
    await view.retryFailedLoad(network.message, E.whoami, ok(aWhoami()));
    expect(await screen.findByRole('heading', { name: '易数科技 · 管理后台' })).toBeTruthy();
  });

  it('shows a refusal of whoami', async () => {
    await open(fail('登录已失效'));
    expect(await screen.findByText('登录已失效')).toBeTruthy();
  });
});
