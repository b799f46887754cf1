import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients } from './db/schema/cases.ts';
import { eq, isNull } from 'drizzle-orm';
import { maskIdNumber, maskPhone } from '@crm/domain/validation';
import { auditLog } from './db/schema/admin.ts';
import { houseChannels, houseClients, houseRecommends } from './db/schema/house.ts';
import { signTasks } from './db/schema/sign.ts';
import { staff } from './db/schema/staff.ts';
import { seedDemo } from './db/seed.ts';
import { buildTestApp, type TestApp } from './test/build-test-app.ts';
import { loginAs } from './test/http.ts';

/*
 * Spec §9's masking, for every role of the demo (issue 9): no list answers a client's full phone number, ID
 * number or bank card. Full values belong to the record's own detail page, for those who may act on it.
 * The secrets are read from the database, so a new list or a new demo client is covered without a change here.
 */

const clock = new Date('2026-11-21T08:00:00Z');
let test: TestApp;
let secrets: string[] = [];
beforeAll(async () => {
  test = await buildTestApp({ now: () => clock });
  await seedDemo(test.db);
  const cases = await test.db
    .select({ phone: clients.phone, idNumber: clients.idNumber, bankCard: clients.bankCard })
    .from(clients);
  const houses = await test.db.select({ phone: houseClients.phone }).from(houseClients);
  // A recommendation is a client not taken in yet: its phone is masked in lists alike.
  const recommends = await test.db.select({ phone: houseRecommends.phone }).from(houseRecommends);
  secrets = [
    ...cases.flatMap((c) => [c.phone, c.idNumber, c.bankCard]),
    ...houses.map((h) => h.phone),
    ...recommends.map((r) => r.phone),
  ].filter((value): value is string => typeof value === 'string' && value.length >= 11);
});
afterAll(() => test.close());

/** The demo's people, one per role (README), by phone. */
const ROLES: Record<string, { corpId: number; phone: string }> = {
  salesperson: { corpId: 1, phone: '13800000001' },
  leader: { corpId: 1, phone: '13800000002' },
  signingLeader: { corpId: 1, phone: '13800000003' },
  service: { corpId: 1, phone: '13800000004' },
  finance: { corpId: 1, phone: '13800000005' },
  steward: { corpId: 1, phone: '13800000006' },
  rebateOnly: { corpId: 1, phone: '13800000007' },
  rejectApprover: { corpId: 1, phone: '13800000029' },
  signer: { corpId: 1, phone: '13800000042' },
  otherCompany: { corpId: 2, phone: '13800000102' },
};

/** Every list a phone opens, with the filters that show the most. */
const LISTS: Array<[method: 'GET' | 'POST', url: string, fields: Record<string, string>]> = [
  ['POST', '/api/crm/clientList', { scope: 'mine' }],
  ['POST', '/api/crm/clientList', { scope: 'team' }],
  ['POST', '/api/crm/pending', { due: '0' }],
  ['GET', '/api/crm/service', { status: 'all' }],
  ['GET', '/api/crm/appeal', { status: 'all' }],
  ['GET', '/api/crm/teamAppeal', { status: 'all' }],
  ['POST', '/api/crm/taskList', { flag: '1' }],
  ['POST', '/api/crm/taskList', { flag: '2' }],
  ['POST', '/api/crm/taskList', { flag: '3' }],
  ['POST', '/api/crm/moneyToConfirm', {}],
  ['GET', '/api/crm/proofReject', {}],
  ['POST', '/api/crm/getHouseList', {}],
  ['GET', '/api/crm/houseTeam', {}],
  ['POST', '/api/crm/getHouseCard', {}],
  ['POST', '/api/crm/getHouseChannelList', {}],
  ['POST', '/api/crm/getHouseRecommend', {}],
  ['POST', '/api/crm/houseBrokerageUser', {}],
  ['POST', '/api/crm/houseBrokerageList', {}],
  ['POST', '/api/crm/houseBrokerageOrderList', {}],
  ['GET', '/api/crm/statUserlist', {}],
];

async function call(cookie: string, [method, url, fields]: (typeof LISTS)[number]) {
  const response =
    method === 'GET'
      ? await test.app.inject({ method, url, query: fields, headers: { cookie } })
      : await test.app.inject({ method, url, payload: fields, headers: { cookie } });
  return { status: response.statusCode, body: response.body };
}

describe('masking in lists, for every role', () => {
  it('never answers a full client phone, ID number or bank card in a list', async () => {
    expect(secrets.length).toBeGreaterThan(10);
    const leaks: string[] = [];
    let answered = 0;
    for (const [role, who] of Object.entries(ROLES)) {
      clock.setTime(clock.getTime() + 61_000);
      const cookie = await loginAs(test, who);
      for (const list of LISTS) {
        const { status, body } = await call(cookie, list);
        if (status === 200 && body.includes('"code":0')) answered += 1;
        const shown = secrets.filter((secret) => body.includes(secret));
        if (shown.length > 0) leaks.push(`${role} ${list[1]} ${JSON.stringify(list[2])}: ${shown.join(', ')}`);
      }
    }
    console.log(`masking: ${answered} list answers read for ${Object.keys(ROLES).length} roles, ${leaks.length} leaks`);
    expect(leaks).toEqual([]);
    // The lists were really read, not refused across the board.
    expect(answered).toBeGreaterThan(60);
  });

  it("masks the phone on the case's own detail page for its owner too, who taps to see it", async () => {
    clock.setTime(clock.getTime() + 61_000);
    const cookie = await loginAs(test, ROLES.salesperson ?? { corpId: 1, phone: '' });
    const list = await test.app.inject({
      method: 'POST',
      url: '/api/crm/clientList',
      payload: {},
      headers: { cookie },
    });
    const first = list.json<{ data: { list: { id: number; phone: string }[] } }>().data.list[0];
    expect(first?.phone).toMatch(/^\d{3}\*{4}\d{4}$/);
    const detail = await test.app.inject({
      method: 'GET',
      url: `/api/crm/detail?id=${first?.id}`,
      headers: { cookie },
    });
    expect(detail.json<{ data: { phone: string } }>().data.phone).toMatch(/^\d{3}\*{4}\d{4}$/);
    const shown = await test.app.inject({
      method: 'POST',
      url: '/api/crm/revealClient',
      payload: { id: first?.id, field: 'phone' },
      headers: { cookie },
    });
    expect(shown.json<{ data: { value: string } }>().data.value).toMatch(/^1\d{10}$/);
  });
});

/*
 * Decision 058: a case's own detail page masks the phone, ID number and bank card for every role that reads
 * the case without owning it; a tap shows one in full and writes who, what and when to the view log, which
 * the team's leader reads.
 */
describe('masking on the detail page by role, and the view log', () => {
  type Detail = { code: number; data: { phone: string; id_number: string; bank_card: string; masked: boolean } };
  const FULL = { phone: '13912349876', idNumber: '310104198503121234', bankCard: '6222021001112223334' };
  let world: {
    caseId: number;
    cookies: Record<'owner' | 'leader' | 'signer' | 'service' | 'colleague' | 'otherLeader', string>;
  };

  beforeAll(async () => {
    const { createCompany, createStaff, createTeam } = await import('./test/factories.ts');
    const { createCase } = await import('./test/factories-cases.ts');
    const { staffCookie } = await import('./test/sessions.ts');
    const { serviceRequests } = await import('./db/schema/cases.ts');
    const corp = await createCompany(test.db);
    const team = await createTeam(test.db, corp.id);
    const owner = await createStaff(test.db, corp.id, { teamId: team.id });
    const leader = await createStaff(test.db, corp.id, { teamId: team.id, isLeader: true });
    const signer = await createStaff(test.db, corp.id, { jobs: [2] });
    const service = await createStaff(test.db, corp.id, { jobs: [3] });
    const colleague = await createStaff(test.db, corp.id, { teamId: team.id });
    const other = await createCompany(test.db);
    const otherLeader = await createStaff(test.db, other.id, {
      teamId: (await createTeam(test.db, other.id)).id,
      isLeader: true,
    });
    const c = await createCase(test.db, owner, { ...FULL, signUserId: signer.id });
    // The signer reads the case through the task they hold (decision 065).
    const { createSignTask } = await import('./test/factories-house.ts');
    await createSignTask(test.db, corp.id, { clientId: c.id }, { status: 'taken', signerId: signer.id });
    await test.db.insert(serviceRequests).values({ corpId: corp.id, clientId: c.id, requestedBy: owner.id });
    const cookie = (person: { corpId: number; id: number }) => staffCookie(test, person);
    world = {
      caseId: c.id,
      cookies: {
        owner: await cookie(owner),
        leader: await cookie(leader),
        signer: await cookie(signer),
        service: await cookie(service),
        colleague: await cookie(colleague),
        otherLeader: await cookie(otherLeader),
      },
    };
  });

  const detail = async (cookie: string) =>
    (
      await test.app.inject({ method: 'GET', url: `/api/crm/detail?id=${world.caseId}`, headers: { cookie } })
    ).json<Detail>();
  const reveal = async (cookie: string, field: string) =>
    test.app.inject({
      method: 'POST',
      url: '/api/crm/revealClient',
      payload: { id: world.caseId, field },
      headers: { cookie },
    });
  const viewLog = async (cookie: string) =>
    test.app.inject({ method: 'GET', url: '/api/crm/viewLog', headers: { cookie } });

  it.each(['owner', 'leader', 'signer', 'service'] as const)(
    'masks them for the %s (phone first 3 / last 4, ID first 6 / last 4, card last 4)',
    async (role) => {
      const { code, data } = await detail(world.cookies[role]);
      expect(code).toBe(0);
      expect(data).toMatchObject({
        phone: '139****9876',
        id_number: '310104********1234',
        bank_card: '***************3334',
        masked: true,
      });
    },
  );

  it('shows a non-owner the full number on a tap and logs who, what and when; the leader reads the log', async () => {
    clock.setTime(Date.parse('2026-11-21T09:30:00Z'));
    const shown = await reveal(world.cookies.signer, 'id_number');
    expect(shown.json()).toMatchObject({ code: 0, data: { value: FULL.idNumber } });
    await reveal(world.cookies.leader, 'bank_card');
    // The owner's own tap is not a disclosure: nothing logged.
    expect((await reveal(world.cookies.owner, 'phone')).json()).toMatchObject({ data: { value: FULL.phone } });

    const log = (await viewLog(world.cookies.leader)).json<{
      data: { list: { staff_name: string; field: string; client_id: number; viewed_at: string }[] };
    }>();
    expect(log.data.list.map((row) => row.field)).toEqual(['bank_card', 'id_number']);
    expect(log.data.list[1]).toMatchObject({ client_id: world.caseId, viewed_at: '2026-11-21T09:30:00.000Z' });
    expect(log.data.list[1]?.staff_name).toMatch(/^员工/);
  });

  it('refuses the view log to a salesperson, and shows another company nothing of it', async () => {
    expect((await viewLog(world.cookies.colleague)).statusCode).toBe(403);
    const other = (await viewLog(world.cookies.otherLeader)).json<{ data: { list: unknown[] } }>();
    expect(other.data.list).toEqual([]);
  });

  it('refuses a tap to a colleague without a role on the case (403) and to another company (404), logging nothing', async () => {
    expect((await reveal(world.cookies.colleague, 'phone')).statusCode).toBe(403);
    expect((await reveal(world.cookies.otherLeader, 'phone')).statusCode).toBe(404);
    const bad = await reveal(world.cookies.leader, 'password');
    expect(bad.statusCode).toBe(200);
    expect(bad.json<{ code: number }>().code).not.toBe(0);
    const log = (await viewLog(world.cookies.leader)).json<{ data: { list: unknown[] } }>();
    expect(log.data.list).toHaveLength(2);
  });
});

/*
 * Issue 38 (decision 065): the numbers the detail pages still showed whole are masked for every role, the
 * record's owner and the task's holder too; 查看 asks a reveal call that writes the company's audit log first.
 */
describe('house records and signing tasks: masked on their own pages, revealed on a tap, logged', () => {
  type Answer = { code: number; msg: string; data: Record<string, string> & { list: Record<string, string>[] } };
  const post = async (cookie: string, url: string, payload: Record<string, string | number>) => {
    const response = await test.app.inject({ method: 'POST', url, payload, headers: { cookie } });
    return { statusCode: response.statusCode, body: response.json<Answer>() };
  };
  const get = async (cookie: string, url: string, query: Record<string, string>) =>
    (await test.app.inject({ method: 'GET', url, query, headers: { cookie } })).json<
      Answer & { data: { client: Record<string, string> } }
    >();
  // Staff phones are sealed (decision 074): opened by the select, compared here.
  const staffId = async (phone: string) =>
    (await test.db.select({ id: staff.id, phone: staff.phone }).from(staff).where(eq(staff.corpId, 1))).find(
      (row) => row.phone === phone,
    )?.id ?? 0;
  const reveals = async (action: string) =>
    (await test.db.select().from(auditLog).where(eq(auditLog.action, action))).map((row) => [row.entity, row.entityId]);
  const login = async (role: keyof typeof ROLES) => {
    clock.setTime(clock.getTime() + 61_000);
    return loginAs(test, ROLES[role] ?? { corpId: 1, phone: '' });
  };

  it("masks a house client's phone and ID number, a recommendation's and a channel contact's phone for their owner; 查看 reveals one, logged", async () => {
    const owner = await staffId('13800000001');
    const [client] = await test.db.select().from(houseClients).where(eq(houseClients.ownerId, owner)).limit(1);
    const [recommend] = await test.db.select().from(houseRecommends).where(eq(houseRecommends.staffId, owner)).limit(1);
    const [channel] = await test.db.select().from(houseChannels).where(eq(houseChannels.ownerId, owner)).limit(1);
    if (!client || !recommend || !channel) throw new Error('the demo has a house client, recommendation, channel');
    const cookie = await login('salesperson');

    const detail = await get(cookie, '/api/crm/getHouseDetail', { id: String(client.id) });
    expect(detail.data.client.phone).toBe(maskPhone(client.phone));
    if (client.idNumber) expect(detail.data.client.id_number).toBe(maskIdNumber(client.idNumber));
    const sheet = await get(cookie, '/api/crm/getHouseRecommendDetail', { id: String(recommend.id) });
    expect(sheet.data.phone).toBe(maskPhone(recommend.phone));
    const channels = (await post(cookie, '/api/crm/getHouseChannelList', { id: channel.id })).body;
    expect(channels.data.list[0]?.phone).toBe(maskPhone(channel.phone));

    const reveal = (kind: string, id: number, field = 'phone') =>
      post(cookie, '/api/crm/revealHouseContact', { kind, id, field });
    expect((await reveal('client', client.id)).body.data.value).toBe(client.phone);
    expect((await reveal('recommend', recommend.id)).body.data.value).toBe(recommend.phone);
    expect((await reveal('channel', channel.id)).body.data.value).toBe(channel.phone);
    expect(await reveals('house.contact.reveal')).toEqual([
      ['house_client', client.id],
      ['house_recommend', recommend.id],
      ['house_channel', channel.id],
    ]);
    // A recommendation has no ID number: nothing to show, and nothing logged.
    expect((await reveal('recommend', recommend.id, 'id_number')).body).toMatchObject({ code: 1 });
    expect((await reveal('flat', client.id)).body).toMatchObject({ code: 1, msg: '请选择要查看的记录' });

    // Rebate-only reads no client; another company finds none: refused, nothing logged.
    const rebate = await post(await login('rebateOnly'), '/api/crm/revealHouseContact', {
      kind: 'client',
      id: client.id,
    });
    expect(rebate.body.code).not.toBe(0);
    const stranger = await post(await login('otherCompany'), '/api/crm/revealHouseContact', {
      kind: 'client',
      id: client.id,
    });
    expect(stranger.statusCode).toBe(404);
    expect(await reveals('house.contact.reveal')).toHaveLength(3);
  });

  it("masks a signing task's phone for its holder too; 查看 reveals it, logged; a task still in the pool is refused", async () => {
    const holder = await staffId('13800000003');
    const [held] = await test.db.select().from(signTasks).where(eq(signTasks.signerId, holder)).limit(1);
    const [pooled] = await test.db.select().from(signTasks).where(isNull(signTasks.signerId)).limit(1);
    if (!held || !pooled) throw new Error('the demo has a held task and a pooled one');
    const cookie = await login('signingLeader');
    const detail = await get(cookie, '/api/crm/sign', { id: String(held.id) });
    expect(detail.data.client_phone).toMatch(/^\d{3}\*{4}\d{4}$/);
    const shown = (await post(cookie, '/api/crm/revealTaskPhone', { id: held.id })).body;
    expect(shown.data.value).toMatch(/^1\d{10}$/);
    expect(shown.data.value?.slice(-4)).toBe(detail.data.client_phone?.slice(-4));
    expect(await reveals('sign.task.phone.reveal')).toEqual([['sign_task', held.id]]);

    const pool = await post(await login('signer'), '/api/crm/revealTaskPhone', { id: pooled.id });
    expect(pool.body.code).not.toBe(0);
    expect(await reveals('sign.task.phone.reveal')).toHaveLength(1);
  });
});
