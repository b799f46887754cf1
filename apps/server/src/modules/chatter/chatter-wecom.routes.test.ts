import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WxWorkConfig } from '@crm/domain/api/chatter';
import { startFakeWecomServer, type FakeWecomServer } from '../../adapters/wecom/fake-wecom-server.ts';
import { createWecomAdapter, jsSdkSignature } from '../../adapters/wecom/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createCompany, createStaff } from '../../test/factories.ts';
import { postForm } from '../../test/http.ts';
import { staffCookie } from '../../test/sessions.ts';

/*
 * The sidebar's calls against the real WeCom adapter and the fake WeCom server (decision 055): the follow check
 * is WeCom's externalcontact/get, and initWxWorkConfig signs with both tickets WeCom hands out, fetched once.
 */
const CORP_ID = 'ww0123456789abcdef';
let fake: FakeWecomServer;
let test: TestApp;
beforeAll(async () => {
  fake = await startFakeWecomServer({
    corpId: CORP_ID,
    secret: 's3cret',
    jsapiTicket: 'corp-ticket',
    chat: {
      agentTicket: 'app-ticket',
      contacts: [{ externalUserid: 'wmReal0001', name: '王女士', followUserIds: ['zhangsan'] }],
    },
  });
  test = await buildTestApp({
    wecom: createWecomAdapter({ corpId: CORP_ID, agentId: '1000002', secret: 's3cret', apiBase: fake.apiBase }),
  });
});
afterAll(async () => {
  await test.close();
  await fake.close();
});

/** A sidebar call by this staff member, in a session of their own. */
const sidebarCall = async (person: { corpId: number; id: number }, name: string, fields: Record<string, string>) =>
  postForm(test.app, `/api/chattergee/${name}`, fields, { cookie: await staffCookie(test, person) });

describe('the sidebar against WeCom (fake server)', () => {
  it('asks externalcontact/get who follows the contact before filing it', async () => {
    const corp = await createCompany(test.db);
    const zhangsan = await createStaff(test.db, corp.id, { wxworkId: 'zhangsan' });
    const lisi = await createStaff(test.db, corp.id, { wxworkId: 'lisi' });
    const filed = await sidebarCall(zhangsan, 'addFiling', { external_userid: 'wmReal0001', name: '王女士' });
    expect(filed.json()).toMatchObject({ code: 0, data: { external_userid: 'wmReal0001', name: '王女士' } });
    const asked = fake.requests.filter((r) => r.path === '/cgi-bin/externalcontact/get');
    expect(asked.at(-1)?.query).toMatchObject({ external_userid: 'wmReal0001' });
    const notFollowing = await sidebarCall(lisi, 'getFiling', { external_userid: 'wmReal0001' });
    expect(notFollowing.statusCode).toBe(403);
    const unknown = await sidebarCall(zhangsan, 'getFiling', { external_userid: 'wmNobody0001' });
    expect(unknown.statusCode).toBe(404);
  });

  it('signs wx.config and wx.agentConfig with their own tickets, fetched once for concurrent pages', async () => {
    const corp = await createCompany(test.db);
    const cookie = await staffCookie(test, await createStaff(test.db, corp.id));
    const url = 'https://crm.example/chattergee/home';
    const answers = await Promise.all(
      Array.from({ length: 5 }, async () =>
        (await postForm(test.app, '/api/chattergee/initWxWorkConfig', { url }, { cookie })).json<{
          data: WxWorkConfig;
        }>(),
      ),
    );
    for (const { data } of answers) {
      expect(data).toMatchObject({ corpId: CORP_ID, agentId: '1000002', demo: false, demo_contacts: [] });
      expect(data.config.signature).toBe(
        jsSdkSignature({
          ticket: 'corp-ticket',
          nonceStr: data.config.nonceStr,
          timestamp: data.config.timestamp,
          url,
        }),
      );
      expect(data.agentConfig.signature).toBe(
        jsSdkSignature({
          ticket: 'app-ticket',
          nonceStr: data.agentConfig.nonceStr,
          timestamp: data.agentConfig.timestamp,
          url,
        }),
      );
    }
    expect(fake.ticketRequests).toBe(1);
    expect(fake.chat.agentTicketRequests).toBe(1);
  });

  it('says WeCom is unavailable, without a 5xx, when WeCom does not answer', async () => {
    fake.stall(1);
    const slow = createWecomAdapter({
      corpId: CORP_ID,
      agentId: '1000002',
      secret: 's3cret',
      apiBase: fake.apiBase,
      timeoutMs: 200,
    });
    const app = await buildTestApp({ wecom: slow });
    try {
      const answer = await postForm(
        app.app,
        '/api/chattergee/getFiling',
        { external_userid: 'wmReal0001' },
        {
          cookie: await staffCookie(
            app,
            await createStaff(app.db, (await createCompany(app.db)).id, { wxworkId: 'zhangsan' }),
          ),
        },
      );
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toMatchObject({ code: 1, msg: '企业微信服务暂不可用，请稍后再试' });
    } finally {
      await app.close();
    }
  });
});
