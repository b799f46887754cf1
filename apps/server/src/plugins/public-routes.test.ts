import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../test/build-test-app.ts';
import { createCompany, createStaff } from '../test/factories.ts';
import { createPartner } from '../test/factories-outside.ts';
import { createBrokerageUser, createChannel } from '../test/factories-house.ts';
import { sessionCookie } from '../test/sessions.ts';
import type { PrincipalSubject } from '../modules/auth/principal.ts';
import { PUBLIC_ROUTES } from './public-routes.ts';

const test = testAppForFile();

/** A concrete URL for a route pattern: every parameter and wildcard filled with 1. */
const concrete = (url: string) => url.replace(/:[^/]+/g, '1').replace(/\*$/, '1');

const guarded = () => test.app.routeTable.filter((route) => route.method !== 'HEAD' && !route.isPublic);

describe('the route table', () => {
  it('knows every registered route', () => {
    const routes = test.app.routeTable.filter((route) => route.method !== 'HEAD');
    expect(routes.length).toBeGreaterThan(150);
    for (const { method, url } of routes) expect(test.app.hasRoute({ method: method, url })).toBe(true);
  });

  it('has no stale public entry: each names a registered route', () => {
    const registered = new Set(
      test.app.routeTable.map(({ method, url }) => `${method === 'HEAD' ? 'GET' : method} ${url}`),
    );
    expect(PUBLIC_ROUTES.filter(({ method, url }) => !registered.has(`${method} ${url}`))).toEqual([]);
  });

  it('answers every route that is not listed public with 401 and the envelope when there is no session', async () => {
    const open: string[] = [];
    for (const { method, url } of guarded()) {
      const response = await test.app.inject({ method: method as 'GET', url: concrete(url) });
      const body = response.json<{ code: number; msg: string; data: unknown }>();
      if (response.statusCode !== 401 || body.code !== 401 || body.data !== null || !/[\u4e00-\u9fff]/.test(body.msg))
        open.push(`${method} ${url}`);
    }
    expect(open).toEqual([]);
    expect(guarded().length).toBeGreaterThan(120);
  });

  it('answers every listed public route without a session', async () => {
    const refused: string[] = [];
    for (const { method, url } of PUBLIC_ROUTES) {
      const response = await test.app.inject({ method, url: concrete(url) });
      if (response.statusCode === 401 || response.statusCode === 403) refused.push(`${method} ${url}`);
    }
    expect(refused).toEqual([]);
  });

  it('refuses a session of a kind a route does not serve with 403, whatever the kind', async () => {
    const corp = await createCompany(test.db);
    const partner = await createPartner(test.db, await createStaff(test.db, corp.id));
    const channel = await createChannel(test.db, corp.id, partner.staffId);
    const agent = await createBrokerageUser(test.db, corp.id, partner.staffId, { channelId: channel.id });
    const subjects: PrincipalSubject[] = [
      { kind: 'staff', corpId: corp.id, staffId: partner.staffId },
      { kind: 'partner', corpId: corp.id, partnerId: partner.id },
      { kind: 'channel', corpId: corp.id, channelAgentId: agent.id },
      { kind: 'visitor', corpId: corp.id, openid: 'o-visitor-1' },
    ];
    const reached: string[] = [];
    let refusals = 0;
    for (const subject of subjects) {
      const cookie = await sessionCookie(test, subject);
      for (const { method, url, principals } of guarded()) {
        if (principals.includes(subject.kind)) continue;
        refusals += 1;
        const response = await test.app.inject({ method: method as 'GET', url: concrete(url), headers: { cookie } });
        if (response.statusCode !== 403 || response.json<{ msg: string }>().msg !== '当前登录身份无权使用此功能')
          reached.push(`${subject.kind} ${method} ${url}`);
      }
    }
    expect(reached).toEqual([]);
    // Staff reach none of the partner portal; the others reach no staff route.
    expect(refusals).toBeGreaterThan(3 * 120);
  });

  /**
   * The calls a partner and an agent share with staff, each answering only the caller's own: the duplicate check
   * before a referral (decision 066) and their own commission lines and statements (decision 067).
   */
  const SHARED_WITH_OUTSIDERS = new Set([
    'POST /api/crm/duplicateCheck',
    'POST /api/crm/commissionLedger',
    'POST /api/crm/statementList',
    'POST /api/crm/statementDetail',
    'GET /api/crm/statementPdf',
    'GET /api/crm/statementXlsx',
    'POST /api/crm/statementDispute',
  ]);
  it('serves the shared calls to staff, partners and agents alike', () => {
    for (const route of SHARED_WITH_OUTSIDERS) {
      const found = guarded().find(({ method, url }) => `${method} ${url}` === route);
      expect(found?.principals, route).toEqual(expect.arrayContaining(['staff', 'partner', 'channel']));
    }
  });

  it('serves partners only on the partner portal and the invitations (decision 049)', () => {
    const partnerRoutes = guarded()
      .filter(({ principals }) => principals.includes('partner'))
      .map(({ method, url }) => `${method} ${url}`);
    const portal = partnerRoutes.filter((route) => !SHARED_WITH_OUTSIDERS.has(route));
    expect(portal.every((route) => /outside|Outside|ysbInvite|ysbQrcode/.test(route))).toBe(true);
    expect(portal).toHaveLength(15);
  });

  it('serves visitors only the activity calls, and those to nobody else (decision 056)', () => {
    const visitorRoutes = guarded().filter(({ principals }) => principals.includes('visitor'));
    expect(visitorRoutes.map(({ method, url }) => `${method} ${url}`).sort()).toEqual([
      'GET /api/crm/activityVisitor',
      'POST /api/crm/activityMine',
      'POST /api/crm/addActivityData',
      'POST /api/crm/coupon',
      'POST /api/crm/lotteryDraw',
      'POST /api/crm/lotteryLogin',
    ]);
    expect(visitorRoutes.every(({ principals }) => principals.length === 1)).toBe(true);
  });

  it('serves channel agents only on the channel portal (decision 052)', () => {
    const channelRoutes = guarded()
      .filter(({ principals }) => principals.includes('channel'))
      .map(({ method, url }) => `${method} ${url}`);
    const portal = channelRoutes.filter((route) => !SHARED_WITH_OUTSIDERS.has(route));
    expect(portal.every((route) => route.includes('/api/houseloan/'))).toBe(true);
    expect(portal).toHaveLength(11);
    // allot is the steward's.
    expect(guarded().find((r) => r.url === '/api/houseloan/allot')?.principals).toEqual(['staff']);
  });
});
