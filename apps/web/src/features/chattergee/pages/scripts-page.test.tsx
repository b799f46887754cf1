import * as E from '@crm/domain/endpoints/chatter';
import * as S from '@crm/domain/endpoints/scripts';
import type { Script } from '@crm/domain/api/scripts';
import type { WxWorkConfig } from '@crm/domain/api/chatter';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fail, findToast, ok, on, renderPage, tap } from '../../../test/page.ts';

const signature = { timestamp: 1_800_000_000, nonceStr: 'n', signature: 's' };
const demoConfig: WxWorkConfig = {
  corpId: 'demo-corp',
  agentId: '1000001',
  config: signature,
  agentConfig: signature,
  demo: true,
  demo_contacts: [{ external_userid: 'wmDemoLiu00002', name: '刘先生' }],
};
const aScript = (over: Partial<Script> = {}): Script => ({
  id: 7,
  topic: 'documents',
  title: '经营贷要准备的材料',
  content: '请准备：身份证、营业执照、近六个月的经营流水。',
  is_active: true,
  uses: 3,
  updated_at: '2026-11-20T02:00:00.000Z',
  ...over,
});

afterEach(() => {
  sessionStorage.clear();
  window.__chattergeeTexts = [];
});

describe('/chattergee/scripts', () => {
  it('lists the approved scripts, searches them and narrows by topic', async () => {
    const page = await renderPage('/chattergee/scripts', {
      api: [on(E.initWxWorkConfig, ok(demoConfig)), on(S.scripts, ok({ list: [aScript()] }))],
    });
    expect(await screen.findByText('经营贷要准备的材料')).toBeTruthy();
    expect(screen.getByText('已用 3 次')).toBeTruthy();
    const search = screen.getByPlaceholderText('搜索话术');
    fireEvent.change(search, { target: { value: '营业执照' } });
    await expect.poll(() => page.api.lastCall(S.scripts).fields).toEqual({ q: '营业执照' });
    await tap(screen.getByText('不承诺审批'));
    await expect.poll(() => page.api.lastCall(S.scripts).fields).toEqual({ topic: 'no-promise', q: '营业执照' });
  });

  it('outside WeCom copies a script for the chat and counts the use with the demo chat’s contact', async () => {
    sessionStorage.setItem('chattergee.demoContact', 'wmDemoLiu00002');
    const page = await renderPage('/chattergee/scripts', {
      api: [
        on(E.initWxWorkConfig, ok(demoConfig)),
        on(S.scripts, ok({ list: [aScript()] })),
        on(S.scriptUse, ok({ uses: 4 }, '已记录使用')),
      ],
    });
    const button = await screen.findByRole('button', { name: '发送到聊天' });
    // The button waits for the JS-SDK (here the demo stand-in) before it sends anything.
    await expect.poll(() => button.hasAttribute('disabled')).toBe(false);
    await tap(button);
    expect(await findToast('不在企业微信中：话术已复制，请粘贴到聊天')).toBeTruthy();
    expect(window.__chattergeeTexts).toEqual(['请准备：身份证、营业执照、近六个月的经营流水。']);
    expect(page.api.lastCall(S.scriptUse).fields).toEqual({ id: '7', external_userid: 'wmDemoLiu00002' });
  });

  it('says so when none match, and shows a failed load with a retry', async () => {
    await renderPage('/chattergee/scripts', {
      api: [on(E.initWxWorkConfig, ok(demoConfig)), on(S.scripts, ok({ list: [] }))],
    });
    expect(await screen.findByText('没有符合条件的话术')).toBeTruthy();
  });

  it('shows a refusal of the list', async () => {
    await renderPage('/chattergee/scripts', {
      api: [on(E.initWxWorkConfig, ok(demoConfig)), on(S.scripts, fail('话术分类无效'))],
    });
    expect(await screen.findByText('话术分类无效')).toBeTruthy();
  });
});
