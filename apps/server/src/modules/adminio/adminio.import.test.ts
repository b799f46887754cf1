import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportCommit, ImportPreview } from '@crm/domain/api/adminio';
import { auditLog } from '../../db/schema/admin.ts';
import { clients } from '../../db/schema/cases.ts';
import { signTasks } from '../../db/schema/sign.ts';
import { staff } from '../../db/schema/staff.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createCase } from '../../test/factories-house.ts';
import { createAdmin, createCompany, createStaff, createTeam } from '../../test/factories.ts';
import {
  backOfficeCallers,
  type BackOfficeCallers,
  call,
  clientRow,
  idNumber,
  sheet,
  staffRow,
  upload,
} from './adminio.test-helpers.ts';

describe('the back office XLSX import (/api/admin/import)', () => {
  let test: TestApp;
  let callers: BackOfficeCallers;
  let corpA: { id: number };
  let seller: { id: number; corpId: number; phone: string; teamId: number | null };

  const rowsOf = async (table: typeof clients | typeof staff, corpId: number) =>
    (await test.db.select({ n: count() }).from(table).where(eq(table.corpId, corpId)))[0]?.n ?? 0;

  beforeAll(async () => {
    test = await buildTestApp();
    corpA = await createCompany(test.db, 'A公司');
    const team = await createTeam(test.db, corpA.id, '销售一组');
    const adminA = await createAdmin(test.db, corpA.id, { name: 'A管理员' });
    seller = await createStaff(test.db, corpA.id, { name: 'A业务员', teamId: team.id });
    callers = await backOfficeCallers(test, { admin: adminA, plain: seller });
  });
  afterAll(() => test.close());

  it('refuses a 1,000-row client file with 3 bad rows, naming their rows, and writes nothing; the fixed file imports every row', async () => {
    const rows = Array.from({ length: 1000 }, (_, i) => clientRow(i, seller.phone));
    const good = rows.map((row) => [...row]);
    // Sheet rows 2 + i: a wrong check digit on row 102, a bad phone on row 502, row 902 repeats row 2's ID number.
    rows[100]![2] = `${idNumber(100).slice(0, 17)}${idNumber(100).endsWith('0') ? '1' : '0'}`;
    rows[500]![1] = '1234567';
    rows[900]![2] = idNumber(0);
    const clientsBefore = await rowsOf(clients, corpA.id);

    const preview = await upload<ImportPreview>(test, callers.admin, 'clients', await sheet('clients', rows));
    expect(preview.body.code).toBe(0);
    expect(preview.body.data).toMatchObject({ kind: 'clients', total: 1000, valid: 997 });
    expect(preview.body.data.rows).toHaveLength(20);
    expect(preview.body.data.rows[0]).toEqual({ row: 2, cells: good[0] });
    expect(preview.body.data.errors).toEqual([
      { row: 102, column: '身份证号', message: '身份证号码校验失败，请核对' },
      { row: 502, column: '手机号', message: '手机号码格式错误' },
      { row: 902, column: '身份证号', message: '与第 2 行的身份证号重复' },
    ]);

    const refused = await call(test, callers.admin, 'POST', '/api/admin/import/commit', {
      import_id: preview.body.data.import_id,
    });
    expect(refused.body).toEqual({ code: 1, msg: '文件中有 3 处错误，未导入任何数据，请修改后重新上传', data: null });
    expect(await rowsOf(clients, corpA.id)).toBe(clientsBefore);

    const fixed = await upload<ImportPreview>(test, callers.admin, 'clients', await sheet('clients', good));
    expect(fixed.body.data).toMatchObject({ total: 1000, valid: 1000, errors: [] });
    const committed = await call<ImportCommit>(test, callers.admin, 'POST', '/api/admin/import/commit', {
      import_id: fixed.body.data.import_id,
    });
    expect(committed.body).toMatchObject({ code: 0, msg: '已导入 1000 条', data: { imported: 1000, repeated: false } });
    expect(await rowsOf(clients, corpA.id)).toBe(clientsBefore + 1000);
    // Each imported case is the seller's, in 签约中 with its task in the signing centre, like a new case.
    const [one] = await test.db
      .select()
      .from(clients)
      .where(and(eq(clients.corpId, corpA.id), eq(clients.idNumber, idNumber(7))));
    expect(one).toMatchObject({
      ownerId: seller.id,
      teamId: seller.teamId,
      status: 1,
      amountFen: 5_000_000,
      termMonths: 12,
    });
    const tasks = await test.db.select({ n: count() }).from(signTasks).where(eq(signTasks.clientId, one!.id));
    expect(tasks[0]?.n).toBe(1);

    // The same upload committed again imports nothing twice.
    const again = await call<ImportCommit>(test, callers.admin, 'POST', '/api/admin/import/commit', {
      import_id: fixed.body.data.import_id,
    });
    expect(again.body).toMatchObject({
      code: 0,
      msg: '该文件已导入过，未重复导入',
      data: { imported: 1000, repeated: true },
    });
    expect(await rowsOf(clients, corpA.id)).toBe(clientsBefore + 1000);
    const audited = await test.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.corpId, corpA.id), eq(auditLog.action, 'import.clients')));
    expect(audited).toHaveLength(1);
    expect(audited[0]?.after).toMatchObject({ import_id: fixed.body.data.import_id, imported: 1000 });

    // Uploaded again now, the same file meets its own open cases.
    const third = await upload<ImportPreview>(test, callers.admin, 'clients', await sheet('clients', good.slice(0, 2)));
    expect(third.body.data.errors).toEqual([
      { row: 2, column: '身份证号', message: '该身份证号已有进行中的报单，由业务员「A业务员」跟进' },
      { row: 3, column: '身份证号', message: '该身份证号已有进行中的报单，由业务员「A业务员」跟进' },
    ]);
  }, 120_000);

  it('imports staff with teams, jobs and leader flags, checking every row like the staff form', async () => {
    const rows = [
      staffRow(1, { 2: '销售一组', 3: '签约中心、客服协助', 4: '是', 5: '女' }),
      staffRow(2, { 1: seller.phone }),
      staffRow(3, { 2: '不存在的组', 3: '厨师', 4: '也许', 5: '未知' }),
      staffRow(4, { 0: '', 1: '136000000011' }),
      staffRow(5, { 1: staffRow(1)[1]! }),
    ];
    const preview = await upload<ImportPreview>(test, callers.admin, 'staff', await sheet('staff', rows));
    expect(preview.body.data).toMatchObject({ total: 5, valid: 1 });
    expect(preview.body.data.errors).toEqual([
      { row: 3, column: '手机号', message: '该手机号已是本公司员工' },
      { row: 4, column: '团队', message: '团队「不存在的组」不存在，请先在后台添加' },
      { row: 4, column: '岗位', message: expect.stringContaining('岗位「厨师」无效') },
      { row: 4, column: '组长', message: '组长一栏填“是”或“否”' },
      { row: 4, column: '性别', message: '性别一栏填“男”或“女”' },
      { row: 5, column: '姓名', message: '姓名必填' },
      { row: 5, column: '手机号', message: '手机号码格式错误' },
      { row: 6, column: '手机号', message: '与第 2 行的手机号重复' },
    ]);
    const refused = await call(test, callers.admin, 'POST', '/api/admin/import/commit', {
      import_id: preview.body.data.import_id,
    });
    expect(refused.body.code).toBe(1);
    const staffBefore = await rowsOf(staff, corpA.id);

    const ok = await upload<ImportPreview>(test, callers.admin, 'staff', await sheet('staff', [rows[0]!, staffRow(6)]));
    expect(ok.body.data.errors).toEqual([]);
    const committed = await call(test, callers.admin, 'POST', '/api/admin/import/commit', {
      import_id: ok.body.data.import_id,
    });
    expect(committed.body).toMatchObject({ code: 0, data: { imported: 2 } });
    expect(await rowsOf(staff, corpA.id)).toBe(staffBefore + 2);
    const list = await call<{ list: { name: string; jobs: number[]; is_leader: boolean; team_name: string | null }[] }>(
      test,
      callers.admin,
      'GET',
      '/api/admin/staff',
      { q: '导入员工1' },
    );
    expect(list.body.data.list).toEqual([
      expect.objectContaining({ name: '导入员工1', jobs: [2, 3], is_leader: true, team_name: '销售一组' }),
    ]);
  });

  it('a commit that meets a change made since the preview writes nothing', async () => {
    const preview = await upload<ImportPreview>(
      test,
      callers.admin,
      'clients',
      await sheet('clients', [
        clientRow(1, seller.phone).map((c, i) => (i === 2 ? idNumber(1, 1990) : c)),
        clientRow(2, seller.phone).map((c, i) => (i === 2 ? idNumber(2, 1990) : c)),
      ]),
    );
    expect(preview.body.data.errors).toEqual([]);
    // Meanwhile someone takes the second client in as a case.
    await createCase(test.db, corpA.id, seller.id, { idNumber: idNumber(2, 1990), status: 1 });
    const before = await rowsOf(clients, corpA.id);
    const commit = await call(test, callers.admin, 'POST', '/api/admin/import/commit', {
      import_id: preview.body.data.import_id,
    });
    expect(commit.body).toEqual({ code: 1, msg: '文件中有 1 处错误，未导入任何数据，请修改后重新上传', data: null });
    expect(await rowsOf(clients, corpA.id)).toBe(before);
  });

  it('two commits of one upload at once import it once (the row lock; meaningful on PostgreSQL)', async () => {
    const rows = Array.from({ length: 30 }, (_, i) => staffRow(300 + i));
    const preview = await upload<ImportPreview>(test, callers.admin, 'staff', await sheet('staff', rows));
    const before = await rowsOf(staff, corpA.id);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        call<ImportCommit>(test, callers.admin, 'POST', '/api/admin/import/commit', {
          import_id: preview.body.data.import_id,
        }),
      ),
    );
    expect(answers.map((a) => a.body.code)).toEqual([0, 0, 0, 0]);
    expect(answers.filter((a) => !a.body.data.repeated)).toHaveLength(1);
    expect(await rowsOf(staff, corpA.id)).toBe(before + 30);
  });

  it('checks the upload itself: a file, an XLSX by its bytes, the template header, rows, the size', async () => {
    expect((await upload(test, callers.admin, 'clients', null)).body).toEqual({
      code: 1,
      msg: '请选择要导入的文件',
      data: null,
    });
    const csv = Buffer.from('客户姓名,手机号\n张三,13800000001\n');
    expect((await upload(test, callers.admin, 'clients', csv)).body).toMatchObject({
      code: 1,
      msg: '文件不是 .xlsx 格式的表格',
    });
    const brokenZip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 7)]);
    expect((await upload(test, callers.admin, 'clients', brokenZip)).body.msg).toMatch(/文件无法读取/);
    const wrongHeader = await upload(
      test,
      callers.admin,
      'staff',
      await sheet('clients', [clientRow(1, seller.phone)]),
    );
    expect(wrongHeader.body).toMatchObject({ code: 1, msg: expect.stringContaining('表头应为：姓名、手机号、团队') });
    expect((await upload(test, callers.admin, 'staff', await sheet('staff', []))).body.msg).toBe('表格中没有数据行');
    expect((await upload(test, callers.admin, 'people', await sheet('staff', [staffRow(9)]))).body.code).toBe(1);
    const big = await upload(
      test,
      callers.admin,
      'staff',
      Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(2 * 1024 * 1024 + 10)]),
    );
    expect(big).toMatchObject({ status: 413, body: { code: 1, msg: '文件不能超过 2 MB' } });
    const badId = await call(test, callers.admin, 'POST', '/api/admin/import/commit', { import_id: 'not-an-id' });
    expect(badId.body).toMatchObject({ code: 1, msg: '导入编号无效' });
  });

  it("keeps an upload to its company and its admins: another company's admin, a salesperson, a partner", async () => {
    const preview = await upload<ImportPreview>(test, callers.admin, 'staff', await sheet('staff', [staffRow(20)]));
    const id = preview.body.data.import_id;
    const foreign = await call(test, callers.otherAdmin, 'POST', '/api/admin/import/commit', { import_id: id });
    expect(foreign).toMatchObject({ status: 404, body: { code: 404, msg: '导入记录不存在，请重新上传', data: null } });
    const seller403 = await call(test, callers.plain, 'POST', '/api/admin/import/commit', { import_id: id });
    expect(seller403.status).toBe(403);
    expect((await upload(test, callers.plain, 'staff', await sheet('staff', [staffRow(21)]))).status).toBe(403);
    const partnerCall = await call(test, callers.partner, 'POST', '/api/admin/import/commit', { import_id: id });
    expect([401, 403]).toContain(partnerCall.status);
    // Nothing was imported by any of them.
    expect(
      (await call<{ list: unknown[] }>(test, callers.admin, 'GET', '/api/admin/staff', { q: '导入员工20' })).body.data
        .list,
    ).toEqual([]);
  });
});
