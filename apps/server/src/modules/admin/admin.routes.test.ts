import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createCompany, createStaff, createTeam } from '../../test/factories.ts';
import { cookieCaller } from '../../test/http.ts';
import { staffCookie } from '../../test/sessions.ts';
import { backOfficeCallers, type BackOfficeCallers } from './admin.test-helpers.ts';

describe('the back office (/api/admin)', () => {
  let test: TestApp;
  let callers: BackOfficeCallers;
  let corpA: { id: number };
  let corpB: { id: number };
  let teamA: { id: number };
  let teamB: { id: number };
  let staffB: { id: number };

  const call = cookieCaller(() => test.app);

  beforeAll(async () => {
    test = await buildTestApp();
    corpA = await createCompany(test.db, 'A公司');
    corpB = await createCompany(test.db, 'B公司');
    teamA = await createTeam(test.db, corpA.id, 'A一组');
    teamB = await createTeam(test.db, corpB.id, 'B一组');
    callers = await backOfficeCallers(test, corpA, corpB, {
      admin: { teamId: teamA.id },
      plain: { teamId: teamA.id, isLeader: true, jobs: [2, 3, 4, 5] },
    });
    staffB = await createStaff(test.db, corpB.id, { name: 'B员工', teamId: teamB.id });
  });
  afterAll(() => test.close());

  it('answers each caller its admin flags', async () => {
    expect((await call(callers.admin, 'GET', '/api/admin/whoami')).body.data).toMatchObject({
      corp_id: corpA.id,
      company_admin: true,
      platform_admin: false,
    });
    expect((await call(callers.plain, 'GET', '/api/admin/whoami')).body.data).toMatchObject({
      company_admin: false,
      platform_admin: false,
    });
    expect((await call(callers.platform, 'GET', '/api/admin/whoami')).body.data).toMatchObject({
      platform_admin: true,
    });
  });

  it('tells the home page whether to show the 管理后台 link (userinfo user.admin)', async () => {
    const adminOf = async (cookie: string, id: number) =>
      (await call<{ user: { admin: boolean } }>(cookie, 'POST', '/api/crm/userinfo', { id })).body.data.user.admin;
    expect(await adminOf(callers.admin, callers.adminA.id)).toBe(true);
    expect(await adminOf(callers.plain, callers.plainA.id)).toBe(false);
    expect(await adminOf(callers.platform, callers.operator.id)).toBe(true);
  });

  it('adds a staff member, changes jobs, leader flag, team and grant, disables them, and audits every step', async () => {
    const added = await call<{ id: number; jobs: number[]; team_id: number }>(
      callers.admin,
      'POST',
      '/api/admin/staff/add',
      {
        name: '新同事',
        phone: '13912345601',
        team_id: teamA.id,
        jobs: [3, 2, 2],
      },
    );
    expect(added.body).toMatchObject({
      code: 0,
      msg: '已添加',
      data: { name: '新同事', jobs: [2, 3], team_id: teamA.id },
    });
    const id = added.body.data.id;

    const team2 = await call<{ id: number }>(callers.admin, 'POST', '/api/admin/teams/add', { name: 'A二组' });
    expect(team2.body).toMatchObject({ code: 0, data: { name: 'A二组', members: 0 } });
    const updated = await call(callers.admin, 'POST', '/api/admin/staff/update', {
      id,
      jobs: [4],
      is_leader: true,
      team_id: team2.body.data.id,
      grants: ['sign.reject.approve'],
      sex: 2,
    });
    expect(updated.body).toMatchObject({
      code: 0,
      msg: '已保存',
      data: {
        jobs: [4],
        is_leader: true,
        team_id: team2.body.data.id,
        team_name: 'A二组',
        grants: ['sign.reject.approve'],
        sex: 2,
      },
    });
    const theirs = await staffCookie(test, { corpId: corpA.id, id });
    expect((await call(theirs, 'POST', '/api/crm/userinfo', { id })).status).toBe(200);
    const disabled = await call(callers.admin, 'POST', '/api/admin/staff/update', { id, is_active: false });
    expect(disabled.body).toMatchObject({ code: 0, data: { is_active: false } });
    // The disabled person's open session ends at once.
    expect((await call(theirs, 'POST', '/api/crm/userinfo', { id })).status).toBe(401);

    const list = await call<{ list: { id: number; is_active: boolean }[] }>(callers.admin, 'GET', '/api/admin/staff', {
      q: '新同事',
    });
    expect(list.body.data.list).toEqual([expect.objectContaining({ id, is_active: false })]);
    // The phone is sealed (decision 074): the search finds it by all 11 digits or the last four, and shows it whole.
    for (const q of ['13912345601', '5601']) {
      const byPhone = await call<{ list: { id: number; phone: string }[] }>(callers.admin, 'GET', '/api/admin/staff', {
        q,
      });
      expect(byPhone.body.data.list).toEqual([expect.objectContaining({ id, phone: '13912345601' })]);
    }
    const raw = await test.db.execute(`select phone from staff where id = ${id}`);
    expect(raw.rows[0]).toMatchObject({ phone: expect.stringMatching(/^v1:/) });

    const audit = await call<{
      list: { action: string; entity_id: number; actor_name: string; before: unknown; after: unknown }[];
    }>(callers.admin, 'GET', '/api/admin/audit');
    const mine = audit.body.data.list.filter((row) => row.entity_id === id);
    expect(mine.map((row) => row.action)).toEqual(['staff.update', 'staff.update', 'staff.add']);
    expect(mine[0]).toMatchObject({
      actor_name: 'A管理员',
      before: { is_active: true, jobs: [4] },
      after: { is_active: false, jobs: [4] },
    });
    // The audit log keeps the phone masked: it holds no phone in plain text.
    expect(mine[2]).toMatchObject({ before: null, after: { name: '新同事', phone: '139****5601' } });
  });

  it('refuses a second staff member with the same phone in the company, a team of another company, bad jobs', async () => {
    await call(callers.admin, 'POST', '/api/admin/staff/add', { name: '甲', phone: '13912345602' });
    const twice = await call(callers.admin, 'POST', '/api/admin/staff/add', { name: '乙', phone: '13912345602' });
    expect(twice.body).toMatchObject({ code: 1, msg: '该手机号已是本公司员工', field: 'phone' });
    const foreignTeam = await call(callers.admin, 'POST', '/api/admin/staff/add', {
      name: '丙',
      phone: '13912345603',
      team_id: teamB.id,
    });
    expect(foreignTeam.body).toMatchObject({ code: 1, msg: '团队不存在' });
    const badJob = await call(callers.admin, 'POST', '/api/admin/staff/add', {
      name: '丁',
      phone: '13912345604',
      jobs: [9],
    });
    expect(badJob.body.code).not.toBe(0);
    expect(badJob.status).toBeLessThan(500);
    const badPhone = await call(callers.admin, 'POST', '/api/admin/staff/add', { name: '戊', phone: '12345' });
    expect(badPhone.body.code).not.toBe(0);
    // Nothing half-written: the refused adds left no staff and no audit rows.
    const list = await call<{ list: { name: string }[] }>(callers.admin, 'GET', '/api/admin/staff', { q: '丙' });
    expect(list.body.data.list).toEqual([]);
  });

  it('never lets an admin remove their own admin grant or disable themselves', async () => {
    const self = await call(callers.admin, 'POST', '/api/admin/staff/update', {
      id: callers.adminA.id,
      is_active: false,
    });
    expect(self.body).toMatchObject({ code: 1, msg: '不能取消自己的管理员授权或停用自己' });
    const grant = await call(callers.admin, 'POST', '/api/admin/staff/update', { id: callers.adminA.id, grants: [] });
    expect(grant.body.code).toBe(1);
  });

  it('cannot give the platform grant', async () => {
    const answer = await call(callers.admin, 'POST', '/api/admin/staff/update', {
      id: callers.adminA.id,
      grants: ['platform.admin'],
    });
    expect(answer.body.code).not.toBe(0);
    expect((await call(callers.admin, 'GET', '/api/admin/whoami')).body.data).toMatchObject({ platform_admin: false });
  });

  it('publishes and edits a notice the home banner shows', async () => {
    const added = await call<{ id: number }>(callers.admin, 'POST', '/api/admin/notices/add', {
      text: '本周六系统维护',
      status: 'warning',
      starts_at: '2026-01-01T00:00:00+08:00',
      ends_at: null,
    });
    expect(added.body).toMatchObject({ code: 0, data: { text: '本周六系统维护', status: 'warning' } });
    const bad = await call(callers.admin, 'POST', '/api/admin/notices/update', {
      id: added.body.data.id,
      ends_at: '2025-12-31T00:00:00+08:00',
    });
    expect(bad.body).toMatchObject({ code: 1, msg: '结束时间须晚于开始时间' });
    for (const [starts_at, msg] of [
      ['', '请填写开始时间'],
      [undefined, '请填写开始时间'],
      ['2026-01-01 09:00', '开始时间格式无效'],
    ] as const) {
      const refused = await call(callers.admin, 'POST', '/api/admin/notices/add', { text: '某', starts_at });
      expect(refused.body, String(starts_at)).toMatchObject({ code: 1, msg });
    }
    const edited = await call(callers.admin, 'POST', '/api/admin/notices/update', {
      id: added.body.data.id,
      text: '改期到周日',
    });
    expect(edited.body).toMatchObject({ code: 0, data: { text: '改期到周日', status: 'warning' } });
    const list = await call<{ text: string }[]>(callers.admin, 'GET', '/api/admin/notices');
    expect(list.body.data.map((n) => n.text)).toEqual(['改期到周日']);
  });

  it('reads and changes the lead-protection period, the over-limit brokerage rule and the all-in cost cap', async () => {
    expect((await call(callers.admin, 'GET', '/api/admin/settings')).body.data).toEqual({
      referral_protection_days: 30,
      over_limit_rate_bp: 150,
      over_limit_amount_fen: 5_000_000,
      all_in_cost_cap_bp: 2400,
      // The commission ledger's defaults (decision 067).
      clawback_window_days: 90,
      clawback_partial: false,
      statement_day: 5,
      partner_commission_bp: 0,
      // Customer ownership's defaults (decision 066).
      pool_days: 15,
      pool_warn_days: 3,
      pool_claims_per_day: 5,
      nudge_days: 3,
      esign_expiry_days: 7,
      duplicate_checks_per_day: 200,
      // Retention's defaults (decision 071).
      log_retention_months: 12,
      closed_case_retention_years: 5,
    });
    // What a change leaves out is kept: the cap (a form of before decision 068 still saves), the pool settings.
    const pooled = {
      clawback_window_days: 90,
      clawback_partial: false,
      statement_day: 5,
      partner_commission_bp: 0,
      pool_days: 15,
      pool_warn_days: 3,
      pool_claims_per_day: 5,
      nudge_days: 3,
      esign_expiry_days: 7,
      duplicate_checks_per_day: 200,
      log_retention_months: 12,
      closed_case_retention_years: 5,
    };
    const kept = { referral_protection_days: 40, over_limit_rate_bp: 150, over_limit_amount_fen: 5_000_000 };
    expect((await call(callers.admin, 'POST', '/api/admin/settings', kept)).body.data).toEqual({
      ...kept,
      all_in_cost_cap_bp: 2400,
      ...pooled,
    });
    const changed = {
      referral_protection_days: 45,
      over_limit_rate_bp: 200,
      over_limit_amount_fen: 8_000_000,
      all_in_cost_cap_bp: 2000,
    };
    expect((await call(callers.admin, 'POST', '/api/admin/settings', changed)).body).toMatchObject({
      code: 0,
      data: { ...changed, ...pooled },
    });
    expect((await call(callers.admin, 'GET', '/api/admin/settings')).body.data).toEqual({ ...changed, ...pooled });
    const above = await call(callers.admin, 'POST', '/api/admin/settings', { ...changed, all_in_cost_cap_bp: 3700 });
    expect(above.body).toMatchObject({ msg: '综合成本预警线最多 36%' });
    const pool = { ...changed, pool_days: 10, pool_claims_per_day: 8 };
    expect((await call(callers.admin, 'POST', '/api/admin/settings', pool)).body.data).toMatchObject(pool);
    expect(
      (await call(callers.admin, 'POST', '/api/admin/settings', { ...changed, pool_claims_per_day: -1 })).body,
    ).toMatchObject({ msg: '每日领取上限不能为负' });
    // The nudge (decision 066): 0 turns it off; a negative or a quarter's worth is refused, in Chinese.
    expect(
      (await call(callers.admin, 'POST', '/api/admin/settings', { ...changed, nudge_days: 0 })).body.data,
    ).toMatchObject({ nudge_days: 0 });
    expect(
      (await call(callers.admin, 'POST', '/api/admin/settings', { ...changed, nudge_days: -1 })).body,
    ).toMatchObject({ code: 1, msg: '未安排跟进提醒天数不能为负（0 为不提醒）' });
    expect(
      (await call(callers.admin, 'POST', '/api/admin/settings', { ...changed, nudge_days: 91 })).body,
    ).toMatchObject({ code: 1, msg: '未安排跟进提醒天数最多 90 天' });
    expect(
      (await call(callers.admin, 'POST', '/api/admin/settings', { ...changed, nudge_days: 4 })).body.data,
    ).toMatchObject({ nudge_days: 4 });
    const bad = await call(callers.admin, 'POST', '/api/admin/settings', { ...changed, referral_protection_days: 0 });
    expect(bad.body).toMatchObject({ msg: '保护期至少 1 天' });
  });

  it('changes the ledger settings (claw-back window, partial claw-back, statement day, partner rate), validated', async () => {
    const base = { referral_protection_days: 30, over_limit_rate_bp: 150, over_limit_amount_fen: 5_000_000 };
    const ledger = { clawback_window_days: 60, clawback_partial: true, statement_day: 10, partner_commission_bp: 50 };
    expect((await call(callers.admin, 'POST', '/api/admin/settings', { ...base, ...ledger })).body).toMatchObject({
      code: 0,
      data: ledger,
    });
    expect((await call(callers.admin, 'GET', '/api/admin/settings')).body.data).toMatchObject(ledger);
    // Left out, each keeps its value.
    expect((await call(callers.admin, 'POST', '/api/admin/settings', base)).body.data).toMatchObject(ledger);
    for (const [field, value, msg] of [
      ['statement_day', 29, '对账日最晚每月 28 日'],
      ['statement_day', 0, '对账日至少每月 1 日'],
      ['clawback_window_days', 0, '追回期限至少 1 天'],
      ['partner_commission_bp', -1, '合伙人返佣比例不能为负'],
      ['partner_commission_bp', 1001, '合伙人返佣比例最多 10%'],
      ['clawback_partial', 'yes', '按比例追回无效'],
    ] as const) {
      const refused = await call(callers.admin, 'POST', '/api/admin/settings', { ...base, [field]: value });
      expect(refused.body).toMatchObject({ code: 1, msg });
    }
    expect((await call(callers.admin, 'GET', '/api/admin/settings')).body.data).toMatchObject(ledger);
    // Company B's ledger settings are untouched.
    expect((await call(callers.otherAdmin, 'GET', '/api/admin/settings')).body.data).toMatchObject({
      clawback_window_days: 90,
      statement_day: 5,
    });
  });

  it('settings changes stay in the company', async () => {
    // Company B's settings are untouched.
    expect((await call(callers.otherAdmin, 'GET', '/api/admin/settings')).body.data).toMatchObject({
      referral_protection_days: 30,
    });
  });

  it("refuses another company's records: B's staff and team are not found from A", async () => {
    const staff = await call(callers.admin, 'POST', '/api/admin/staff/update', { id: staffB.id, is_active: false });
    expect(staff.status).toBe(404);
    const team = await call(callers.admin, 'POST', '/api/admin/teams/update', { id: teamB.id, name: '偷改' });
    expect(team.status).toBe(404);
    const list = await call<{ list: { id: number }[] }>(callers.admin, 'GET', '/api/admin/staff');
    expect(list.body.data.list.map((s) => s.id)).not.toContain(staffB.id);
    const auditB = await call<{ list: unknown[] }>(callers.otherAdmin, 'GET', '/api/admin/audit');
    expect(JSON.stringify(auditB.body.data.list)).not.toContain('新同事');
  });

  it.each([
    ['GET', '/api/admin/staff'],
    ['POST', '/api/admin/staff/add'],
    ['POST', '/api/admin/staff/update'],
    ['GET', '/api/admin/teams'],
    ['POST', '/api/admin/teams/add'],
    ['GET', '/api/admin/notices'],
    ['POST', '/api/admin/notices/add'],
    ['GET', '/api/admin/settings'],
    ['POST', '/api/admin/settings'],
    ['GET', '/api/admin/audit'],
  ] as const)(
    'refuses %s %s to a staff member without the grant, another principal, and no session',
    async (method, url) => {
      const valid: Record<string, Record<string, unknown>> = {
        '/api/admin/staff/add': { name: '某', phone: '13912345699' },
        '/api/admin/staff/update': { id: callers.adminA.id, name: '某' },
        '/api/admin/teams/add': { name: '某组' },
        '/api/admin/notices/add': { text: '某', starts_at: '2026-01-01T00:00:00+08:00' },
        '/api/admin/settings': { referral_protection_days: 9, over_limit_rate_bp: 1, over_limit_amount_fen: 1 },
      };
      const payload = method === 'POST' ? valid[url] : undefined;
      const refused = await call(callers.plain, method, url, payload);
      expect(refused.status).toBe(403);
      expect(refused.body.msg).toBe('仅公司管理员可使用后台管理');
      expect((await call(callers.platform, method, url, payload)).status).toBe(403);
      expect((await call(callers.partner, method, url, payload)).status).toBe(403);
      expect((await call('', method, url, payload)).status).toBe(401);
    },
  );

  it('lets the platform admin open a company with its first admin, who can then sign in to its back office', async () => {
    expect((await call(callers.admin, 'GET', '/api/admin/companies')).status).toBe(403);
    const opened = await call<{ id: number }>(callers.platform, 'POST', '/api/admin/companies/add', {
      name: 'C公司',
      admin_name: 'C管理员',
      admin_phone: '13912345610',
    });
    expect(opened.body).toMatchObject({ code: 0, data: { name: 'C公司', is_active: true, staff: 1 } });
    const companies = await call<{ id: number; name: string }[]>(callers.platform, 'GET', '/api/admin/companies');
    expect(companies.body.data.map((c) => c.name)).toContain('C公司');
    const closed = await call(callers.platform, 'POST', '/api/admin/companies/update', {
      id: opened.body.data.id,
      is_active: false,
    });
    expect(closed.body).toMatchObject({ code: 0, data: { is_active: false } });
    expect(
      (await call(callers.platform, 'POST', '/api/admin/companies/update', { id: 999999, name: 'x' })).status,
    ).toBe(404);
    // The login page's company list no longer offers the closed company.
    const corp = await test.app.inject({ method: 'GET', url: '/api/crm/corp' });
    expect(JSON.stringify(corp.json())).not.toContain('C公司');
  });
});
