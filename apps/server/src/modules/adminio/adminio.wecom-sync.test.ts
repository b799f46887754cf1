import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WecomSyncResult } from '@crm/domain/api/adminio';
import { startFakeWecomServer, type FakeWecomServer } from '../../adapters/wecom/fake-wecom-server.ts';
import { createWecomAdapter, wecomMember } from '../../adapters/wecom/index.ts';
import { auditLog } from '../../db/schema/admin.ts';
import { staff, teams } from '../../db/schema/staff.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createAdmin, createCompany, createStaff, createTeam } from '../../test/factories.ts';
import { staffCookie } from '../../test/sessions.ts';
import { backOfficeCallers, type BackOfficeCallers, call } from './adminio.test-helpers.ts';

/** A member of department 2, the sync tests' department. */
const member = (over: Parameters<typeof wecomMember>[0]) =>
  wecomMember({ departments: [2], mainDepartment: 2, ...over });

describe('the WeCom directory sync (POST /api/admin/wecomSync), through the real adapter and a fake WeCom', () => {
  let fake: FakeWecomServer;
  let test: TestApp;
  let callers: BackOfficeCallers;
  let corpA: { id: number };
  let adminA: { id: number; corpId: number };
  let bound: { id: number; corpId: number };
  let leaver: { id: number; corpId: number };
  let byPhone: { id: number };

  beforeAll(async () => {
    fake = await startFakeWecomServer({ corpId: 'wwcorp', secret: 's3cret' });
    test = await buildTestApp({
      wecom: createWecomAdapter({
        corpId: 'wwcorp',
        agentId: '1000002',
        secret: 's3cret',
        apiBase: fake.apiBase,
        timeoutMs: 1000,
      }),
    });
    corpA = await createCompany(test.db, 'A公司');
    const sales = await createTeam(test.db, corpA.id, '销售一组');
    adminA = await createAdmin(test.db, corpA.id, { name: 'A管理员', wxworkId: 'admin-a' });
    bound = await createStaff(test.db, corpA.id, { name: '王旧名', wxworkId: 'wang', teamId: sales.id, jobs: [2] });
    leaver = await createStaff(test.db, corpA.id, { name: '离职者', wxworkId: 'gone' });
    byPhone = await createStaff(test.db, corpA.id, { name: '李手机', phone: '13955550001' });
    await createStaff(test.db, corpA.id, { name: '后台停用', phone: '13955550002', isActive: false });
    callers = await backOfficeCallers(test, { admin: adminA, plain: bound });
    fake.directory.departments = [
      { id: 1, name: 'A公司', parentId: 0 },
      { id: 2, name: '销售一组', parentId: 1 },
      { id: 3, name: '销售五组', parentId: 1 },
    ];
    fake.directory.members = [
      member({ userid: 'admin-a', name: 'A管理员', departments: [1], mainDepartment: 1 }),
      // Bound already: renamed in WeCom, moved to a new department and its leader there.
      member({ userid: 'wang', name: '王新名', departments: [3], mainDepartment: 3, leads: [3] }),
      // Not bound: found by mobile, then bound.
      member({ userid: 'li', name: '李手机', mobile: '13955550001' }),
      // New with a mobile: created, with the job its position names.
      member({ userid: 'zhao', name: '赵新人', mobile: '13955550009', position: '客服协助', gender: 2 }),
      // New without a mobile (WeCom withholds it from new apps): skipped, saying why.
      member({ userid: 'qian', name: '钱无号' }),
      // Disabled in the back office: left so.
      member({ userid: 'sun', name: '后台停用', mobile: '13955550002' }),
      // Left the corp (status 5): like a member who is gone.
      member({ userid: 'zhou', name: '周已离职', mobile: '13955550003', status: 5 }),
    ];
  });
  afterAll(async () => {
    await test.close();
    await fake.close();
  });

  it('creates new members, updates and binds the others, disables who left, and audits it', async () => {
    const { body } = await call<WecomSyncResult>(test, callers.admin, 'POST', '/api/admin/wecomSync');
    expect(body.code).toBe(0);
    expect(body.data.created).toEqual([{ id: expect.any(Number), name: '赵新人', userid: 'zhao' }]);
    expect(body.data.updated).toEqual(
      expect.arrayContaining([
        { id: bound.id, name: '王新名', userid: 'wang', changes: ['姓名', '团队', '组长'] },
        { id: byPhone.id, name: '李手机', userid: 'li', changes: ['绑定企业微信', '团队'] },
      ]),
    );
    expect(body.data.disabled).toEqual([{ id: leaver.id, name: '离职者', userid: 'gone' }]);
    expect(body.data.skipped).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ userid: 'qian', reason: expect.stringContaining('未提供手机号') }),
        expect.objectContaining({ userid: 'sun', reason: '员工已在后台停用，同步不重新启用' }),
      ]),
    );
    expect(body.data.teams_created).toEqual(['销售五组']);

    const [wang] = await test.db.select().from(staff).where(eq(staff.id, bound.id));
    const [team5] = await test.db
      .select()
      .from(teams)
      .where(and(eq(teams.corpId, corpA.id), eq(teams.name, '销售五组')));
    // Jobs stay the back office's: 王 keeps job 2.
    expect(wang).toMatchObject({ name: '王新名', teamId: team5!.id, isLeader: true, jobs: [2] });
    const [zhao] = await test.db.select().from(staff).where(eq(staff.wxworkId, 'zhao'));
    expect(zhao).toMatchObject({ corpId: corpA.id, phone: '13955550009', jobs: [3], sex: 2, isActive: true });
    const [gone] = await test.db.select().from(staff).where(eq(staff.id, leaver.id));
    expect(gone?.isActive).toBe(false);
    // The one who left cannot go on working: their session ends.
    const theirs = await staffCookie(test, leaver);
    expect((await call(test, theirs, 'POST', '/api/crm/userinfo', { id: leaver.id })).status).toBe(401);
    const actions = (await test.db.select().from(auditLog).where(eq(auditLog.corpId, corpA.id))).map(
      (row) => row.action,
    );
    expect(actions).toEqual(
      expect.arrayContaining([
        'wecom.sync',
        'wecom.sync.add',
        'wecom.sync.update',
        'wecom.sync.disable',
        'wecom.sync.team',
      ]),
    );
    expect(fake.requests.filter((r) => r.path === '/cgi-bin/user/list').map((r) => r.query.department_id)).toEqual([
      '1',
      '2',
      '3',
    ]);

    // A second sync finds nothing to do.
    const again = await call<WecomSyncResult>(test, callers.admin, 'POST', '/api/admin/wecomSync');
    expect(again.body.data).toMatchObject({ created: [], updated: [], disabled: [], teams_created: [] });
  });

  it('changes nothing when WeCom answers no member or cannot be reached', async () => {
    const saved = fake.directory.members;
    fake.directory.members = [];
    const empty = await call(test, callers.admin, 'POST', '/api/admin/wecomSync');
    expect(empty.body).toEqual({ code: 1, msg: '企业微信通讯录没有成员，未做任何更改', data: null });
    fake.directory.members = saved;
    fake.stall(1);
    // The adapter gives up after its timeout (1 s here); the refusal says to try again.
    const stalled = await call(test, callers.admin, 'POST', '/api/admin/wecomSync');
    expect(stalled.body).toEqual({ code: 1, msg: '企业微信通讯录读取失败，请稍后重试', data: null });
    const [zhao] = await test.db.select().from(staff).where(eq(staff.wxworkId, 'zhao'));
    expect(zhao?.isActive).toBe(true);
  }, 30_000);

  it('is for company admins only, and works in their own company', async () => {
    expect((await call(test, callers.plain, 'POST', '/api/admin/wecomSync')).status).toBe(403);
    expect([401, 403]).toContain((await call(test, callers.partner, 'POST', '/api/admin/wecomSync')).status);
    // B's admin syncs B: A's staff are untouched (B has no one bound, so only creations happen in B).
    const b = await call<WecomSyncResult>(test, callers.otherAdmin, 'POST', '/api/admin/wecomSync');
    expect(b.body.data.disabled).toEqual([]);
    const inA = await test.db
      .select()
      .from(staff)
      .where(and(eq(staff.corpId, corpA.id), eq(staff.isActive, true)));
    expect(inA.map((row) => row.name)).toEqual(expect.arrayContaining(['A管理员', '王新名', '李手机', '赵新人']));
  });
});
