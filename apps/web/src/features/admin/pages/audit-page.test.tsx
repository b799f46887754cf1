import * as E from '@crm/domain/endpoints/admin';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { openAdmin, rowOf, type AdminApi } from '../test-kit.ts';
import { anAuditRow, page } from '../../../test/admin-data.ts';
import { fail, network, tap } from '../../../test/page.ts';

const open = (api: AdminApi) => openAdmin('/admin/audit', api);

describe('/admin/audit', () => {
  it('shows who changed what, when, before and after', async () => {
    await open({ audit: page([anAuditRow()]) });
    const row = await rowOf('notice.update');
    expect(row.getByText('赵管理')).toBeTruthy();
    expect(row.getByText('notice #3')).toBeTruthy();
    expect(row.getByText(/旧公告/)).toBeTruthy();
    expect(row.getByText(/新公告/)).toBeTruthy();
  });

  it('pages on with the cursor it was given', async () => {
    const view = await open({
      audit: (call) =>
        call.query.cursor === '11' ? page([anAuditRow({ id: 5, action: 'staff.add' })]) : page([anAuditRow()], 11),
    });
    await screen.findByText('notice.update');
    await tap(screen.getByRole('button', { name: '加载更多' }));
    expect(await screen.findByText('staff.add')).toBeTruthy();
    expect(view.api.lastCall(E.audit).query).toMatchObject({ cursor: '11', limit: '20' });
    expect(screen.queryByRole('button', { name: '加载更多' })).toBeNull();
  });

  it('says so when nothing was changed yet', async () => {
    await open({ audit: page([]) });
    expect(await screen.findByText('还没有操作记录')).toBeTruthy();
  });

  it('shows a refusal, and a failed load with a retry', async () => {
    await open({ audit: fail('仅公司管理员可使用后台管理') });
    expect(await screen.findByText('仅公司管理员可使用后台管理')).toBeTruthy();
  });

  it('retries a failed load', async () => {
    const view = await open({ audit: network.httpError(500) });
    await view.retryFailedLoad(network.message, E.audit, page([anAuditRow()]));
    expect(await screen.findByText('notice.update')).toBeTruthy();
  });
});
