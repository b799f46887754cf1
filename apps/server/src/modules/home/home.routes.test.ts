import { describe, expect, it } from 'vitest';
import { appeals, clients, followUps, serviceRequests } from '../../db/schema/cases.ts';
import { houseClients } from '../../db/schema/house.ts';
import { moneyRecords } from '../../db/schema/money.ts';
import { signTasks } from '../../db/schema/sign.ts';
import { notices } from '../../db/schema/staff.ts';
import { testAppForFile } from '../../test/build-test-app.ts';
import { createCompany, createStaff, createTeam, grantStaff } from '../../test/factories.ts';
import { loginAs, postForm } from '../../test/http.ts';
import { createPaper } from '../../test/factories-exam.ts';
import { HOUSE_CLIENTS_PII, sealClients, sealed } from '../../pii/fields.ts';

const NOW = new Date('2026-11-21T08:00:00Z');
const hoursFromNow = (n: number) => new Date(NOW.getTime() + n * 3_600_000);

const test = testAppForFile({ now: () => NOW });

type UserinfoBody = {
  code: number;
  msg: string;
  data: {
    id: number;
    total: Record<string, number>;
    signer_list: { id: number; name: string; sex: number }[];
    notice: { status: string; text: string }[];
    user: { id: number; job: number[]; leader: boolean; corp_id: number; reject_approver: boolean };
  } | null;
};

async function userinfo(cookie: string | undefined, id: number | string) {
  const response = await postForm(test.app, '/api/crm/userinfo', { id }, cookie ? { cookie } : {});
  return { status: response.statusCode, body: response.json<UserinfoBody>() };
}

describe('POST /api/crm/userinfo', () => {
  it('answers the caller with badges counted from the database', async () => {
    const corp = await createCompany(test.db);
    const team = await createTeam(test.db, corp.id);
    const leader = await createStaff(test.db, corp.id, { teamId: team.id, isLeader: true, jobs: [2, 3, 5] });
    const member = await createStaff(test.db, corp.id, { teamId: team.id });
    const [client, other] = await test.db
      .insert(clients)
      .values(
        await sealClients(test.db, [
          { corpId: corp.id, ownerId: member.id, teamId: team.id, name: '客户', phone: '13900000000' },
          { corpId: corp.id, ownerId: member.id, teamId: team.id, name: '客户二', phone: '13900000002' },
        ]),
      )
      .returning();
    const clientId = client?.id ?? 0;
    await test.db.insert(followUps).values([
      { corpId: corp.id, clientId, staffId: leader.id, note: 'due', nextContactAt: hoursFromNow(-1) },
      // One open follow-up per person and case: the future one is on the other case.
      { corpId: corp.id, clientId: other?.id ?? 0, staffId: leader.id, note: 'future', nextContactAt: hoursFromNow(5) },
      {
        corpId: corp.id,
        clientId,
        staffId: leader.id,
        note: 'done',
        nextContactAt: hoursFromNow(-3),
        doneAt: hoursFromNow(-2),
      },
    ]);
    await test.db.insert(serviceRequests).values([
      { corpId: corp.id, clientId },
      { corpId: corp.id, clientId, status: 'done' },
    ]);
    await test.db
      .insert(appeals)
      .values({ corpId: corp.id, clientId, staffId: member.id, teamId: team.id, reason: '复核' });
    // One live signing task per case: three cases.
    const taskCases = await test.db
      .insert(clients)
      .values(
        await sealClients(
          test.db,
          ['签约一', '签约二', '签约三'].map((name) => ({
            corpId: corp.id,
            ownerId: member.id,
            teamId: team.id,
            name,
            phone: '13900000003',
          })),
        ),
      )
      .returning({ id: clients.id });
    await test.db.insert(signTasks).values([
      { corpId: corp.id, clientId: taskCases[0]?.id ?? 0 },
      { corpId: corp.id, clientId: taskCases[1]?.id ?? 0 },
      { corpId: corp.id, clientId: taskCases[2]?.id ?? 0, status: 'rejected' },
    ]);
    await createPaper(test.db, corp.id, { targets: [{ targetKind: 'staff', targetId: leader.id }] });
    await test.db.insert(houseClients).values(
      await sealed(test.db, HOUSE_CLIENTS_PII, {
        corpId: corp.id,
        ownerId: member.id,
        stewardId: leader.id,
        name: '房贷客户',
        phone: '13900000001',
      }),
    );
    await test.db.insert(notices).values([
      { corpId: corp.id, text: '当前通知', startsAt: hoursFromNow(-1) },
      { corpId: corp.id, text: '过期通知', startsAt: hoursFromNow(-10), endsAt: hoursFromNow(-1) },
    ]);
    // A member's repayment on a team case waits for the leader; the leader's own would not.
    await test.db.insert(moneyRecords).values([
      {
        corpId: corp.id,
        clientId,
        amountFen: 100,
        paidOn: '2026-11-20',
        method: 3,
        createdBy: member.id,
        idempotencyKey: 'home-1',
      },
      {
        corpId: corp.id,
        clientId,
        amountFen: 100,
        paidOn: '2026-11-20',
        method: 3,
        createdBy: leader.id,
        idempotencyKey: 'home-2',
      },
    ]);
    const signer = await createStaff(test.db, corp.id, { teamId: team.id, jobs: [2], name: '签约员甲', sex: 2 });
    await grantStaff(test.db, leader);

    const cookie = await loginAs(test, leader);
    const { status, body } = await userinfo(cookie, leader.id);
    expect(status).toBe(200);
    expect(body.code).toBe(0);
    expect(body.data?.total).toEqual({
      pending: 1,
      service: 1,
      remind: 1,
      exam: 1,
      appeal: 1,
      sign: 2,
      reject: 1,
      proof: 0,
      confirm: 1,
      audit: 0,
    });
    expect(body.data?.signer_list).toEqual([{ id: signer.id, name: '签约员甲', sex: 2 }]);
    expect(body.data?.notice).toEqual([{ status: 'info', text: '当前通知' }]);
    expect(body.data?.user).toMatchObject({
      id: leader.id,
      job: [2, 3, 5],
      leader: true,
      corp_id: corp.id,
      reject_approver: true,
    });
  });

  it("does not count what the role does not have, nor another company's work", async () => {
    const corp = await createCompany(test.db);
    const other = await createCompany(test.db);
    const plain = await createStaff(test.db, corp.id);
    const stranger = await createStaff(test.db, other.id);
    const [client] = await test.db
      .insert(clients)
      .values(
        await sealClients(test.db, { corpId: other.id, ownerId: stranger.id, name: '别家客户', phone: '13900000002' }),
      )
      .returning();
    await test.db.insert(serviceRequests).values({ corpId: other.id, clientId: client?.id ?? 0 });
    await test.db.insert(signTasks).values({ corpId: other.id, clientId: client?.id ?? 0 });
    const cookie = await loginAs(test, plain);
    const { body } = await userinfo(cookie, plain.id);
    expect(body.data?.total).toEqual({
      pending: 0,
      service: 0,
      remind: 0,
      exam: 0,
      appeal: 0,
      sign: 0,
      reject: 0,
      proof: 0,
      confirm: 0,
      audit: 0,
    });
    expect(body.data?.signer_list).toEqual([]);
    expect(body.data?.user.reject_approver).toBe(false);
  });

  it("reads the approval grant per company: another company's book cannot even hold one for this person", async () => {
    const corp = await createCompany(test.db);
    const other = await createCompany(test.db);
    const signer = await createStaff(test.db, corp.id, { jobs: [2] });
    // A grant names its staff member by (corp_id, staff_id) (decision 084): the database refuses the row.
    await expect(grantStaff(test.db, { corpId: other.id, id: signer.id })).rejects.toThrow();
    const cookie = await loginAs(test, signer);
    expect((await userinfo(cookie, signer.id)).body.data?.user.reject_approver).toBe(false);
  });

  it("refuses another user's id with 403", async () => {
    const corp = await createCompany(test.db);
    const me = await createStaff(test.db, corp.id);
    const colleague = await createStaff(test.db, corp.id);
    const cookie = await loginAs(test, me);
    const { status, body } = await userinfo(cookie, colleague.id);
    expect(status).toBe(403);
    expect(body).toEqual({ code: 403, msg: '无权查看其他用户的信息', data: null });
  });

  it('refuses a caller without a session with 401', async () => {
    const { status, body } = await userinfo(undefined, 1);
    expect(status).toBe(401);
    expect(body.code).toBe(401);
  });

  it.each([['abc'], ['0'], ['-3'], ['']])('refuses the id %j', async (id) => {
    const corp = await createCompany(test.db);
    const me = await createStaff(test.db, corp.id);
    const cookie = await loginAs(test, me);
    const { status, body } = await userinfo(cookie, id);
    expect(status).toBe(200);
    expect(body).toMatchObject({ code: 1, msg: '用户无效', data: null });
  });
});
