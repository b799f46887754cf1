import { describe, expect, it } from 'vitest';
import { createDemoWecomAdapter } from './demo-wecom.ts';
import { DEMO_AGENT_TICKET, DEMO_EXTERNAL_CONTACTS } from './wecom-chat.ts';
import { WecomError, jsSdkSignature } from './wecom.ts';
import { createWecomAdapter } from './wecom-adapter.ts';
import { AGENT_ID, CORP_ID, SECRET, fakeWecomPerTest } from './wecom.test-helpers.ts';
import { rejectionOf } from '../../test/rejection.ts';

// WeCom's published example (developer.work.weixin.qq.com/document/path/90506, "JS-SDK使用权限签名算法").
const VECTOR = {
  ticket: 'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg',
  nonceStr: 'Wm3WZYTPz0wzccnW',
  timestamp: 1414587457,
  url: 'http://mp.weixin.qq.com?params=value',
  signature: '0f9de62fce790f9a083d5c99e95740ceb90c27ed',
};

const setup = fakeWecomPerTest();

describe('JS-SDK signatures (wx.config and wx.agentConfig)', () => {
  it("matches WeCom's published example vector", () => {
    expect(jsSdkSignature(VECTOR)).toBe(VECTOR.signature);
    // The #fragment is not part of the signed URL.
    expect(jsSdkSignature({ ...VECTOR, url: `${VECTOR.url}#/chattergee/home` })).toBe(VECTOR.signature);
    expect(jsSdkSignature({ ...VECTOR, nonceStr: 'Wm3WZYTPz0wzccnX' })).not.toBe(VECTOR.signature);
  });

  it('signs wx.agentConfig with the app ticket (ticket/get?type=agent_config), wx.config with the company one', async () => {
    const { server, wecom } = await setup(
      { jsapiTicket: VECTOR.ticket, chat: { agentTicket: 'agent-ticket-A' } },
      { now: () => VECTOR.timestamp * 1000, nonce: () => VECTOR.nonceStr },
    );
    const config = await wecom.jsSdkConfig(VECTOR.url);
    const agent = await wecom.agentConfig(VECTOR.url);
    expect(config.signature).toBe(VECTOR.signature);
    expect(agent).toEqual({
      corpId: CORP_ID,
      agentId: AGENT_ID,
      timestamp: VECTOR.timestamp,
      nonceStr: VECTOR.nonceStr,
      signature: jsSdkSignature({ ...VECTOR, ticket: 'agent-ticket-A' }),
    });
    expect(agent.signature).not.toBe(config.signature);
    const ticketCall = server.requests.find((r) => r.path === '/cgi-bin/ticket/get');
    expect(ticketCall?.query).toEqual({ type: 'agent_config', access_token: 'fake-token-1' });
  });
});

describe('app ticket caching against the fake WeCom server', () => {
  it('fetches the app ticket once for 20 concurrent pages, and again only when its lifetime ends', async () => {
    let clock = 1_000_000_000;
    const { server, wecom } = await setup({ chat: { agentTicketExpiresIn: 7200 } }, { now: () => clock });
    server.chat.delayTicketsMs = 50;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => wecom.agentConfig(`https://crm.example/p${i}`)),
    );
    expect(new Set(answers.map((a) => a.signature)).size).toBe(20);
    expect(server.chat.agentTicketRequests).toBe(1);
    expect(server.tokenRequests).toBe(1);

    // Cached for its lifetime less the 5-minute margin.
    clock += (7200 - 300) * 1000 - 1;
    await wecom.agentConfig('https://crm.example/');
    expect(server.chat.agentTicketRequests).toBe(1);
    clock += 1;
    await Promise.all([wecom.agentConfig('https://crm.example/a'), wecom.agentConfig('https://crm.example/b')]);
    expect(server.chat.agentTicketRequests).toBe(2);
  });

  it('refreshes an expired access token once and still gets the ticket', async () => {
    const { server, wecom } = await setup();
    await wecom.jsSdkConfig('https://crm.example/');
    server.expireTokens();
    await expect(wecom.agentConfig('https://crm.example/')).resolves.toMatchObject({ agentId: AGENT_ID });
    expect(server.tokenRequests).toBe(2);
  });
});

describe('externalcontact/get', () => {
  it('answers the contact and every follower across follow_user pages', async () => {
    const followers = ['u1', 'u2', 'u3', 'u4', 'u5'];
    const { server, wecom } = await setup({
      chat: { contacts: [{ externalUserid: 'wmABC', name: '陈女士', followUserIds: followers }], followPageSize: 2 },
    });
    await expect(wecom.getExternalContact('wmABC')).resolves.toEqual({
      externalUserid: 'wmABC',
      name: '陈女士',
      followUserIds: followers,
    });
    expect(server.requests.filter((r) => r.path === '/cgi-bin/externalcontact/get').map((r) => r.query.cursor)).toEqual(
      [undefined, '2', '4'],
    );
  });

  it('answers null for a contact WeCom does not know (84061), and throws on a WeCom failure', async () => {
    const { server, wecom } = await setup();
    await expect(wecom.getExternalContact('wmNobody')).resolves.toBeNull();
    server.stall(1);
    const slow = createWecomAdapter({
      corpId: CORP_ID,
      agentId: AGENT_ID,
      secret: SECRET,
      apiBase: server.apiBase,
      timeoutMs: 100,
    });
    const error = await rejectionOf(slow.getExternalContact('wmABC'), WecomError);
    expect(error.reason).toBe('network');
  });
});

describe('the offline demo adapter speaks the same calls', () => {
  it('signs agentConfig with its fixed app ticket and knows the demo contacts', async () => {
    const demo = createDemoWecomAdapter({ now: () => VECTOR.timestamp * 1000 });
    const agent = await demo.agentConfig(VECTOR.url);
    expect(agent.signature).toBe(
      jsSdkSignature({
        ticket: DEMO_AGENT_TICKET,
        nonceStr: agent.nonceStr,
        timestamp: VECTOR.timestamp,
        url: VECTOR.url,
      }),
    );
    const first = DEMO_EXTERNAL_CONTACTS[0];
    await expect(demo.getExternalContact(first?.externalUserid ?? '')).resolves.toMatchObject({ name: '陈女士' });
    await expect(demo.getExternalContact('wmNobody')).resolves.toBeNull();
  });
});
