import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signTaskEvents } from '../../db/schema/sign.ts';
import { houseClients } from '../../db/schema/house.ts';
import { signTasks } from '../../db/schema/sign.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createCompany, createStaff, createTeam, grantStaff } from '../../test/factories.ts';
import { createCase, createHouseClient, createSignTask } from '../../test/factories-house.ts';
import { loginAs, postForBody } from '../../test/http.ts';

type Body<T = Record<string, unknown>> = { code: number; msg: string; data: T | null };
type TaskList = {
  list: { id: number; status: string; client_phone: string; kind: string }[];
  next_cursor: number | null;
};

let test: TestApp;
/**
 * The rejection approver holds the company's grant (the spec's "stored value 29" is data, decision 040);
 * a signer who happens to have id 29 and no grant is nobody special.
 */
let approverCorpId = 0;
/** Logged in once: the SMS limits allow one code a minute per phone. */
let approverCookie = '';
let id29Cookie = '';
beforeAll(async () => {
  test = await buildTestApp();
  const corp = await createCompany(test.db);
  approverCorpId = corp.id;
  const id29 = await createStaff(test.db, corp.id, { id: 29, jobs: [2], phone: '13800000029' });
  await test.db.execute(sql.raw(`select setval(pg_get_serial_sequence('staff', 'id'), 1000)`));
  const approver = await createStaff(test.db, corp.id, { jobs: [2] });
  await grantStaff(test.db, approver);
  approverCookie = await loginAs(test, approver);
  id29Cookie = await loginAs(test, id29);
});
afterAll(() => test.close());

const post = <T = Record<string, unknown>>(
  cookie: string,
  name: string,
  fields: Record<string, string | number | null> = {},
) => postForBody<Body<T>>(test.app, `/api/crm/${name}`, fields, { cookie });
async function detail(cookie: string, id: number) {
  const response = await test.app.inject({
    method: 'GET',
    url: '/api/crm/sign',
    query: { id: String(id) },
    headers: { cookie },
  });
  return {
    status: response.statusCode,
    body: response.json<Body<{ status: string; events: { to_status: string }[] }>>(),
  };
}

/** A case of the world's salesperson: each live task needs its own (one live signing task per case). */
const anotherCase = (w: { corp: { id: number }; sales: { id: number } }) => createCase(test.db, w.corp.id, w.sales.id);

/** A signing team (leader + two signers), a signer of another team, a salesperson (the approver is made once). */
async function world() {
  const corp = await createCompany(test.db);
  const team = await createTeam(test.db, corp.id);
  const otherTeam = await createTeam(test.db, corp.id);
  const leader = await createStaff(test.db, corp.id, { teamId: team.id, jobs: [2], isLeader: true });
  const signerA = await createStaff(test.db, corp.id, { teamId: team.id, jobs: [2] });
  const signerB = await createStaff(test.db, corp.id, { teamId: team.id, jobs: [2] });
  const outsider = await createStaff(test.db, corp.id, { teamId: otherTeam.id, jobs: [2] });
  const sales = await createStaff(test.db, corp.id, { teamId: otherTeam.id });
  const caseRow = await createCase(test.db, corp.id, sales.id);
  return {
    corp,
    team,
    leader,
    signerA,
    signerB,
    outsider,
    sales,
    caseRow,
    cookies: {
      leader: await loginAs(test, leader),
      a: await loginAs(test, signerA),
      b: await loginAs(test, signerB),
      outsider: await loginAs(test, outsider),
      sales: await loginAs(test, sales),
    },
  };
}

/** A signing task on the world's case, in the state the test starts from (open unless told). */
/** A task of a fresh case of the world's salesperson: one live signing task per case. */
const caseTask = async (w: Awaited<ReturnType<typeof world>>, state: Parameters<typeof createSignTask>[3] = {}) =>
  createSignTask(test.db, w.corp.id, { clientId: (await anotherCase(w)).id }, state);

describe('POST taskList', () => {
  it("lists open tasks in the task centre (flag 1) and a signer's tasks (flag 2), by kind", async () => {
    const w = await world();
    const open = await caseTask(w);
    const house = await createHouseClient(test.db, w.corp.id, w.sales.id);
    const houseTask = await createSignTask(test.db, w.corp.id, { houseClientId: house.id });
    const mine = await caseTask(w, { status: 'taken', signerId: w.signerA.id });

    const centre = await post<TaskList>(w.cookies.a, 'taskList', { userid: w.signerA.id, flag: 1, page: 1 });
    expect(centre.body.data?.list.map((t) => t.id)).toEqual([open.id, houseTask.id]);
    // Open tasks show the client's phone masked until someone takes them.
    expect(centre.body.data?.list[0]?.client_phone).toBe('139****1111');
    const houseOnly = await post<TaskList>(w.cookies.a, 'taskList', {
      userid: w.signerA.id,
      flag: 1,
      kind: 'house',
      page: 1,
    });
    expect(houseOnly.body.data?.list.map((t) => t.id)).toEqual([houseTask.id]);
    const my = await post<TaskList>(w.cookies.a, 'taskList', { userid: w.signerA.id, flag: 2, page: 1 });
    expect(my.body.data?.list.map((t) => t.id)).toEqual([mine.id]);
    // Lists and the task's page mask the phone, the holder's own too (decision 065); 查看 reveals it, logged.
    expect(my.body.data?.list[0]?.client_phone).toBe('139****1111');
    const held = await detail(w.cookies.a, mine.id);
    expect((held.body.data as { client_phone?: string } | null)?.client_phone).toBe('139****1111');
    const shown = await post<{ value: string }>(w.cookies.a, 'revealTaskPhone', { id: mine.id });
    expect(shown.body.data?.value).toBe('13900001111');
  });

  it("lets the leader open a team signer's list, not a signer of another team, and not a salesperson at all", async () => {
    const w = await world();
    expect((await post(w.cookies.leader, 'taskList', { userid: w.signerA.id, flag: 2, page: 1 })).body.code).toBe(0);
    expect((await post(w.cookies.leader, 'taskList', { userid: w.outsider.id, flag: 2, page: 1 })).status).toBe(403);
    expect((await post(w.cookies.b, 'taskList', { userid: w.signerA.id, flag: 2, page: 1 })).status).toBe(403);
    expect((await post(w.cookies.sales, 'taskList', { userid: w.sales.id, flag: 1, page: 1 })).status).toBe(403);
    expect((await post(w.cookies.a, 'taskList', { userid: w.signerA.id, flag: 3, page: 1 })).status).toBe(403);
    expect((await post(w.cookies.a, 'taskList', { userid: w.signerA.id, flag: 9, page: 1 })).body).toMatchObject({
      code: 1,
      msg: '列表类型无效',
    });
  });

  it("does not show another company's tasks", async () => {
    const w = await world();
    const other = await world();
    const theirs = await createSignTask(test.db, other.corp.id, { clientId: other.caseRow.id });
    const centre = await post<TaskList>(w.cookies.a, 'taskList', { userid: w.signerA.id, flag: 1, page: 1 });
    expect(centre.body.data?.list.map((t) => t.id)).not.toContain(theirs.id);
    expect((await detail(w.cookies.a, theirs.id)).status).toBe(404);
    expect((await post(w.cookies.a, 'takeTask', { id: theirs.id })).status).toBe(404);
  });
});

describe('paging the task pool', () => {
  it('skips none and repeats none while colleagues take tasks between pages', async () => {
    const w = await world();
    const tasks = [];
    for (let i = 0; i < 7; i += 1) {
      const caseRow = await createCase(test.db, w.corp.id, w.sales.id);
      tasks.push(await createSignTask(test.db, w.corp.id, { clientId: caseRow.id }));
    }
    const ids = tasks.map((t) => t.id);
    const page = async (cursor: number | null) =>
      (await post<TaskList>(w.cookies.a, 'taskList', { userid: w.signerA.id, flag: 1, limit: 3, cursor: cursor ?? '' }))
        .body.data;

    const first = await page(null);
    expect(first?.list.map((t) => t.id)).toEqual(ids.slice(0, 3));
    // B takes two tasks A has already seen and one A has not reached yet.
    for (const id of [ids[0], ids[1], ids[4]])
      expect((await post(w.cookies.b, 'takeTask', { id: id ?? 0 })).body.code).toBe(0);

    const second = await page(first?.next_cursor ?? null);
    expect(second?.list.map((t) => t.id)).toEqual([ids[3], ids[5], ids[6]]);
    expect(second?.next_cursor).toBeNull();

    const seen = [...(first?.list ?? []), ...(second?.list ?? [])].map((t) => t.id);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(ids.filter((id) => id !== ids[4]));
  });

  it("pages a signer's own tasks newest first with the same cursor contract", async () => {
    const w = await world();
    const mine = [];
    for (let i = 0; i < 3; i += 1) {
      const caseRow = await createCase(test.db, w.corp.id, w.sales.id);
      mine.push(
        await createSignTask(test.db, w.corp.id, { clientId: caseRow.id }, { status: 'taken', signerId: w.signerA.id }),
      );
    }
    const first = (await post<TaskList>(w.cookies.a, 'taskList', { userid: w.signerA.id, flag: 2, limit: 2 })).body
      .data;
    expect(first?.list.map((t) => t.id)).toEqual([mine[2]?.id, mine[1]?.id]);
    const second = (
      await post<TaskList>(w.cookies.a, 'taskList', {
        userid: w.signerA.id,
        flag: 2,
        limit: 2,
        cursor: first?.next_cursor ?? '',
      })
    ).body.data;
    expect(second).toMatchObject({ list: [{ id: mine[0]?.id }], next_cursor: null });
  });
});

describe('taking a task', () => {
  it('is first come: of two signers taking at once, exactly one wins and the other is told', async () => {
    const w = await world();
    const task = await caseTask(w);
    const [first, second] = await Promise.all([
      post(w.cookies.a, 'takeTask', { id: task.id }),
      post(w.cookies.b, 'takeTask', { id: task.id }),
    ]);
    const codes = [first.body.code, second.body.code].sort();
    expect(codes).toEqual([0, 1]);
    const loser = first.body.code === 0 ? second : first;
    expect(loser.body.msg).toBe('手慢了，该任务已被其他签约员领取');
    const [row] = await test.db.select().from(signTasks).where(eq(signTasks.id, task.id));
    const winner = first.body.code === 0 ? w.signerA.id : w.signerB.id;
    expect(row).toMatchObject({ status: 'taken', signerId: winner });
    expect(await test.db.select().from(signTaskEvents).where(eq(signTaskEvents.taskId, task.id))).toHaveLength(1);
  });

  it('refuses a salesperson and a bad id', async () => {
    const w = await world();
    const task = await caseTask(w);
    expect((await post(w.cookies.sales, 'takeTask', { id: task.id })).status).toBe(403);
    expect((await post(w.cookies.a, 'takeTask', { id: 'x' })).body.code).toBe(1);
  });
});

describe('recording the outcome and approving rejections', () => {
  it('records a signing; a home-loan client becomes signed; only the holder may record', async () => {
    const w = await world();
    const house = await createHouseClient(test.db, w.corp.id, w.sales.id, { status: 2 });
    const task = await createSignTask(
      test.db,
      w.corp.id,
      { houseClientId: house.id },
      { status: 'taken', signerId: w.signerA.id },
    );
    expect((await post(w.cookies.b, 'updateTask', { id: task.id, outcome: 'signed', note: '' })).status).toBe(403);
    expect((await post(w.cookies.a, 'updateTask', { id: task.id, outcome: 'rejected', note: '' })).body).toMatchObject({
      code: 1,
      msg: '拒签须填写原因',
    });
    expect((await post(w.cookies.a, 'updateTask', { id: task.id, outcome: 'signed', note: '已面签' })).body.code).toBe(
      0,
    );
    const [client] = await test.db.select().from(houseClients).where(eq(houseClients.id, house.id));
    expect(client?.status).toBe(3);
    const seen = await detail(w.cookies.a, task.id);
    expect(seen.body.data?.status).toBe('signed');
    expect(seen.body.data?.events.map((e) => e.to_status)).toEqual(['signed']);
    expect((await post(w.cookies.a, 'updateTask', { id: task.id, outcome: 'signed', note: '' })).body.msg).toBe(
      '任务状态已变化，请刷新',
    );
  });

  it('refuses rejection decisions and the approval queue to anyone without the grant, id 29 included', async () => {
    const w = await world();
    const task = await caseTask(w, { status: 'rejected', signerId: w.signerA.id, outcomeNote: '客户未到场' });
    expect(
      (await post(w.cookies.leader, 'auditSignReject', { id: task.id, decision: 'approve', reason: '' })).status,
    ).toBe(403);
    expect((await post(w.cookies.leader, 'taskList', { userid: w.leader.id, flag: 3, page: 1 })).status).toBe(403);
    expect((await post(id29Cookie, 'taskList', { userid: 29, flag: 3, page: 1 })).status).toBe(403);
    // The approver of another company does not reach this company's task.
    expect(
      (await post(approverCookie, 'auditSignReject', { id: task.id, decision: 'approve', reason: '' })).status,
    ).toBe(404);
  });
});

describe('the rejection approver in their own company', () => {
  it('approves a rejection (the home-loan client fails) and sends another back to its signer', async () => {
    const corp = { id: approverCorpId };
    const team = await createTeam(test.db, corp.id);
    const cookie = approverCookie;
    const signer = await createStaff(test.db, corp.id, { teamId: team.id, jobs: [2] });
    const sales = await createStaff(test.db, corp.id, { teamId: team.id });
    const signerCookie = await loginAs(test, signer);
    const house = await createHouseClient(test.db, corp.id, sales.id, { status: 2 });
    const one = await createSignTask(
      test.db,
      corp.id,
      { houseClientId: house.id },
      { status: 'taken', signerId: signer.id },
    );
    const caseRow = await createCase(test.db, corp.id, sales.id);
    const two = await createSignTask(
      test.db,
      corp.id,
      { clientId: caseRow.id },
      { status: 'taken', signerId: signer.id },
    );
    await post(signerCookie, 'updateTask', { id: one.id, outcome: 'rejected', note: '客户未到场' });
    await post(signerCookie, 'updateTask', { id: two.id, outcome: 'rejected', note: '资料不全' });

    const queue = await post<TaskList>(cookie, 'taskList', { flag: 3, page: 1 });
    expect(queue.body.data?.list.map((t) => t.id).sort()).toEqual([one.id, two.id].sort());
    expect((await detail(cookie, one.id)).body.code).toBe(0);
    expect((await post(cookie, 'auditSignReject', { id: one.id, decision: 'refuse', reason: '' })).body.msg).toBe(
      '退回须填写原因',
    );
    expect((await post(cookie, 'auditSignReject', { id: one.id, decision: 'approve', reason: '' })).body.code).toBe(0);
    const [client] = await test.db.select().from(houseClients).where(eq(houseClients.id, house.id));
    expect(client?.status).toBe(4);
    expect((await post(cookie, 'auditSignReject', { id: one.id, decision: 'approve', reason: '' })).body.msg).toBe(
      '该拒签已处理',
    );
    expect(
      (await post(cookie, 'auditSignReject', { id: two.id, decision: 'refuse', reason: '请再联系客户' })).body.code,
    ).toBe(0);
    const [back] = await test.db.select().from(signTasks).where(eq(signTasks.id, two.id));
    expect(back).toMatchObject({ status: 'taken', signerId: signer.id });
    const events = await test.db.select().from(signTaskEvents).where(eq(signTaskEvents.taskId, two.id));
    expect(events.map((e) => [e.fromStatus, e.toStatus, e.reason])).toEqual([
      ['taken', 'rejected', '资料不全'],
      ['rejected', 'taken', '请再联系客户'],
    ]);
  });
});

describe('GET sign', () => {
  it('shows a task to its signer and their leader, not to another signer', async () => {
    const w = await world();
    const task = await caseTask(w, { status: 'taken', signerId: w.signerA.id });
    expect((await detail(w.cookies.a, task.id)).body.code).toBe(0);
    expect((await detail(w.cookies.leader, task.id)).body.code).toBe(0);
    expect((await detail(w.cookies.b, task.id)).status).toBe(403);
    expect((await detail(w.cookies.outsider, task.id)).status).toBe(403);
    expect((await detail(w.cookies.sales, task.id)).status).toBe(403);
  });
});

describe('wxWorkApprove (demo adapter)', () => {
  it('sends a rejection to WeCom approval once and keeps the approval number', async () => {
    const w = await world();
    const task = await caseTask(w, { status: 'taken', signerId: w.signerA.id });
    expect((await post(w.cookies.a, 'wxWorkApprove', { id: task.id })).body.msg).toBe('只能为自己的拒签任务发起审批');
    await post(w.cookies.a, 'updateTask', { id: task.id, outcome: 'rejected', note: '客户取消' });
    expect((await post(w.cookies.b, 'wxWorkApprove', { id: task.id })).status).toBe(403);
    const sent = await post<{ sp_no: string }>(w.cookies.a, 'wxWorkApprove', { id: task.id });
    expect(sent.body.data?.sp_no).toMatch(/^\d{14}$/);
    const [row] = await test.db.select().from(signTasks).where(eq(signTasks.id, task.id));
    expect(row?.wecomSpNo).toBe(sent.body.data?.sp_no);
    expect((await post(w.cookies.a, 'wxWorkApprove', { id: task.id })).body.msg).toBe('已发起企业微信审批');
  });
});
