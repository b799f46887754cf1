import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, staff } from '../db/schema/staff.ts';
import { eq } from 'drizzle-orm';
import { createAuthRepository } from '../modules/auth/auth.repository.ts';
import { createAuthService } from '../modules/auth/auth.service.ts';
import type { PrincipalKind, PrincipalSubject } from '../modules/auth/principal.ts';
import { createStaffRepository } from '../modules/staff/staff.repository.ts';
import { createPartner } from '../test/factories-outside.ts';
import { createBrokerageUser, createChannel } from '../test/factories-house.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { createCompany, createStaff } from '../test/factories.ts';
import { envelopePlugin } from './envelope.ts';
import { createReadCache } from './read-cache.ts';
import { currentPrincipal, servePrincipals, sessionPlugin } from './session.ts';

let clock = new Date('2026-11-23T08:00:00Z');
let test: TestApp;
let app: FastifyInstance;
let auth: ReturnType<typeof createAuthService>;

/** One module per principal kind, each answering with the principal it sees. */
beforeAll(async () => {
  test = await buildTestApp({ now: () => clock });
  auth = createAuthService({
    repo: createAuthRepository(test.db),
    staff: createStaffRepository(test.db),
    sms: test.sms.adapter,
    secret: 'session-test-secret',
    sessionTtlMs: 3_600_000,
    now: () => clock,
  });
  app = Fastify();
  await app.register(envelopePlugin);
  await app.register(cookie);
  // The principals are kept as the app keeps them (decision 064): every check below also proves the cache.
  const cache = createReadCache({ feed: test.changes, now: () => clock });
  await app.register(sessionPlugin, { auth, cache, secure: false, ttlMs: 3_600_000 });
  for (const kind of ['staff', 'partner', 'channel', 'visitor'] as const) {
    await app.register(async (module) => {
      servePrincipals(module, [kind]);
      module.get(`/api/${kind}/whoami`, async (request) => ({ code: 0, msg: 'ok', data: currentPrincipal(request) }));
    });
  }
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await test.close();
});

const whoami = async (kind: PrincipalKind, token?: string) => {
  // This app is not the test app, whose requests wait for the test's own writes to be heard.
  await test.changes.settled();
  return app.inject({
    method: 'GET',
    url: `/api/${kind}/whoami`,
    ...(token ? { cookies: { crm_session: token } } : {}),
  });
};

describe('one session mechanism for four principal kinds', () => {
  it('resolves each kind from its session row and lets it reach only its own kind of route', async () => {
    const corp = await createCompany(test.db);
    const person = await createStaff(test.db, corp.id, { jobs: [2], isLeader: true, sex: 2 });
    const partner = await createPartner(test.db, person);
    const agent = await createBrokerageUser(test.db, corp.id, person.id, {
      channelId: (await createChannel(test.db, corp.id, person.id)).id,
    });
    const subjects: PrincipalSubject[] = [
      { kind: 'staff', corpId: corp.id, staffId: person.id },
      { kind: 'partner', corpId: corp.id, partnerId: partner.id },
      { kind: 'channel', corpId: corp.id, channelAgentId: agent.id },
      { kind: 'visitor', corpId: corp.id, openid: 'oVisitor-13' },
    ];
    for (const subject of subjects) {
      const token = await auth.startSession(subject);
      for (const kind of ['staff', 'partner', 'channel', 'visitor'] as const) {
        const response = await whoami(kind, token);
        if (kind !== subject.kind) {
          expect(response.statusCode).toBe(403);
          expect(response.json()).toEqual({ code: 403, msg: '当前登录身份无权使用此功能', data: null });
          continue;
        }
        expect(response.statusCode).toBe(200);
        const { data } = response.json<{ data: Record<string, unknown> }>();
        expect(data).toMatchObject({ kind: subject.kind, corpId: corp.id });
        if (subject.kind === 'staff')
          expect(data.staff).toMatchObject({ id: person.id, jobs: [2], isLeader: true, sex: 2, grants: [] });
        if (subject.kind === 'partner') expect(data.partnerId).toBe(partner.id);
        if (subject.kind === 'channel') expect(data.channelAgentId).toBe(agent.id);
        if (subject.kind === 'visitor') expect(data.openid).toBe('oVisitor-13');
      }
    }
  });

  it('answers 401 without a session, with an unknown token, and after the session expired', async () => {
    const corp = await createCompany(test.db);
    expect((await whoami('partner')).statusCode).toBe(401);
    expect((await whoami('partner', 'not-a-token')).json()).toEqual({
      code: 401,
      msg: '登录已失效，请重新登录',
      data: null,
    });
    const partner = await createPartner(test.db, await createStaff(test.db, corp.id));
    const token = await auth.startSession({ kind: 'partner', corpId: corp.id, partnerId: partner.id });
    expect((await whoami('partner', token)).statusCode).toBe(200);
    const before = clock;
    clock = new Date(clock.getTime() + 3_600_001);
    try {
      expect((await whoami('partner', token)).statusCode).toBe(401);
    } finally {
      clock = before;
    }
  });

  it('ends every kind of session of a company that is switched off, and a staff session of a member who left', async () => {
    const corp = await createCompany(test.db);
    const person = await createStaff(test.db, corp.id);
    const staffToken = await auth.startSession({ kind: 'staff', corpId: corp.id, staffId: person.id });
    const visitorToken = await auth.startSession({ kind: 'visitor', corpId: corp.id, openid: 'o-left' });
    await test.db.update(staff).set({ isActive: false }).where(eq(staff.id, person.id));
    expect((await whoami('staff', staffToken)).statusCode).toBe(401);
    expect((await whoami('visitor', visitorToken)).statusCode).toBe(200);
    await test.db.update(companies).set({ isActive: false }).where(eq(companies.id, corp.id));
    expect((await whoami('visitor', visitorToken)).statusCode).toBe(401);
  });

  it("refuses a session row that names no subject or another kind's subject", async () => {
    const corp = await createCompany(test.db);
    const insert = (values: string) =>
      test.db.execute(
        `insert into sessions (token_hash, corp_id, kind, staff_id, partner_id, visitor_openid, expires_at) values ${values}`,
      );
    await expect(insert(`('h1', ${corp.id}, 'partner', null, null, null, now())`)).rejects.toThrow();
    await expect(insert(`('h2', ${corp.id}, 'visitor', null, 3, null, now())`)).rejects.toThrow();
    await expect(insert(`('h3', ${corp.id}, 'partner', null, 3, 'o-x', now())`)).rejects.toThrow();
  });
});
