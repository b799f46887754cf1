import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import { caseEvents, clients, followUps } from '../../db/schema/cases.ts';
import { duplicateChecks } from '../../db/schema/ownership.ts';
import { companies } from '../../db/schema/staff.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createAdmin, createCompany, createStaff, createTeam } from '../../test/factories.ts';
import { caseForm, createCase, uniqueIdNumber } from '../../test/factories-cases.ts';
import { createBrokerageUser, createChannel, createHouseClient } from '../../test/factories-house.ts';
import { createPartner, createReferral } from '../../test/factories-outside.ts';
import { getForBody, postForm, type Envelope } from '../../test/http.ts';
import { sessionCookie, staffCookie } from '../../test/sessions.ts';
import { createAccess, createAccessRepository } from '../access/index.ts';
import { createOwnershipRepository } from './ownership.repository.ts';
import { createOwnershipService } from './ownership.service.ts';

/*
 * Customer ownership (decision 066) as a client sees it: the duplicate check, the refusals of creates, the pool
 * and its sweep on the injected clock, claims, releases and the leader's bulk moves. Every caller who must
 * not see or move a record (another company, another team, a partner, an agent, a visitor) is tried.
 */

let clock = new Date('2026-12-01T02:00:00Z');
const DAY = 86_400_000;
let test: TestApp;
type World = Awaited<ReturnType<typeof world>>;
let w: World;

async function world() {
  const corp = await createCompany(test.db);
  const team = await createTeam(test.db, corp.id);
  const otherTeam = await createTeam(test.db, corp.id);
  const wang = await createStaff(test.db, corp.id, { teamId: team.id, name: '王小明' });
  const li = await createStaff(test.db, corp.id, { teamId: team.id, name: '李四' });
  const leader = await createStaff(test.db, corp.id, { teamId: team.id, isLeader: true, name: '张组长' });
  const zhao = await createStaff(test.db, corp.id, { teamId: otherTeam.id, name: '赵五' });
  const otherLeader = await createStaff(test.db, corp.id, { teamId: otherTeam.id, isLeader: true, name: '钱组长' });
  const admin = await createAdmin(test.db, corp.id, { name: '管理员' });
  const otherCorp = await createCompany(test.db);
  const outsider = await createStaff(test.db, otherCorp.id, { teamId: (await createTeam(test.db, otherCorp.id)).id });
  const partner = await createPartner(test.db, wang);
  const channel = await createChannel(test.db, corp.id, wang.id);
  const agent = await createBrokerageUser(test.db, corp.id, wang.id, { channelId: channel.id });
  const cookie = (p: { corpId: number; id: number }) => staffCookie(test, p);
  return {
    corp,
    team,
    wang,
    li,
    leader,
    zhao,
    otherLeader,
    admin,
    outsider,
    partner,
    agent,
    cookies: {
      wang: await cookie(wang),
      li: await cookie(li),
      leader: await cookie(leader),
      zhao: await cookie(zhao),
      otherLeader: await cookie(otherLeader),
      admin: await cookie(admin),
      outsider: await cookie(outsider),
      partner: await sessionCookie(test, { kind: 'partner', corpId: corp.id, partnerId: partner.id }),
      agent: await sessionCookie(test, { kind: 'channel', corpId: corp.id, channelAgentId: agent.id }),
      visitor: await sessionCookie(test, { kind: 'visitor', corpId: corp.id, openid: 'o-visitor-own' }),
    },
  };
}

beforeAll(async () => {
  test = await buildTestApp({ now: () => clock });
  w = await world();
});
afterAll(() => test.close());

const post = async <T = unknown>(cookie: string, url: string, fields: Record<string, string | number> = {}) => {
  const response = await postForm(test.app, url, fields, { cookie });
  return { status: response.statusCode, body: response.json<Envelope<T>>() };
};
let phoneSerial = 0;
const phone = () => `1385${String(1_000_000 + ++phoneSerial).slice(-7)}`;

const sweep = () =>
  createOwnershipService({
    repo: createOwnershipRepository(test.db),
    access: createAccess({ repo: createAccessRepository(test.db) }),
    now: () => clock,
  }).sweep();

type Check = {
  list: {
    kind: string;
    holder: string;
    client: string;
    phone: string;
    is_protected: boolean;
    protected_until: string | null;
    can_claim: boolean;
    pool_id: number | null;
    is_mine: boolean;
    message: string;
  }[];
  message: string;
  remaining: number;
};

describe('POST /api/crm/duplicateCheck', () => {
  it("names another's case masked, with the day its hold lapses, by phone and by ID number", async () => {
    const p = phone();
    const idNumber = uniqueIdNumber();
    await createCase(test.db, w.wang, { name: '陈大文', phone: p, idNumber, createdAt: clock });
    const byPhone = await post<Check>(w.cookies.li, '/api/crm/duplicateCheck', { phone: p });
    expect(byPhone.body.code).toBe(0);
    expect(byPhone.body.data?.message).toBe('该客户已由 王** 跟进（保护至12月16日）');
    expect(byPhone.body.data?.list[0]).toMatchObject({
      kind: 'case',
      holder: '王**',
      client: '陈**',
      is_protected: true,
      is_mine: false,
      can_claim: false,
    });
    // Never the client's name, phone or ID number in full.
    const text = JSON.stringify(byPhone.body);
    expect(text).not.toContain(p);
    expect(text).not.toContain('陈大文');
    expect(text).not.toContain('王小明');
    const byId = await post<Check>(w.cookies.li, '/api/crm/duplicateCheck', { id_number: idNumber });
    expect(byId.body.data?.message).toBe('该客户已由 王** 跟进（保护至12月16日）');
    expect(JSON.stringify(byId.body)).not.toContain(idNumber);
    // The holder's own check says it is theirs and gives no refusal.
    const mine = await post<Check>(w.cookies.wang, '/api/crm/duplicateCheck', { phone: p });
    expect(mine.body.data).toMatchObject({ message: '', list: [{ is_mine: true }] });
  });

  it('finds by name with a phone tail, and asks for the name with a tail alone', async () => {
    const p = phone();
    await createCase(test.db, w.wang, { name: '孙小美', phone: p, createdAt: clock });
    const found = await post<Check>(w.cookies.li, '/api/crm/duplicateCheck', { name: '孙小美', phone: p.slice(-4) });
    expect(found.body.data?.list).toHaveLength(1);
    expect((await post(w.cookies.li, '/api/crm/duplicateCheck', { phone: p.slice(-4) })).body).toMatchObject({
      code: 1,
      msg: '按手机尾号查重时请同时填写姓名',
    });
    expect((await post(w.cookies.li, '/api/crm/duplicateCheck', {})).body.code).not.toBe(0);
    expect((await post(w.cookies.li, '/api/crm/duplicateCheck', { id_number: '123' })).body).toMatchObject({
      code: 1,
      msg: '身份证号格式不正确',
    });
  });

  it("covers partner referrals and home-loan clients, and a partner's and an agent's checks", async () => {
    const p = phone();
    await createReferral(test.db, w.partner, { phone: p, protectedUntil: new Date(clock.getTime() + 10 * DAY) });
    const viaStaff = await post<Check>(w.cookies.zhao, '/api/crm/duplicateCheck', { phone: p });
    expect(viaStaff.body.data?.list[0]).toMatchObject({ kind: 'referral', holder: '伙**', is_protected: true });
    expect(viaStaff.body.data?.message).toBe('该客户已由 伙** 跟进（保护至12月11日）');
    const h = phone();
    await createHouseClient(test.db, w.corp.id, w.wang.id, { phone: h, name: '周房贷', teamId: w.team.id });
    for (const cookie of [w.cookies.partner, w.cookies.agent]) {
      const answer = await post<Check>(cookie, '/api/crm/duplicateCheck', { phone: h });
      expect(answer.body.data?.list[0]).toMatchObject({ kind: 'house_client', holder: '王**', is_protected: true });
      expect(answer.body.data?.message).toBe('该客户已由 王** 跟进');
    }
    expect((await post(w.cookies.visitor, '/api/crm/duplicateCheck', { phone: h })).status).toBe(403);
  });

  it("finds a partner's referral by name with the phone's last four or six digits, not another tail", async () => {
    const p = phone();
    // Same last four digits, another sixth-from-last: the last four find both, the six-digit tail only one.
    const q = `${p.slice(0, 6)}${p[6] === '9' ? '8' : '9'}${p.slice(7)}`;
    const until = new Date(clock.getTime() + 10 * DAY);
    await createReferral(test.db, w.partner, { name: '吴尾号', phone: p, protectedUntil: until });
    await createReferral(test.db, w.partner, { name: '吴尾号', phone: q, protectedUntil: until });
    const check = (tail: string) =>
      post<Check>(w.cookies.zhao, '/api/crm/duplicateCheck', { name: '吴尾号', phone: tail });
    expect((await check(p.slice(-4))).body.data?.list.filter((m) => m.kind === 'referral')).toHaveLength(2);
    expect((await check(p.slice(-6))).body.data?.list.filter((m) => m.kind === 'referral')).toHaveLength(1);
    expect((await check('0000')).body.data?.list.filter((m) => m.kind === 'referral')).toEqual([]);
  });

  it('shows another company nothing, and each check is logged', async () => {
    const p = phone();
    await createCase(test.db, w.wang, { phone: p, createdAt: clock });
    const other = await post<Check>(w.cookies.outsider, '/api/crm/duplicateCheck', { phone: p });
    expect(other.body.data).toMatchObject({ list: [], message: '' });
    const logged = await test.db
      .select()
      .from(duplicateChecks)
      .where(and(eq(duplicateChecks.corpId, w.outsider.corpId), eq(duplicateChecks.principalId, w.outsider.id)));
    expect(logged).toHaveLength(1);
    expect(logged[0]?.asked).toBe(`${p.slice(0, 3)}****${p.slice(-4)}`);
  });

  it('stops a person at the daily limit with 429, while a colleague still checks', async () => {
    const corp = await createCompany(test.db);
    await test.db.update(companies).set({ duplicateChecksPerDay: 3 }).where(eq(companies.id, corp.id));
    const a = await createStaff(test.db, corp.id);
    const b = await createStaff(test.db, corp.id);
    const [ca, cb] = [await staffCookie(test, a), await staffCookie(test, b)];
    const remaining = [];
    for (let i = 0; i < 3; i += 1)
      remaining.push((await post<Check>(ca, '/api/crm/duplicateCheck', { phone: phone() })).body.data?.remaining);
    expect(remaining).toEqual([2, 1, 0]);
    const over = await post(ca, '/api/crm/duplicateCheck', { phone: phone() });
    expect(over.status).toBe(429);
    expect(over.body.msg).toBe('今日查重次数已用完（每日 3 次）');
    expect((await post(cb, '/api/crm/duplicateCheck', { phone: phone() })).body.code).toBe(0);
  });
});

describe('creates refuse a protected duplicate with the same masked answer', () => {
  it("addClient refuses another's customer by phone; the holder's own second case passes the phone check", async () => {
    const p = phone();
    await createCase(test.db, w.wang, { phone: p, createdAt: clock });
    const refused = await post(w.cookies.li, '/api/crm/addClient', caseForm({ phone: p }));
    expect(refused.body).toMatchObject({ code: 1, msg: '该客户已由 王** 跟进（保护至12月16日）' });
    expect((await post(w.cookies.wang, '/api/crm/addClient', caseForm({ phone: p }))).body.code).toBe(0);
  });
});

describe('the pool (公海)', () => {
  it('the sweep moves a case untouched for the company days into the pool, on the injected clock, and warns first', async () => {
    const p = phone();
    const c = await createCase(test.db, w.wang, { phone: p, name: '吴老板', createdAt: clock });
    await test.db.insert(followUps).values({
      corpId: w.corp.id,
      clientId: c.id,
      staffId: w.wang.id,
      note: '再约',
      nextContactAt: new Date(clock.getTime() + DAY),
      createdAt: clock,
    });
    const start = clock;
    try {
      clock = new Date(start.getTime() + 13 * DAY);
      // Sessions of the moved clock: the ones of the world have long run out by then.
      const wangNow = await staffCookie(test, w.wang);
      const warned = await sweep();
      expect(warned.pooled).toBe(0);
      const cards = await test.db.execute<{ n: number }>(
        sql`select count(*)::int as n from jobs where corp_id = ${w.corp.id} and kind = 'pool-warning' and recipient_id = ${w.wang.id}`,
      );
      expect(cards.rows[0]?.n).toBeGreaterThanOrEqual(1);
      // A second pass does not warn again.
      await sweep();
      const again = await test.db.execute<{ n: number }>(
        sql`select count(*)::int as n from jobs where corp_id = ${w.corp.id} and kind = 'pool-warning' and recipient_id = ${w.wang.id}`,
      );
      expect(again.rows[0]?.n).toBe(cards.rows[0]?.n);
      expect((await getForBody(test.app, '/api/crm/detail', { id: c.id }, { cookie: wangNow })).status).toBe(200);

      clock = new Date(start.getTime() + 15 * DAY);
      const swept = await sweep();
      const wang = await staffCookie(test, w.wang);
      const li = await staffCookie(test, w.li);
      const zhao = await staffCookie(test, w.zhao);
      const outsider = await staffCookie(test, w.outsider);
      expect(swept.pooled).toBeGreaterThanOrEqual(1);
      const [row] = await test.db.select().from(clients).where(eq(clients.id, c.id));
      expect(row?.pooledAt?.toISOString()).toBe(clock.toISOString());
      expect(row?.poolReason).toBe('超过 15 天未跟进，自动退回公海');
      const [open] = await test.db.select().from(followUps).where(eq(followUps.clientId, c.id));
      expect(open?.doneAt).not.toBeNull();
      // The old owner and the leader lose it; their lists no longer show it.
      const detail = await getForBody(test.app, '/api/crm/detail', { id: c.id }, { cookie: wang });
      expect(detail.status).toBe(403);
      const mine = await post<{ list: { id: number }[] }>(wang, '/api/crm/clientList', {});
      expect(mine.body.data?.list.map((x) => x.id)).not.toContain(c.id);
      // The pool lists it masked; a phone tail finds it; another company sees nothing of it.
      const pool = await post<{
        list: { id: number; client: string; phone: string; last_owner: string }[];
        claims_left: number;
      }>(li, '/api/crm/pool', { phone_tail: p.slice(-4) });
      expect(pool.body.data?.list).toEqual([
        expect.objectContaining({
          id: c.id,
          client: '吴**',
          phone: `${p.slice(0, 3)}****${p.slice(-4)}`,
          last_owner: '王**',
        }),
      ]);
      expect(pool.body.data?.claims_left).toBe(5);
      const foreign = await post<{ list: unknown[] }>(outsider, '/api/crm/pool', {});
      expect(foreign.body.data?.list).toEqual([]);
      // The duplicate check says it is in the pool and may be claimed.
      const check = await post<Check>(li, '/api/crm/duplicateCheck', { phone: p });
      expect(check.body.data?.list[0]).toMatchObject({ kind: 'pool', can_claim: true, pool_id: c.id });

      // Claimed: the claimer owns it from now, the leader is told, a case event says so.
      const claim = await post<{ id: number; claims_left: number }>(li, '/api/crm/poolClaim', { id: c.id });
      expect(claim.body).toMatchObject({ code: 0, data: { id: c.id, claims_left: 4 } });
      const [after] = await test.db.select().from(clients).where(eq(clients.id, c.id));
      expect(after).toMatchObject({ ownerId: w.li.id, pooledAt: null });
      const events = await test.db.select().from(caseEvents).where(eq(caseEvents.clientId, c.id));
      expect(events.map((e) => e.kind)).toEqual(['created', 'pooled', 'claimed']);
      const told = await test.db.execute<{ recipient_id: number }>(
        sql`select recipient_id from jobs where kind = 'case-claimed' and dedupe_key like ${`case-claimed:${c.id}:%`}`,
      );
      expect(told.rows.map((r) => r.recipient_id).sort()).toEqual([w.li.id, w.leader.id].sort());
      expect((await post(zhao, '/api/crm/poolClaim', { id: c.id })).body).toMatchObject({
        code: 1,
        msg: '该客户已被领取',
      });
    } finally {
      clock = start;
    }
  });

  it('keeps the daily claim cap, and refuses another company, a partner, an agent and a visitor', async () => {
    const corp = await createCompany(test.db);
    await test.db.update(companies).set({ poolClaimsPerDay: 2 }).where(eq(companies.id, corp.id));
    const team = await createTeam(test.db, corp.id);
    const gone = await createStaff(test.db, corp.id, { teamId: team.id });
    const taker = await createStaff(test.db, corp.id, { teamId: team.id });
    const cases = await Promise.all(
      [1, 2, 3].map(() => createCase(test.db, gone, { pooledAt: clock, poolReason: '测试', phone: phone() })),
    );
    const cookie = await staffCookie(test, taker);
    const answers = [];
    for (const c of cases) answers.push((await post(cookie, '/api/crm/poolClaim', { id: c.id })).body);
    expect(answers.map((a) => a.code)).toEqual([0, 0, 1]);
    expect(answers[2]?.msg).toBe('今日领取已达上限（每日 2 个）');
    // Tomorrow (CST) the cap starts again.
    const start = clock;
    try {
      clock = new Date(start.getTime() + DAY);
      expect((await post(cookie, '/api/crm/poolClaim', { id: cases[2]!.id })).body.code).toBe(0);
    } finally {
      clock = start;
    }
    const pooled = await createCase(test.db, gone, { pooledAt: clock, phone: phone() });
    expect((await post(w.cookies.outsider, '/api/crm/poolClaim', { id: pooled.id })).status).toBe(404);
    for (const who of [w.cookies.partner, w.cookies.agent, w.cookies.visitor])
      expect((await post(who, '/api/crm/poolClaim', { id: pooled.id })).status).toBe(403);
  });

  it('poolRelease: the owner or the leader puts a workable case back with a reason; no one else', async () => {
    const c = await createCase(test.db, w.wang, { phone: phone(), createdAt: clock });
    expect((await post(w.cookies.li, '/api/crm/poolRelease', { id: c.id, reason: '不要了' })).status).toBe(403);
    expect((await post(w.cookies.otherLeader, '/api/crm/poolRelease', { id: c.id, reason: '不要了' })).status).toBe(
      403,
    );
    expect((await post(w.cookies.outsider, '/api/crm/poolRelease', { id: c.id, reason: '不要了' })).status).toBe(404);
    expect((await post(w.cookies.wang, '/api/crm/poolRelease', { id: c.id, reason: '' })).body).toMatchObject({
      code: 1,
      msg: '请填写原因',
    });
    const released = await post(w.cookies.leader, '/api/crm/poolRelease', { id: c.id, reason: '客户不接电话' });
    expect(released.body).toMatchObject({ code: 0, msg: '已退回公海' });
    const [row] = await test.db.select().from(clients).where(eq(clients.id, c.id));
    expect(row?.poolReason).toBe('客户不接电话');
    const approved = await createCase(test.db, w.wang, { phone: phone(), status: 3 });
    expect(
      (await post(w.cookies.wang, '/api/crm/poolRelease', { id: approved.id, reason: '放弃' })).body,
    ).toMatchObject({
      code: 1,
      msg: '只有签约中、签约失败、补件的报单可以退回公海',
    });
  });
});

describe('POST /api/crm/reassign', () => {
  it("a leader moves the team's cases to a member; another team's case is listed as not moved", async () => {
    const mine = await createCase(test.db, w.wang, { phone: phone() });
    const alsoMine = await createCase(test.db, w.wang, { phone: phone() });
    const theirs = await createCase(test.db, w.zhao, { phone: phone() });
    const answer = await post<{ moved: number; skipped: { id: number; reason: string }[] }>(
      w.cookies.leader,
      '/api/crm/reassign',
      { ids: `${mine.id},${alsoMine.id},${theirs.id}`, to_id: w.li.id, reason: '王小明休假' },
    );
    expect(answer.body).toMatchObject({
      code: 0,
      data: { moved: 2, skipped: [{ id: theirs.id, reason: '不是本团队的报单' }] },
    });
    const [row] = await test.db.select().from(clients).where(eq(clients.id, mine.id));
    expect(row?.ownerId).toBe(w.li.id);
    const [event] = await test.db
      .select()
      .from(caseEvents)
      .where(and(eq(caseEvents.clientId, mine.id), eq(caseEvents.kind, 'reassigned')));
    expect(event).toMatchObject({ staffId: w.leader.id, reason: '李四：王小明休假' });
    // The old owner loses it.
    expect((await getForBody(test.app, '/api/crm/detail', { id: mine.id }, { cookie: w.cookies.wang })).status).toBe(
      403,
    );
  });

  it('refuses a target outside the team, a salesperson, another company, a partner, an agent and a visitor', async () => {
    const c = await createCase(test.db, w.wang, { phone: phone() });
    expect(
      (await post(w.cookies.leader, '/api/crm/reassign', { ids: String(c.id), to_id: w.zhao.id, reason: '换' })).body,
    ).toMatchObject({ code: 1, msg: '接手人须是本团队成员' });
    expect(
      (await post(w.cookies.wang, '/api/crm/reassign', { ids: String(c.id), to_id: w.li.id, reason: '换' })).status,
    ).toBe(403);
    const foreign = await post<{ moved: number }>(w.cookies.outsider, '/api/crm/reassign', {
      ids: String(c.id),
      to_id: w.li.id,
      reason: '换',
    });
    expect(foreign.body.data?.moved ?? 0).toBe(0);
    for (const who of [w.cookies.partner, w.cookies.agent, w.cookies.visitor])
      expect((await post(who, '/api/crm/reassign', { ids: String(c.id), to_id: w.li.id, reason: '换' })).status).toBe(
        403,
      );
    const [row] = await test.db.select().from(clients).where(eq(clients.id, c.id));
    expect(row?.ownerId).toBe(w.wang.id);
  });

  it('the company admin moves cases across teams', async () => {
    const c = await createCase(test.db, w.wang, { phone: phone() });
    const answer = await post<{ moved: number }>(w.cookies.admin, '/api/crm/reassign', {
      ids: String(c.id),
      to_id: w.zhao.id,
      reason: '调岗',
    });
    expect(answer.body.data?.moved).toBe(1);
    const [row] = await test.db.select().from(clients).where(eq(clients.id, c.id));
    expect(row).toMatchObject({ ownerId: w.zhao.id, teamId: w.zhao.teamId });
  });
});

describe('POST /api/crm/reassignTargets', () => {
  it("a leader gets the team's active members; the admin the company's; a salesperson and outsiders nothing", async () => {
    type Targets = { across_teams: boolean; list: { id: number; name: string; team: string }[] };
    const lead = await post<Targets>(w.cookies.leader, '/api/crm/reassignTargets');
    expect(lead.body.data?.across_teams).toBe(false);
    const ids = lead.body.data?.list.map((x) => x.id) ?? [];
    expect(ids).toEqual(expect.arrayContaining([w.wang.id, w.li.id, w.leader.id]));
    expect(ids).not.toContain(w.zhao.id);
    const admin = await post<Targets>(w.cookies.admin, '/api/crm/reassignTargets');
    expect(admin.body.data?.across_teams).toBe(true);
    expect(admin.body.data?.list.map((x) => x.id)).toEqual(expect.arrayContaining([w.wang.id, w.zhao.id]));
    expect(admin.body.data?.list.map((x) => x.id)).not.toContain(w.outsider.id);
    expect((await post(w.cookies.wang, '/api/crm/reassignTargets')).status).toBe(403);
    for (const who of [w.cookies.partner, w.cookies.agent, w.cookies.visitor])
      expect((await post(who, '/api/crm/reassignTargets')).status).toBe(403);
  });
});

describe('company settings', () => {
  it('/api/admin/settings reads and changes the pool days and the claim cap', async () => {
    const read = await getForBody<Envelope>(test.app, '/api/admin/settings', {}, { cookie: w.cookies.admin });
    expect(read.body.data).toMatchObject({ pool_days: 15, pool_warn_days: 3, pool_claims_per_day: 5 });
  });
});
