import { describe, expect, it } from 'vitest';
import { esignTemplates } from './db/schema/esign.ts';
import { testAppForFile } from './test/build-test-app.ts';
import { createCompany, createStaff, createTeam } from './test/factories.ts';
import { createCase } from './test/factories-cases.ts';
import { createChannel } from './test/factories-house.ts';
import { staffCookie } from './test/sessions.ts';

/*
 * Every link the server hands out starts with the configured public URL, whatever Host the request names:
 * the Host header is the sender's to choose, and an invite or a signing link pointing at evil.example would
 * send a partner or a client to a look-alike page that collects their SMS code. Production must set
 * PUBLIC_URL (config.test.ts); without it, as here, the links point at this machine's port.
 */

const PUBLIC_URL = 'http://localhost:3000';
const test = testAppForFile();
const evil = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' };

type Body<T> = { code: number; msg: string; data: T };

async function world() {
  const corp = await createCompany(test.db);
  const team = await createTeam(test.db, corp.id);
  const sales = await createStaff(test.db, corp.id, { teamId: team.id });
  return { corp, sales, cookie: await staffCookie(test, sales) };
}

const injectAsEvil = (method: 'GET' | 'POST', url: string, cookie?: string, payload?: object) =>
  test.app.inject({ method, url, headers: { ...evil, ...(cookie ? { cookie } : {}) }, ...(payload && { payload }) });

describe('links the server hands out', () => {
  it('builds a partner invite on PUBLIC_URL when the request names another host', async () => {
    const w = await world();
    const invite = (await injectAsEvil('POST', '/api/crm/ysbInvite', w.cookie, {})).json<Body<{ link: string }>>();
    expect(invite.code).toBe(0);
    expect(new URL(invite.data.link).origin).toBe(PUBLIC_URL);
  });

  it("builds a channel's entry link on PUBLIC_URL", async () => {
    const w = await world();
    const channel = await createChannel(test.db, w.corp.id, w.sales.id);
    const entry = (await injectAsEvil('GET', `/api/crm/houseChannelEntry?id=${channel.id}`, w.cookie)).json<
      Body<{ link: string }>
    >();
    expect(new URL(entry.data.link).origin).toBe(PUBLIC_URL);
  });

  it.each([
    ['WeCom sign-in', (corp: number) => `/api/wechat/wxworkLogin?corp=${corp}`],
    ['WeCom web sign-in', (corp: number) => `/api/wechat/wwlogin?corp=${corp}`],
    ['the channel portal', (corp: number) => `/api/houseloan/oauth?corp=${corp}`],
  ])('sends %s back to PUBLIC_URL after OAuth', async (_what, url) => {
    const w = await world();
    const start = await injectAsEvil('GET', url(w.corp.id));
    expect(start.statusCode).toBe(302);
    const location = new URL(String(start.headers.location));
    // The real providers carry the way back as redirect_uri; the offline stand-ins go there directly.
    const back = location.searchParams.get('redirect_uri') ?? location.href;
    expect(new URL(back).origin).toBe(PUBLIC_URL);
  });

  it('builds an e-sign link on PUBLIC_URL', async () => {
    const w = await world();
    await test.db
      .insert(esignTemplates)
      .values([
        { corpId: w.corp.id, kind: 'application', title: '借款申请书', body: ['本人{{client_name}}申请借款。'] },
      ]);
    const theCase = await createCase(test.db, w.sales, { name: '赵六', phone: '13600136000' });
    const added = (await injectAsEvil('POST', '/api/esign/add', w.cookie, { user_id: theCase.id })).json<
      Body<{ link: string }>
    >();
    expect(added.code).toBe(0);
    expect(new URL(added.data.link).origin).toBe(PUBLIC_URL);
  });
});
