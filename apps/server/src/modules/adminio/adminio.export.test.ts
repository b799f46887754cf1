import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExportStatus } from '@crm/domain/api/adminio';
import { auditLog } from '../../db/schema/admin.ts';
import { houseBrokerageOrders } from '../../db/schema/house.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createBrokerageUser, createHouseClient } from '../../test/factories-house.ts';
import { createAdmin, createCompany, createStaff, createTeam } from '../../test/factories.ts';
import { staffCookie } from '../../test/sessions.ts';
import { backOfficeCallers, type BackOfficeCallers, call } from './adminio.test-helpers.ts';
import { resealAll } from '../../pii/reseal.ts';

/** The rows of an XLSX as text, the header first. */
async function sheetRows(bytes: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  const rows: string[][] = [];
  workbook.worksheets[0]?.eachRow((row) => {
    rows.push((row.values as (string | number | null | undefined)[]).slice(1).map((value) => String(value ?? '')));
  });
  return rows;
}

describe('the back office XLSX export (/api/admin/export)', () => {
  let test: TestApp;
  let callers: BackOfficeCallers;
  let corpA: { id: number };
  let financeAdmin: string;
  let sameCompanyAdmin: string;
  let adminA: { id: number; corpId: number };
  let seller: { id: number; corpId: number };

  beforeAll(async () => {
    test = await buildTestApp();
    corpA = await createCompany(test.db, 'A公司');
    const team = await createTeam(test.db, corpA.id, '销售一组');
    adminA = await createAdmin(test.db, corpA.id, { name: 'A管理员', teamId: team.id });
    const finance = await createAdmin(test.db, corpA.id, { name: 'A财务管理员', jobs: [4] });
    const second = await createAdmin(test.db, corpA.id, { name: 'A另一管理员' });
    seller = await createStaff(test.db, corpA.id, { name: 'A业务员', teamId: team.id });
    callers = await backOfficeCallers(test, { admin: adminA, plain: seller });
    const { corpB, adminB } = callers;
    financeAdmin = await staffCookie(test, finance);
    sameCompanyAdmin = await staffCookie(test, second);
    // 10,000 cases in one statement: every tenth the admin's own, the rest the seller's; B has cases too.
    await test.db.execute(sql`
      insert into clients (corp_id, owner_id, team_id, name, phone, id_number, bank_card, amount_fen, term_months, status)
      select ${corpA.id}::int, case when g % 10 = 0 then ${adminA.id}::int else ${seller.id}::int end, ${team.id}::int, '导出客户' || g,
        '137' || lpad(g::text, 8, '0'), '3101011985010' || lpad(g::text, 5, '0'), '62220212345' || lpad(g::text, 8, '0'),
        100000 + g, 12, case when g % 2 = 0 then 1 else 3 end
      from generate_series(1, 10000) g`);
    await test.db.execute(sql`
      insert into clients (corp_id, owner_id, name, phone, status)
      select ${corpB.id}::int, ${adminB.id}::int, 'B公司客户' || g, '13900000000', 1 from generate_series(1, 5) g`);
    // Written in plain SQL, as rows from before sealing were: start-up's sweep seals them (decision 074).
    await resealAll(test.db);
  });
  afterAll(() => test.close());

  /** Polls the export until it is no longer running, keeping every progress figure seen. */
  async function follow(cookie: string, id: string) {
    const seen: number[] = [];
    for (let i = 0; i < 2000; i += 1) {
      const status = await call<ExportStatus>(test, cookie, 'GET', '/api/admin/export/status', { id });
      expect(status.body.code).toBe(0);
      seen.push(status.body.data.rows_done);
      if (status.body.data.status !== 'running') return { last: status.body.data, seen };
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    throw new Error('the export never finished');
  }

  it('exports 10,000 cases with progress, masking the numbers of cases that are not the caller’s', async () => {
    const started = await call<ExportStatus>(test, callers.admin, 'POST', '/api/admin/export/start', { kind: 'cases' });
    expect(started.body).toMatchObject({ code: 0, data: { kind: 'cases', rows_total: 10_000, download_url: null } });
    const { last, seen } = await follow(callers.admin, started.body.data.id);
    expect(last).toMatchObject({ status: 'done', rows_done: 10_000, rows_total: 10_000, message: '导出完成' });
    // The page saw the export move: at least one figure between none and all.
    expect(seen.some((n) => n > 0 && n < 10_000)).toBe(true);
    expect(last.download_url).toMatch(/^\/api\/admin\/export\/download\?id=[0-9a-f]{32}&exp=\d+&sig=/);

    const file = await test.app.inject({ method: 'GET', url: last.download_url!, headers: { cookie: callers.admin } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    expect(file.headers['content-disposition']).toContain('attachment');
    const rows = await sheetRows(file.rawPayload);
    expect(rows).toHaveLength(10_001);
    expect(rows[0]?.slice(0, 5)).toEqual(['编号', '客户姓名', '手机号', '身份证号', '银行卡号']);
    const byName = new Map(rows.map((row) => [row[1], row]));
    // The seller's case: masked (phone first 3 / last 4, ID first 6 / last 4, card last 4); the admin's own: in full.
    expect(byName.get('导出客户7')?.slice(2, 8)).toEqual([
      '137****0007',
      '310101********0007',
      '***************0007',
      '1000.07',
      '12',
      '审批中',
    ]);
    expect(byName.get('导出客户10')?.slice(2, 5)).toEqual(['13700000010', '310101198501000010', '6222021234500000010']);
    expect(rows.some((row) => row[1]?.startsWith('B公司'))).toBe(false);

    // The link is its requester's alone: another admin of the company, with it, gets nothing.
    const stolen = await test.app.inject({
      method: 'GET',
      url: last.download_url!,
      headers: { cookie: sameCompanyAdmin },
    });
    expect(stolen.json()).toEqual({ code: 1, msg: '下载链接已失效，请回到导出页面重新下载', data: null });
    const forged = await test.app.inject({
      method: 'GET',
      url: last.download_url!.replace(/sig=[^&]+/, 'sig=AAAA'),
      headers: { cookie: callers.admin },
    });
    expect(forged.json()).toMatchObject({ code: 1 });
    const notTheirs = await call(test, sameCompanyAdmin, 'GET', '/api/admin/export/status', { id: last.id });
    expect(notTheirs).toMatchObject({ status: 404, body: { msg: '导出记录不存在' } });
    const audited = await test.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} = 'export.cases'`);
    expect(audited.map((row) => row.after)).toEqual([expect.objectContaining({ rows: 10_000 })]);
  }, 120_000);

  it('exports with the case list’s filters', async () => {
    const started = await call<ExportStatus>(test, callers.admin, 'POST', '/api/admin/export/start', {
      kind: 'cases',
      status: 3,
      owner_id: adminA.id,
    });
    // Status 3 is every odd case, the admin's are every tenth (even): none of them; then the keyword.
    expect(started.body.data.rows_total).toBe(0);
    const keyword = await call<ExportStatus>(test, callers.admin, 'POST', '/api/admin/export/start', {
      kind: 'cases',
      keyword: '导出客户999',
    });
    expect(keyword.body.data.rows_total).toBe(11); // 999 and 9990…9999
    const { last } = await follow(callers.admin, keyword.body.data.id);
    const file = await test.app.inject({ method: 'GET', url: last.download_url!, headers: { cookie: callers.admin } });
    expect((await sheetRows(file.rawPayload)).length).toBe(12);
  });

  it('exports brokerage orders, the receiver’s card in full only for the order list’s readers (finance)', async () => {
    const houseClient = await createHouseClient(test.db, corpA.id, seller.id, { name: '房贷客户甲' });
    const receiver = await createBrokerageUser(test.db, corpA.id, seller.id, {
      name: '收款人甲',
      phone: '13911112222',
      bankCard: '6225880012345678',
    });
    await test.db.insert(houseBrokerageOrders).values({
      corpId: corpA.id,
      houseClientId: houseClient.id,
      brokerageUserId: receiver.id,
      amountFen: 123_456,
      rateBp: 150,
      createdBy: seller.id,
    });
    const cardOf = async (cookie: string) => {
      const started = await call<ExportStatus>(test, cookie, 'POST', '/api/admin/export/start', { kind: 'brokerage' });
      expect(started.body.data.rows_total).toBe(1);
      const { last } = await follow(cookie, started.body.data.id);
      const file = await test.app.inject({ method: 'GET', url: last.download_url!, headers: { cookie } });
      const rows = await sheetRows(file.rawPayload);
      expect(rows[1]?.slice(1, 3)).toEqual(['房贷客户甲', '收款人甲']);
      expect(rows[1]?.slice(6, 9)).toEqual(['1234.56', '1.50%', '待打款']);
      return rows[1]?.slice(3, 6);
    };
    expect(await cardOf(callers.admin)).toEqual(['139****2222', '招商银行', '************5678']);
    expect(await cardOf(financeAdmin)).toEqual(['13911112222', '招商银行', '6225880012345678']);
  });

  it('refuses bad input, other companies, non-admins and other principals', async () => {
    expect(
      (await call(test, callers.admin, 'POST', '/api/admin/export/start', { kind: 'everything' })).body,
    ).toMatchObject({
      code: 1,
      msg: '请选择导出内容',
    });
    expect((await call(test, callers.admin, 'GET', '/api/admin/export/status', { id: '12' })).body).toMatchObject({
      code: 1,
      msg: '导出编号无效',
    });
    const mine = await call<ExportStatus>(test, callers.admin, 'POST', '/api/admin/export/start', {
      kind: 'brokerage',
    });
    await follow(callers.admin, mine.body.data.id);
    const foreign = await call(test, callers.otherAdmin, 'GET', '/api/admin/export/status', { id: mine.body.data.id });
    expect(foreign.status).toBe(404);
    expect((await call(test, callers.plain, 'POST', '/api/admin/export/start', { kind: 'cases' })).status).toBe(403);
    expect((await call(test, callers.plain, 'GET', '/api/admin/export/status', { id: mine.body.data.id })).status).toBe(
      403,
    );
    expect([401, 403]).toContain(
      (await call(test, callers.partner, 'POST', '/api/admin/export/start', { kind: 'cases' })).status,
    );
  });
});
