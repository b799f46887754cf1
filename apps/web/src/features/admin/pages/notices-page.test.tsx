import * as E from '@crm/domain/endpoints/admin';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fill, openAdmin, rowOf, sentJson, tapToToast, type AdminApi } from '../test-kit.ts';
import { aNotice } from '../../../test/admin-data.ts';
import { fail, ok, tap } from '../../../test/page.ts';
import { showsOnLoad } from '../../../test/steps-list.ts';
import { retriesFailedLoad } from '../../../test/steps-load.ts';

const open = (api: AdminApi) => openAdmin('/admin/notices', api);

describe('/admin/notices', () => {
  it('lists the home banner notices with their level and period', async () => {
    await open({
      noticesList: ok([
        aNotice(),
        aNotice({ id: 4, text: '系统升级', status: 'error', ends_at: '2026-12-01T00:00:00.000Z' }),
      ]),
    });
    const row = await rowOf('本周六系统维护');
    expect(row.getByText('提醒')).toBeTruthy();
    expect(row.getByText('长期')).toBeTruthy();
    expect(within(screen.getByText('系统升级').closest('tr') as HTMLElement).getByText('紧急')).toBeTruthy();
  });

  it('says so when there is no notice', async () => {
    await showsOnLoad(open, E.noticesList, ok([]), '还没有公告');
  });

  it('shows a failed load with a retry', async () => {
    await retriesFailedLoad(open, E.noticesList, ok([aNotice()]), '本周六系统维护');
  });

  it('publishes a notice with its start time as an ISO time', async () => {
    const view = await open({ noticesList: ok([]), noticesAdd: ok(aNotice(), '已添加') });
    const form = within(await screen.findByRole('region', { name: '发布公告' }));
    fill(form, { 公告内容: '本周六系统维护', 级别: 'warning' });
    await tap(form.getByRole('button', { name: '添加' }));
    expect(await form.findByText('请填写开始时间')).toBeTruthy();
    fireEvent.change(form.getByLabelText('开始时间'), { target: { value: '2026-12-01T09:00' } });
    await tapToToast(form, '添加', '已添加');
    const sent = view.api.lastCall(E.noticesAdd).json as Record<string, unknown>;
    expect(sent).toMatchObject({ text: '本周六系统维护', status: 'warning', ends_at: null });
    // 09:00 typed is 09:00 in China (issue 39: every time in China Standard Time), whatever the phone's zone.
    expect(sent.starts_at).toBe('2026-12-01T01:00:00.000Z');
  });

  it('edits a notice and shows the refusal of an end before the start', async () => {
    const view = await open({
      noticesList: ok([aNotice()]),
      noticesUpdate: fail('结束时间须晚于开始时间'),
    });
    await tap(
      (await rowOf('本周六系统维护')).getByRole('button', {
        name: '编辑',
      }),
    );
    const form = within(await screen.findByRole('region', { name: '修改公告' }));
    fireEvent.change(form.getByLabelText('公告内容'), { target: { value: '改期到周日' } });
    expect(await sentJson(view, form, '保存', '结束时间须晚于开始时间', E.noticesUpdate)).toMatchObject({
      id: 3,
      text: '改期到周日',
      status: 'warning',
    });
  });
});
