import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../../test/build-test-app.ts';
import { createCompany, createStaff, createTeam, grantStaff } from '../../test/factories.ts';
import { createCase } from '../../test/factories-cases.ts';
import { createSignTask } from '../../test/factories-house.ts';
import { postForm } from '../../test/http.ts';
import { staffCookie } from '../../test/sessions.ts';

/*
 * Issue 38, point 3 (decision 065): a signer reads the cases of the signing tasks they hold or held, and no
 * other case of the company: not through the detail, the follow-ups, the financing agreement or a reveal.
 */

const test = testAppForFile();

type Envelope = { code: number; msg: string; data: unknown };

async function world() {
  const corp = await createCompany(test.db);
  const sales = await createTeam(test.db, corp.id);
  const signing = await createTeam(test.db, corp.id);
  const owner = await createStaff(test.db, corp.id, { teamId: sales.id });
  const signer = await createStaff(test.db, corp.id, { teamId: signing.id, jobs: [2] });
  const otherSigner = await createStaff(test.db, corp.id, { teamId: signing.id, jobs: [2] });
  const signingLeader = await createStaff(test.db, corp.id, { teamId: signing.id, jobs: [2], isLeader: true });
  const approver = await createStaff(test.db, corp.id, { jobs: [2] });
  await grantStaff(test.db, approver);
  const held = await createCase(test.db, owner, { status: 3 });
  await createSignTask(test.db, corp.id, { clientId: held.id }, { status: 'signed', signerId: signer.id });
  // Rejected cases of the company, and a case waiting in the pool: none of them the signer's.
  const rejected = await createCase(test.db, owner, { status: 6 });
  const pooled = await createCase(test.db, owner, { status: 1 });
  await createSignTask(test.db, corp.id, { clientId: pooled.id }, { proposedSignerId: signer.id });
  const failed = await createCase(test.db, owner, { status: 2 });
  await createSignTask(test.db, corp.id, { clientId: failed.id }, { status: 'rejected', signerId: otherSigner.id });
  return { owner, signer, signingLeader, approver, held, rejected, pooled, failed };
}

/** The four ways a case's content is read, each answered as the client sees it. */
async function reads(person: { corpId: number; id: number }, caseId: number) {
  const cookie = await staffCookie(test, person);
  const get = async (url: string) => {
    const response = await test.app.inject({ method: 'GET', url, headers: { cookie } });
    return { status: response.statusCode, body: response.json<Envelope>() };
  };
  const reveal = await postForm(test.app, '/api/crm/revealClient', { id: caseId, field: 'id_number' }, { cookie });
  return {
    detail: await get(`/api/crm/detail?id=${caseId}`),
    pendingDetail: await get(`/api/crm/pendingDetail?id=${caseId}`),
    financePact: await get(`/api/crm/financePact?id=${caseId}`),
    revealClient: { status: reveal.statusCode, body: reveal.json<Envelope>() },
  };
}

describe('a signer reads only the cases of their own signing tasks', () => {
  it('refuses every read of a case outside their tasks with the forbidden envelope, rejected cases included', async () => {
    const w = await world();
    for (const c of [w.rejected, w.pooled, w.failed]) {
      for (const [route, answer] of Object.entries(await reads(w.signer, c.id))) {
        expect({ route, caseId: c.id, status: answer.status }).toEqual({ route, caseId: c.id, status: 403 });
        expect(answer.body.code).not.toBe(0);
        expect(answer.body.data).toBeNull();
        expect(answer.body.msg).toMatch(/[\u4e00-\u9fa5]/);
      }
    }
  });

  it('opens the case of a task they signed, and reveals its numbers there', async () => {
    const w = await world();
    const answers = await reads(w.signer, w.held.id);
    // Every read is let through (the agreement may answer a business refusal: a case without a product).
    for (const answer of Object.values(answers)) expect(answer.status).toBe(200);
    expect([answers.detail, answers.pendingDetail, answers.revealClient].map((a) => a.body.code)).toEqual([0, 0, 0]);
    expect(answers.detail.body.data).toMatchObject({ id: w.held.id, masked: true });
    expect(answers.revealClient.body.data).toEqual({ value: w.held.idNumber });
  });

  it("lets the signing leader read their signers' cases, the approver a rejected one, and no one the rest", async () => {
    const w = await world();
    expect((await reads(w.signingLeader, w.held.id)).detail.status).toBe(200);
    expect((await reads(w.signingLeader, w.failed.id)).detail.status).toBe(200);
    expect((await reads(w.signingLeader, w.rejected.id)).detail.status).toBe(403);
    expect((await reads(w.approver, w.failed.id)).detail.status).toBe(200);
    expect((await reads(w.approver, w.held.id)).detail.status).toBe(403);
  });

  it('still shows the pool task its short summary, and lets the signer take it', async () => {
    const w = await world();
    const cookie = await staffCookie(test, w.signer);
    const pool = await postForm(test.app, '/api/crm/taskList', { userid: w.signer.id, flag: 1 }, { cookie });
    const tasks = pool.json<{ data: { list: { id: number; client_id: number; client_phone: string }[] } }>().data.list;
    const task = tasks.find((t) => t.client_id === w.pooled.id);
    expect(task?.client_phone).toMatch(/^\d{3}\*{4}\d{4}$/);
    const taken = await postForm(test.app, '/api/crm/takeTask', { id: task?.id ?? 0 }, { cookie });
    expect(taken.json<Envelope>().code).toBe(0);
    // Holding it now, the signer reads the case.
    expect((await reads(w.signer, w.pooled.id)).detail.status).toBe(200);
  });
});
