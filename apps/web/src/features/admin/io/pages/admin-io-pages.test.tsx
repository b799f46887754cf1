import * as IO from '@crm/domain/endpoints/adminio';
import type { ExportStatus, ImportPreview, WecomSyncResult } from '@crm/domain/api/adminio';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answersOf, type AnswersOf, fail, findToast, network, ok, renderPage, tap } from '../../../../test/page.ts';
import { adminApi } from '../../../../test/admin-data.ts';
import { adminIoNav } from '../index.ts';

const ADMIN = { id: 50, job: [1], leader: false, name: '何管理' };
// Through the app's routes: each page inside the back office's frame, which asks whoami for the grant.
const open = (path: string, api: AnswersOf<typeof IO>) =>
  renderPage(path, { api: adminApi(answersOf(IO, api)), user: ADMIN, browser: 'desktop' });

const aPreview = (over: Partial<ImportPreview> = {}): ImportPreview => ({
  import_id: 'a'.repeat(32),
  kind: 'staff',
  columns: ['姓名', '手机号', '团队', '岗位', '组长', '性别'],
  total: 3,
  valid: 1,
  rows: [
    { row: 2, cells: ['陈一', '13600000001', '销售一组', '签约中心', '是', '女'] },
    { row: 3, cells: ['陈二', '1360000', '', '', '', ''] },
    { row: 4, cells: ['', '13600000003', '', '厨师', '', ''] },
  ],
  errors: [
    { row: 3, column: '手机号', message: '手机号码格式错误' },
    { row: 4, column: '姓名', message: '姓名必填' },
    { row: 4, column: '岗位', message: '岗位「厨师」无效' },
  ],
  existing: [],
  errors_url: `/api/admin/import/errors?import_id=${'a'.repeat(32)}`,
  ...over,
});

async function chooseFile(name = 'staff.xlsx') {
  const input = await screen.findByLabelText('Excel 文件');
  await act(async () => {
    fireEvent.change(input, { target: { files: [new File([new Uint8Array([0x50, 0x4b, 3, 4])], name)] } });
  });
}

describe('the back office pages of import, export and WeCom sync (decision 059)', () => {
  it('offers its three pages to the admin navigation', () => {
    expect(adminIoNav).toEqual([
      { label: '数据导入', path: '/admin/import' },
      { label: '数据导出', path: '/admin/export' },
      { label: '企业微信同步', path: '/admin/wecom-sync' },
    ]);
  });

  describe('/admin/import (数据导入)', () => {
    it('previews a file: the rows to import, the rows already there, every error by row, and the error file', async () => {
      const page = await open('/admin/import', {
        preview: ok(aPreview({ total: 4, existing: [{ row: 5, message: '该手机号已是本公司员工，跳过' }] })),
      });
      expect(await screen.findByText(/表格第一行须为：姓名、手机号、团队/)).toBeTruthy();
      await chooseFile();
      expect(await screen.findByText('共 4 行：可导入 1 行，已存在 1 行（跳过），有错误 2 行')).toBeTruthy();
      const errors = within(screen.getByRole('region', { name: /错误行/ }));
      const lines = errors
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent);
      expect(lines).toEqual(['3手机号手机号码格式错误', '4姓名姓名必填', '4岗位岗位「厨师」无效']);
      expect(errors.getByRole('link', { name: '下载错误行（.xlsx）' }).getAttribute('href')).toBe(
        `/api/admin/import/errors?import_id=${'a'.repeat(32)}`,
      );
      const skipped = within(screen.getByRole('region', { name: /已存在/ }));
      expect(skipped.getAllByRole('row')[1]?.textContent).toBe('5该手机号已是本公司员工，跳过');
      expect(within(screen.getByRole('region', { name: '前 3 行预览' })).getByText('陈一')).toBeTruthy();
      expect(page.api.lastCall(IO.preview).fields).toEqual({
        kind: 'staff',
        file: '[file staff.xlsx]',
      });
      expect(page.api.callsTo(IO.commit)).toHaveLength(0);
    });

    it('imports the good rows of a file with errors and shows the per-row result with the error file', async () => {
      const preview = aPreview();
      const page = await open('/admin/import', {
        preview: ok(preview),
        commit: ok(
          {
            import_id: preview.import_id,
            kind: 'staff',
            imported: 1,
            repeated: false,
            skipped: [],
            errors: preview.errors,
            failed: 2,
            errors_url: preview.errors_url,
          },
          '已导入 1 条，2 行有错误未导入',
        ),
      });
      await chooseFile();
      await tap(await screen.findByRole('button', { name: '导入无误的 1 行' }));
      expect(await findToast('已导入 1 条，2 行有错误未导入')).toBeTruthy();
      expect(page.api.lastCall(IO.commit).fields).toEqual({ import_id: preview.import_id });
      const result = within(await screen.findByRole('region', { name: '导入结果' }));
      expect(result.getByText('已导入 1 条，2 行有错误未导入，可以继续上传下一个文件')).toBeTruthy();
      expect(
        result
          .getAllByRole('row')
          .slice(1)
          .map((row) => row.textContent),
      ).toEqual(['3手机号手机号码格式错误', '4姓名姓名必填', '4岗位岗位「厨师」无效']);
      expect(result.getByRole('link', { name: '下载错误行（.xlsx）' }).getAttribute('href')).toBe(preview.errors_url);
      // The preview is gone: the same upload is not offered again.
      expect(screen.queryByRole('button', { name: /导入无误的/ })).toBeNull();
    });

    it('imports a clean client file and says how many; a file with nothing new cannot be imported', async () => {
      const clean = aPreview({ kind: 'clients', total: 2, valid: 2, errors: [], errors_url: null });
      const page = await open('/admin/import', {
        preview: ok(clean),
        commit: ok(
          {
            import_id: clean.import_id,
            kind: 'clients',
            imported: 2,
            repeated: false,
            skipped: [],
            errors: [],
            failed: 0,
            errors_url: null,
          },
          '已导入 2 条',
        ),
      });
      await tap(await screen.findByLabelText('客户（报单）'));
      expect(await screen.findByText(/客户姓名、手机号、身份证号/)).toBeTruthy();
      await chooseFile('clients.xlsx');
      expect(page.api.lastCall(IO.preview).fields.kind).toBe('clients');
      expect(screen.queryByRole('link', { name: '下载错误行（.xlsx）' })).toBeNull();
      await tap(await screen.findByRole('button', { name: '导入无误的 2 行' }));
      expect(await findToast('已导入 2 条')).toBeTruthy();
      expect(page.api.lastCall(IO.commit).fields).toEqual({ import_id: clean.import_id });
      expect(await screen.findByText(/已导入 2 条，可以继续上传下一个文件/)).toBeTruthy();

      page.api.set(
        answersOf(IO, {
          preview: ok(
            aPreview({
              kind: 'clients',
              total: 2,
              valid: 0,
              errors: [],
              errors_url: null,
              existing: [
                { row: 2, message: '该身份证号已有进行中的报单（业务员「陈一」跟进），跳过' },
                { row: 3, message: '该身份证号已有进行中的报单（业务员「陈一」跟进），跳过' },
              ],
            }),
          ),
        }),
      );
      await chooseFile('clients.xlsx');
      expect(await screen.findByText('共 2 行：可导入 0 行，已存在 2 行（跳过），有错误 0 行')).toBeTruthy();
      expect(screen.getByRole('button', { name: '导入无误的 0 行' }).hasAttribute('disabled')).toBe(true);
    });

    it("shows the server's refusal of a file, and a lost network", async () => {
      const page = await open('/admin/import', { preview: fail('文件不是 .xlsx 格式的表格') });
      await chooseFile('notes.csv');
      expect(await findToast('文件不是 .xlsx 格式的表格')).toBeTruthy();
      expect(screen.queryByRole('button', { name: '确认导入' })).toBeNull();
      page.api.set(answersOf(IO, { preview: network.offline() }));
      await chooseFile();
      expect(await findToast(network.message)).toBeTruthy();
    });

    it('shows a refused commit and keeps the preview', async () => {
      await open('/admin/import', {
        preview: ok(aPreview({ errors: [], valid: 3, errors_url: null })),
        commit: fail('导入期间数据被反复修改，未导入任何数据，请稍后重新上传'),
      });
      await chooseFile();
      await tap(await screen.findByRole('button', { name: '导入无误的 3 行' }));
      expect(await findToast('导入期间数据被反复修改，未导入任何数据，请稍后重新上传')).toBeTruthy();
      expect(screen.getByText('共 3 行：可导入 3 行，已存在 0 行（跳过），有错误 0 行')).toBeTruthy();
    });
  });

  describe('/admin/export (数据导出)', () => {
    const status = (over: Partial<ExportStatus>): ExportStatus => ({
      id: 'b'.repeat(32),
      kind: 'cases',
      status: 'running',
      rows_done: 0,
      rows_total: 10_000,
      download_url: null,
      message: '正在导出',
      ...over,
    });

    it('starts an export with the filters, shows its progress, then the download link', async () => {
      let polls = 0;
      const page = await open('/admin/export', {
        start: ok(status({})),
        status: () => {
          polls += 1;
          return polls < 2
            ? ok(status({ rows_done: 4000 }))
            : ok(
                status({
                  status: 'done',
                  rows_done: 10_000,
                  message: '导出完成',
                  download_url: '/api/admin/export/download?id=bbb&exp=1&sig=s',
                }),
              );
        },
      });
      fireEvent.change(await screen.findByLabelText('状态'), { target: { value: '3' } });
      fireEvent.change(screen.getByPlaceholderText('客户姓名或手机号'), { target: { value: '陈' } });
      await tap(screen.getByRole('button', { name: '开始导出' }));
      expect(page.api.lastCall(IO.start).fields).toEqual({
        kind: 'cases',
        status: '3',
        keyword: '陈',
      });
      expect(await screen.findByText('已导出 4000 / 10000 行')).toBeTruthy();
      const link = await screen.findByRole('link', { name: '下载文件' }, { timeout: 5000 });
      expect(link.getAttribute('href')).toBe('/api/admin/export/download?id=bbb&exp=1&sig=s');
      expect(screen.getByText('已导出 10000 / 10000 行')).toBeTruthy();
      expect(screen.getByRole('progressbar', { name: '已导出 10000 / 10000 行' }).getAttribute('aria-valuenow')).toBe(
        '100',
      );
      expect(page.api.lastCall(IO.status).query).toEqual({ id: 'b'.repeat(32) });
      expect(screen.getByText(/只显示前 3 位和后 4 位/)).toBeTruthy();
    });

    it('exports brokerage orders by their status', async () => {
      const page = await open('/admin/export', {
        start: ok(status({ kind: 'brokerage', rows_total: 0, status: 'done', message: '导出完成' })),
        status: ok(
          status({ kind: 'brokerage', rows_total: 0, status: 'done', message: '导出完成', download_url: '/dl' }),
        ),
      });
      await tap(await screen.findByLabelText('返佣单'));
      expect(screen.queryByPlaceholderText('客户姓名或手机号')).toBeNull();
      fireEvent.change(screen.getByLabelText('状态'), { target: { value: '1' } });
      await tap(screen.getByRole('button', { name: '开始导出' }));
      expect(page.api.lastCall(IO.start).fields).toEqual({ kind: 'brokerage', status: '1' });
      expect(await screen.findByRole('link', { name: '下载文件' })).toBeTruthy();
    });

    it('says when an export failed or was refused', async () => {
      const page = await open('/admin/export', { start: fail('没有后台管理权限', 403) });
      await tap(await screen.findByRole('button', { name: '开始导出' }));
      expect(await findToast('没有后台管理权限')).toBeTruthy();
      page.api.set(
        answersOf(IO, {
          start: ok(status({})),
          status: ok(status({ status: 'failed', rows_done: 2000, message: '导出中断，请重新导出' })),
        }),
      );
      await tap(screen.getByRole('button', { name: '开始导出' }));
      expect(await screen.findByText('导出中断，请重新导出')).toBeTruthy();
      expect(screen.queryByRole('link', { name: '下载文件' })).toBeNull();
      expect(screen.getByRole('button', { name: '重新导出' })).toBeTruthy();
    });
  });

  describe('/admin/wecom-sync (企业微信同步)', () => {
    const result: WecomSyncResult = {
      created: [{ id: 60, name: '陈新人', userid: 'chenxinren' }],
      updated: [{ id: 1, name: '王小明', userid: 'wangxiaoming', changes: ['团队'] }],
      disabled: [{ id: 9, name: '离职者', userid: 'gone' }],
      skipped: [{ id: null, name: '演示成员', userid: 'demo-wecom-user', reason: '企业微信未提供手机号' }],
      teams_created: ['销售五组'],
    };

    it('syncs on the button and lists what changed', async () => {
      const page = await open('/admin/wecom-sync', { wecomSync: ok(result) });
      await tap(await screen.findByRole('button', { name: '企业微信同步' }));
      expect(await findToast('同步完成')).toBeTruthy();
      expect(within(screen.getByRole('region', { name: '新增' })).getByText(/陈新人（chenxinren）/)).toBeTruthy();
      expect(
        within(screen.getByRole('region', { name: '更新' })).getByText(/王小明（wangxiaoming）：团队/),
      ).toBeTruthy();
      expect(within(screen.getByRole('region', { name: '停用' })).getByText(/离职者/)).toBeTruthy();
      expect(within(screen.getByRole('region', { name: '未处理' })).getByText(/企业微信未提供手机号/)).toBeTruthy();
      expect(screen.getByText('新建团队：销售五组')).toBeTruthy();
      expect(page.api.lastCall(IO.wecomSync).method).toBe('POST');
    });

    it("shows WeCom's failure", async () => {
      await open('/admin/wecom-sync', { wecomSync: fail('企业微信通讯录读取失败，请稍后重试') });
      await tap(await screen.findByRole('button', { name: '企业微信同步' }));
      expect(await findToast('企业微信通讯录读取失败，请稍后重试')).toBeTruthy();
      expect(screen.queryByRole('region', { name: '新增' })).toBeNull();
    });
  });
});
