import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_COLUMNS, type ImportCommit, type ImportPreview } from '@crm/domain/api/adminio';
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
import { readSheet, writeSheet, XLSX_CONTENT_TYPE } from './xlsx.ts';
import { clientsWith } from '../../test/factories-cases.ts';

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

  const commit = (importId: string) =>
    call<ImportCommit>(test, callers.admin, 'POST', '/api/admin/import/commit', { import_id: importId });

  it('imports the 997 good rows of a 1,000-row client file and lists the 3 bad ones by row, with why; the error file, fixed, imports them; the same file again adds nothing', async () => {
    const rows = Array.from({ length: 1000 }, (_, i) => clientRow(i, seller.phone));
    const good = rows.map((row) => [...row]);
    // Sheet rows 2 + i: a wrong check digit on row 102, a bad phone on row 502, row 902 repeats row 2's ID number.
    rows[100]![2] = `${idNumber(100).slice(0, 17)}${idNumber(100).endsWith('0') ? '1' : '0'}`;
    rows[500]![1] = '1234567';
    rows[900]![2] = idNumber(0);
    const clientsBefore = await rowsOf(clients, corpA.id);

    const preview = await upload<ImportPreview>(test, callers.admin, 'clients', await sheet('clients', rows));
    expect(preview.body.code).toBe(0);
    const importId = preview.body.data.import_id;
    expect(preview.body.data).toMatchObject({ kind: 'clients', total: 1000, valid: 997, existing: [] });
    expect(preview.body.data.rows).toHaveLength(20);
    expect(preview.body.data.rows[0]).toEqual({ row: 2, cells: good[0] });
    const listed = [
      { row: 102, column: '身份证号', message: '身份证号码校验失败，请核对' },
      { row: 502, column: '手机号', message: '手机号码格式错误' },
      { row: 902, column: '身份证号', message: '与第 2 行的身份证号重复' },
    ];
    expect(preview.body.data.errors).toEqual(listed);
    expect(preview.body.data.errors_url).toBe(`/api/admin/import/errors?import_id=${importId}`);

    const committed = await commit(importId);
    expect(committed.body).toEqual({
      code: 0,
      msg: '已导入 997 条，3 行有错误未导入',
      data: {
        import_id: importId,
        kind: 'clients',
        imported: 997,
        repeated: false,
        skipped: [],
        errors: listed,
        failed: 3,
        errors_url: `/api/admin/import/errors?import_id=${importId}`,
      },
    });
    expect(await rowsOf(clients, corpA.id)).toBe(clientsBefore + 997);
    // Each imported case is the seller's, in 签约中 with its task in the signing centre, like a new case.
    const [one] = await clientsWith(test.db, { corpId: corpA.id, idNumber: idNumber(7) });
    expect(one).toMatchObject({
      ownerId: seller.id,
      teamId: seller.teamId,
      status: 1,
      amountFen: 5_000_000,
      termMonths: 12,
    });
    const tasks = await test.db.select({ n: count() }).from(signTasks).where(eq(signTasks.clientId, one!.id));
    expect(tasks[0]?.n).toBe(1);

    // The same upload committed again imports nothing twice. Row 902's client is now there (row 2's): skipped.
    const again = await commit(importId);
    expect(again.body).toMatchObject({
      code: 0,
      msg: '该文件已导入过，未重复导入',
      data: {
        imported: 997,
        repeated: true,
        failed: 2,
        skipped: expect.arrayContaining([{ row: 902, message: expect.any(String) }]),
      },
    });
    expect(await rowsOf(clients, corpA.id)).toBe(clientsBefore + 997);

    // The rows still in error download as an XLSX: the template's columns, then why, row by row.
    const download = await test.app.inject({
      method: 'GET',
      url: preview.body.data.errors_url!,
      headers: { cookie: callers.admin },
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
    expect(download.headers['content-disposition']).toContain(encodeURIComponent('客户导入错误行'));
    const errorFile = await readSheet(download.rawPayload, IMPORT_COLUMNS.clients.length + 1, 100);
    if (errorFile === 'too-many') throw new Error('too many rows');
    expect(errorFile.header).toEqual([...IMPORT_COLUMNS.clients, '错误原因']);
    expect(errorFile.rows.map((row) => row.cells.at(-1))).toEqual([
      '第 102 行：身份证号：身份证号码校验失败，请核对',
      '第 502 行：手机号：手机号码格式错误',
    ]);
    expect(errorFile.rows[1]?.cells.slice(0, 8)).toEqual(rows[500]);
    // Another company's admin cannot read it.
    const foreign = await test.app.inject({
      method: 'GET',
      url: preview.body.data.errors_url!,
      headers: { cookie: callers.otherAdmin },
    });
    expect(foreign.statusCode).toBe(404);

    // Fixed in the file itself (the 错误原因 column left in), it imports again.
    const fixed = errorFile.rows.map((row) => row.cells);
    fixed[0]![2] = idNumber(100);
    fixed[1]![1] = '13912345678';
    const reimport = await upload<ImportPreview>(
      test,
      callers.admin,
      'clients',
      await writeSheet([...IMPORT_COLUMNS.clients, '错误原因'], fixed),
    );
    expect(reimport.body.data).toMatchObject({ total: 2, valid: 2, errors: [], existing: [], errors_url: null });
    expect((await commit(reimport.body.data.import_id)).body).toMatchObject({
      code: 0,
      msg: '已导入 2 条',
      data: { imported: 2, failed: 0, errors_url: null },
    });
    expect(await rowsOf(clients, corpA.id)).toBe(clientsBefore + 999);

    // The whole file uploaded and imported again adds nothing: every row is there (by ID number) or in error.
    const twice = await upload<ImportPreview>(test, callers.admin, 'clients', await sheet('clients', rows));
    expect(twice.body.data).toMatchObject({ total: 1000, valid: 0 });
    expect(twice.body.data.existing).toHaveLength(999);
    expect(twice.body.data.existing[0]).toEqual({
      row: 2,
      message: '该身份证号已有进行中的报单（业务员「A业务员」跟进），跳过',
    });
    expect((await commit(twice.body.data.import_id)).body).toMatchObject({
      code: 0,
      data: { imported: 0, failed: 1, repeated: false },
    });
    expect(await rowsOf(clients, corpA.id)).toBe(clientsBefore + 999);
    const audited = await test.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.corpId, corpA.id), eq(auditLog.action, 'import.clients')));
    expect(audited).toHaveLength(3);
    expect(audited[0]?.after).toMatchObject({ import_id: importId, imported: 997, skipped: 0, failed: 3 });
  }, 180_000);

  it('imports the good staff rows with teams, jobs and leader flags, skips staff already there, lists the rest', async () => {
    const rows = [
      staffRow(1, { 2: '销售一组', 3: '签约中心、客服协助', 4: '是', 5: '女' }),
      staffRow(2, { 1: seller.phone }),
      staffRow(3, { 2: '不存在的组', 3: '厨师', 4: '也许', 5: '未知' }),
      staffRow(4, { 0: '', 1: '136000000011' }),
      staffRow(5, { 1: staffRow(1)[1]! }),
    ];
    const staffBefore = await rowsOf(staff, corpA.id);
    const preview = await upload<ImportPreview>(test, callers.admin, 'staff', await sheet('staff', rows));
    expect(preview.body.data).toMatchObject({ total: 5, valid: 1 });
    expect(preview.body.data.existing).toEqual([{ row: 3, message: '该手机号已是本公司员工，跳过' }]);
    expect(preview.body.data.errors).toEqual([
      { row: 4, column: '团队', message: '团队「不存在的组」不存在，请先在后台添加' },
      { row: 4, column: '岗位', message: expect.stringContaining('岗位「厨师」无效') },
      { row: 4, column: '组长', message: '组长一栏填“是”或“否”' },
      { row: 4, column: '性别', message: '性别一栏填“男”或“女”' },
      { row: 5, column: '姓名', message: '姓名必填' },
      { row: 5, column: '手机号', message: '手机号码格式错误' },
      { row: 6, column: '手机号', message: '与第 2 行的手机号重复' },
    ]);
    const committed = await commit(preview.body.data.import_id);
    expect(committed.body).toMatchObject({
      code: 0,
      msg: '已导入 1 条，已存在跳过 1 条，3 行有错误未导入',
      data: { imported: 1, failed: 3, skipped: [{ row: 3, message: '该手机号已是本公司员工，跳过' }] },
    });
    expect(await rowsOf(staff, corpA.id)).toBe(staffBefore + 1);

    // The same people again with one new: only the new one is added.
    const ok = await upload<ImportPreview>(test, callers.admin, 'staff', await sheet('staff', [rows[0]!, staffRow(6)]));
    expect(ok.body.data).toMatchObject({ valid: 1, errors: [], existing: [{ row: 2 }] });
    expect((await commit(ok.body.data.import_id)).body).toMatchObject({ code: 0, data: { imported: 1 } });
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

  it('a commit that meets a change made since the preview skips the row now there and imports the rest', async () => {
    const preview = await upload<ImportPreview>(
      test,
      callers.admin,
      'clients',
      await sheet('clients', [
        clientRow(1, seller.phone).map((c, i) => (i === 2 ? idNumber(1, 1990) : c)),
        clientRow(2, seller.phone).map((c, i) => (i === 2 ? idNumber(2, 1990) : c)),
      ]),
    );
    expect(preview.body.data).toMatchObject({ valid: 2, errors: [], existing: [] });
    // Meanwhile someone takes the second client in as a case.
    await createCase(test.db, corpA.id, seller.id, { idNumber: idNumber(2, 1990), status: 1 });
    const before = await rowsOf(clients, corpA.id);
    expect((await commit(preview.body.data.import_id)).body).toMatchObject({
      code: 0,
      msg: '已导入 1 条，已存在跳过 1 条',
      data: { imported: 1, skipped: [{ row: 3 }], errors: [] },
    });
    expect(await rowsOf(clients, corpA.id)).toBe(before + 1);
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
