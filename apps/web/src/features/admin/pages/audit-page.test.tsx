import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { openAdmin, rowOf } from '../test-kit.ts';
import type { adminApi } from '../../../test/admin-data.ts';
import { anAuditRow, page } from '../../../test/admin-data.ts';
import { fail, network, tap } from '../../../test/page.ts';

const open = (api: Parameters<typeof adminApi>[0]) => openAdmin('/admin/audit', api);

describe('/admin/audit', () => {
  it('shows who changed what, when, before and after', async () => {
    await open({ '/api/admin/audit': page([anAuditRow()]) });
    const row = await rowOf('notice.update');
    expect(row.getByText('赵管理')).toBeTruthy();
    expect(row.getByText('notice #3')).toBeTruthy();
    expect(row.getByText(/旧公告/)).toBeTruthy();
    expect(row.getByText(/新公告/)).toBeTruthy();
  });

  it('pages on with the cursor it was given', async () => {
    const view = await open({
      '/api/admin/audit': (call) =>
        call.query.cursor === '11' ? page([anAuditRow({ id: 5, action: 'staff.add' })]) : page([anAuditRow()], 11),
    });
    await screen.findByText('notice.update');
    await tap(screen.getByRole('button', { name: '加载更多' }));
    expect(await screen.findByText('staff.add')).toBeTruthy();
    expect(view.api.lastCall('/api/admin/audit').query).toMatchObject({ cursor: '11', limit: '20' });
    expect(screen.queryByRole('button', { name: '加载更多' })).toBeNull();
  });

  it('says so when nothing was changed yet', async () => {
    await open({ '/api/admin/audit': page([]) });
    expect(await screen.findByText('还没有操作记录')).toBeTruthy();
  });

  it('shows a refusal, and a failed load with a retry', async () => {
    await open({ '/api/admin/audit': fail('仅公司管理员可使用后台管理') });
    expect(await screen.findByText('仅公司管理员可使用后台管理')).toBeTruthy();
  });

  it('retries a failed load', async () => {
    const view = await open({ '/api/admin/audit': network.httpError(500) });
    await view.retryFailedLoad(network.message, '/api/admin/audit', page([anAuditRow()]));
    expect(await screen.findByText('notice.update')).toBeTruthy();
  });
});
