import type { WxWorkConfig } from '@crm/domain/api/chatter';
import { beforeEach, describe, expect, it, vi } from 'vitest';

/*
 * The real JS-SDK path (a server with the real WeCom adapter answers demo: false): what the page asks of
 * @wecom/jssdk, with the SDK replaced at its module boundary.
 */
const ww = vi.hoisted(() => ({
  EntryType: { single_chat_tools: 'single_chat_tools', normal: 'normal' },
  register: vi.fn(),
  getContext: vi.fn(),
  getCurExternalContact: vi.fn(),
  sendChatMessage: vi.fn(),
}));
vi.mock('@wecom/jssdk', () => ww);
const api = vi.hoisted(() => ({ initWxWorkConfig: vi.fn<(url: string) => Promise<WxWorkConfig>>() }));
vi.mock('../api/chatter-api.ts', () => api);

const sig = (signature: string) => ({ timestamp: 1_800_000_000, nonceStr: 'n', signature });
const config = (url: string): WxWorkConfig => ({
  corpId: 'ww0123456789abcdef',
  agentId: '1000002',
  config: sig(`config-of-${url}`),
  agentConfig: sig(`agent-of-${url}`),
  demo: false,
  demo_contacts: [],
});

beforeEach(() => {
  vi.resetModules();
  for (const fn of [ww.register, ww.getContext, ww.getCurExternalContact, ww.sendChatMessage, api.initWxWorkConfig])
    fn.mockReset();
  api.initWxWorkConfig.mockImplementation(async (url) => config(url));
});

describe('openSidebarSdk against the real JS-SDK', () => {
  it('registers the corp and the app with both signature factories, which ask the server per page URL', async () => {
    const { openSidebarSdk } = await import('./sidebar-sdk.ts');
    await openSidebarSdk();
    expect(ww.register).toHaveBeenCalledTimes(1);
    const options = ww.register.mock.calls[0]?.[0] as {
      corpId: string;
      agentId: string;
      jsApiList: string[];
      getConfigSignature: (url: string) => Promise<unknown>;
      getAgentConfigSignature: (url: string) => Promise<unknown>;
    };
    expect(options).toMatchObject({ corpId: 'ww0123456789abcdef', agentId: '1000002' });
    expect(options.jsApiList).toEqual(
      expect.arrayContaining(['getContext', 'getCurExternalContact', 'sendChatMessage']),
    );
    const other = 'https://crm.example/chattergee/send/wm1#x';
    await expect(options.getConfigSignature(other)).resolves.toEqual(
      sig('config-of-https://crm.example/chattergee/send/wm1'),
    );
    await expect(options.getAgentConfigSignature(other)).resolves.toEqual(
      sig('agent-of-https://crm.example/chattergee/send/wm1'),
    );
    // One server call per URL, the fragment cut off.
    expect(api.initWxWorkConfig.mock.calls.map((c) => c[0])).toEqual([
      expect.stringMatching(/^http/),
      'https://crm.example/chattergee/send/wm1',
    ]);
  });

  it('reads the current external contact in a single chat, and none elsewhere', async () => {
    const { openSidebarSdk } = await import('./sidebar-sdk.ts');
    const sdk = await openSidebarSdk();
    ww.getContext.mockResolvedValueOnce({ entry: 'single_chat_tools' });
    ww.getCurExternalContact.mockResolvedValueOnce({ userId: 'wmABC' });
    await expect(sdk.currentContact()).resolves.toBe('wmABC');
    ww.getContext.mockResolvedValueOnce({ entry: 'normal' });
    await expect(sdk.currentContact()).resolves.toBeNull();
    expect(ww.getCurExternalContact).toHaveBeenCalledTimes(1);
  });

  it('sends the card as a news message into the chat', async () => {
    const { openSidebarSdk } = await import('./sidebar-sdk.ts');
    const sdk = await openSidebarSdk();
    const card = { title: '您收到 30 积分', desc: '王小明 赠送', link: 'https://crm.example/w', imgUrl: '' };
    await sdk.sendCard(card);
    expect(ww.sendChatMessage).toHaveBeenCalledWith({ msgtype: 'news', news: card });
  });
});
