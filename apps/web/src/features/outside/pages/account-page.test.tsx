import * as EAuth from '@crm/domain/endpoints/auth';
import * as EOutside from '@crm/domain/endpoints/outside';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, ok, renderPageWith, tap, on } from '../../../test/page.ts';
import { retriesFailedLoad } from '../../../test/steps-load.ts';
import { aPartner } from '../../../test/outside-data.ts';

const renderAccount = renderPageWith('/outside/account', {
  user: null,
  api: [on(EOutside.getOutsideUser, ok(aPartner()))],
});

describe('/outside/account', () => {
  it('shows the account, inviter and protection period', async () => {
    await renderAccount();
    expect(await screen.findByText('李伙伴')).toBeTruthy();
    expect(screen.getByText('王**')).toBeTruthy();
    expect(screen.getByText('30 天')).toBeTruthy();
    expect(localStorage.getItem('ys_outside_user')).toContain('"name":"李伙伴"');
  });

  it('shows 注册时间 as the day in China, not the UTC day (issue 39)', async () => {
    // 16:30 UTC on the 28th is 00:30 on the 29th in Shanghai.
    await renderAccount([on(EOutside.getOutsideUser, ok(aPartner({ created_at: '2026-11-28T16:30:00.000Z' })))]);
    expect((await screen.findByText('注册时间')).parentElement?.parentElement?.textContent).toContain('2026-11-29');
    expect(document.body.textContent).not.toContain('2026-11-28');
  });

  it('退出登录 asks, logs out, forgets the partner and opens the partner login', async () => {
    const page = await renderAccount([
      on(EAuth.logout, ok(null)),
      on(EAuth.corp, ok([{ label: '一号金融', value: 1 }])),
    ]);
    await tap(await screen.findByRole('button', { name: '退出登录' }));
    expect(await screen.findByText('确定退出登录吗？')).toBeTruthy();
    expect(page.api.callsTo(EAuth.logout)).toHaveLength(0);
    await tap(screen.getByRole('button', { name: '确定' }));
    await expect.poll(page.pathname).toBe('/outside/login');
    expect(page.api.lastCall(EAuth.logout).method).toBe('POST');
    await expect.poll(() => localStorage.getItem('ys_outside_user')).toBeNull();
    expect(page.api.callsTo(EOutside.getOutsideUser)).toHaveLength(1);
  });

  it('shows a refusal with a retry', async () => {
    await retriesFailedLoad(renderAccount, EOutside.getOutsideUser, ok(aPartner()), '李伙伴', fail('账号已停用'));
  });
});
