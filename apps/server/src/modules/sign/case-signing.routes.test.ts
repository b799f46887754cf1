import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createCompany, createStaff, createTeam, grantStaff } from '../../test/factories.ts';
import { caseForm, giveConsent } from '../../test/factories-cases.ts';
import { loginAs, postForm } from '../../test/http.ts';

/*
 * An instalment case reaches the signing centre (issue 9): entering 签约中 opens its task, the signer's
 * outcome moves the case, and a case that leaves signing another way takes its task out of the centre.
 */

type Body<T = unknown> = { code: number; msg: string; data: T };
type Task = { id: number; kind: string; client_id: number | null; status: string; signer_id: number | null };
type Person = { id: number; cookie: string };

let test: TestApp;
let corpId = 0;
const people = {} as Record<'sales' | 'leader' | 'chosen' | 'otherSigner' | 'approver' | 'stranger', Person>;

beforeAll(async () => {
  test = await buildTestApp({ now: () => new Date('2026-11-21T08:00:00Z') });
  const corp = await createCompany(test.db);
  corpId = corp.id;
  const other = await createCompany(test.db);
  const sales = await createTeam(test.db, corp.id);
  const signing = await createTeam(test.db, corp.id);
  const make = async (corpId: number, overrides: Parameters<typeof createStaff>[2]) => {
    const row = await createStaff(test.db, corpId, overrides);
    return { row, person: { id: row.id, cookie: await loginAs(test, row) } };
  };
  people.sales = (await make(corp.id, { teamId: sales.id })).person;
  people.leader = (await make(corp.id, { teamId: sales.id, isLeader: true })).person;
  people.chosen = (await make(corp.id, { teamId: signing.id, jobs: [2] })).person;
  people.otherSigner = (await make(corp.id, { teamId: signing.id, jobs: [2] })).person;
  const approver = await make(corp.id, { teamId: signing.id, jobs: [2] });
  await grantStaff(test.db, approver.row);
  people.approver = approver.person;
  people.stranger = (await make(other.id, { jobs: [2] })).person;
});
afterAll(() => test.close());

async function post<T = unknown>(who: Person, name: string, fields: Record<string, string | number> = {}) {
  const response = await postForm(test.app, `/api/crm/${name}`, fields, { cookie: who.cookie });
  return response.json<Body<T>>();
}
const tasks = async (who: Person, flag: 1 | 2) =>
  (await post<{ list: Task[] }>(who, 'taskList', { flag, kind: 'case', limit: 50 })).data.list;
const taskOf = async (who: Person, flag: 1 | 2, caseId: number) =>
  (await tasks(who, flag)).find((task) => task.client_id === caseId);
async function caseDetail(caseId: number) {
  const response = await test.app.inject({
    method: 'GET',
    url: `/api/crm/detail?id=${caseId}`,
    headers: { cookie: people.sales.cookie },
  });
  return response.json<Body<{ status: number; events: { to_status: number | null; reason: string }[] }>>().data;
}
async function addCase(signer: Person | null) {
  const added = await post<{ id: number }>(
    people.sales,
    'addClient',
    caseForm(signer ? { sign_user_id: String(signer.id) } : {}),
  );
  expect(added.code).toBe(0);
  // The client consented (decision 073): these tests are about what signing does next.
  await giveConsent(test.db, { corpId, id: added.data.id, ownerId: people.sales.id });
  return added.data.id;
}
async function sign(caseId: number, outcome: 'signed' | 'rejected', note = '') {
  const task = await taskOf(people.chosen, 2, caseId);
  if (!task) throw new Error('the chosen signer has no task for the case');
  expect((await post(people.chosen, 'takeTask', { id: task.id })).code).toBe(0);
  const recorded = await post(people.chosen, 'updateTask', { id: task.id, outcome, note });
  return { task, recorded };
}

describe('a case entering 签约中 opens its signing task', () => {
  it("shows a new case in the pool and in the chosen signer's tasks, not in another signer's", async () => {
    const caseId = await addCase(people.chosen);
    expect(await taskOf(people.chosen, 2, caseId)).toMatchObject({ kind: 'case', status: 'open', signer_id: null });
    expect(await taskOf(people.otherSigner, 1, caseId)).toMatchObject({ status: 'open' });
    expect(await taskOf(people.otherSigner, 2, caseId)).toBeUndefined();
    // Another company's signer never sees it.
    expect(await taskOf(people.stranger, 1, caseId)).toBeUndefined();
  });

  it('opens a pool task for a case without a chosen signer', async () => {
    const caseId = await addCase(null);
    expect(await taskOf(people.otherSigner, 1, caseId)).toMatchObject({ status: 'open' });
    expect(await taskOf(people.chosen, 2, caseId)).toBeUndefined();
  });
});

describe("the signer's outcome moves the case", () => {
  it('signed: the case goes to 审批中 with an event by the signer, and the task is done', async () => {
    const caseId = await addCase(people.chosen);
    const { task, recorded } = await sign(caseId, 'signed');
    expect(recorded.code).toBe(0);
    const detail = await caseDetail(caseId);
    expect(detail.status).toBe(3);
    expect(detail.events.at(-1)).toMatchObject({ to_status: 3 });
    expect((await tasks(people.chosen, 2)).find((row) => row.id === task.id)?.status).toBe('signed');
    expect(await taskOf(people.otherSigner, 1, caseId)).toBeUndefined();
  });

  it('a rejection confirmed by the approver fails the signing; a resubmission opens a new task', async () => {
    const caseId = await addCase(people.chosen);
    const { task } = await sign(caseId, 'rejected', '客户证件过期');
    // Until the approver confirms, the case is still in signing.
    expect((await caseDetail(caseId)).status).toBe(1);
    expect((await post(people.approver, 'auditSignReject', { id: task.id, decision: 'approve' })).code).toBe(0);
    const failed = await caseDetail(caseId);
    expect(failed.status).toBe(2);
    expect(failed.events.at(-1)).toMatchObject({ to_status: 2, reason: '客户证件过期' });

    const resubmitted = await post(people.sales, 'updateClientReject', {
      ...caseForm({ sign_user_id: String(people.chosen.id) }),
      id: caseId,
    });
    expect(resubmitted.code).toBe(0);
    const reopened = await taskOf(people.chosen, 2, caseId);
    expect(reopened).toMatchObject({ status: 'open' });
    expect(reopened?.id).not.toBe(task.id);
  });

  it('a rejection sent back to the signer leaves the case in signing', async () => {
    const caseId = await addCase(people.chosen);
    const { task } = await sign(caseId, 'rejected', '资料不全');
    const refused = await post(people.approver, 'auditSignReject', {
      id: task.id,
      decision: 'refuse',
      reason: '再联系一次',
    });
    expect(refused.code).toBe(0);
    expect((await caseDetail(caseId)).status).toBe(1);
  });
});

describe('a case leaving signing another way withdraws its task', () => {
  it('the client withdrew (1 → 9 on the case page): the task leaves the centre', async () => {
    const caseId = await addCase(people.chosen);
    const moved = await post(people.sales, 'updateClientStatus', { id: caseId, status: 9, reason: '客户不贷了' });
    expect(moved.code).toBe(0);
    expect(await taskOf(people.otherSigner, 1, caseId)).toBeUndefined();
    expect(await taskOf(people.chosen, 2, caseId)).toBeUndefined();
  });

  it('the case was deleted: the task leaves the centre', async () => {
    const caseId = await addCase(null);
    expect((await post(people.sales, 'delClient', { id: caseId })).code).toBe(0);
    expect(await taskOf(people.otherSigner, 1, caseId)).toBeUndefined();
  });

  it('a task taken before the leader moved the case cannot be recorded as signed', async () => {
    const caseId = await addCase(people.chosen);
    const task = await taskOf(people.chosen, 2, caseId);
    expect((await post(people.chosen, 'takeTask', { id: task?.id ?? 0 })).code).toBe(0);
    expect((await post(people.leader, 'updateClientStatus', { id: caseId, status: 9, reason: '撤单' })).code).toBe(0);
    const late = await post(people.chosen, 'updateTask', { id: task?.id ?? 0, outcome: 'signed', note: '' });
    expect(late.code).not.toBe(0);
    expect((await caseDetail(caseId)).status).toBe(9);
  });
});
