import * as E from '@crm/domain/endpoints/cases';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aServiceItem, fail, findRowLink, ok, on, pageOf, renderPageWith, tap } from '../../../test/page.ts';

const SERVICE_USER = { id: 30, job: [3], leader: false, name: '客服小周' };
const servicePage = (items = [aServiceItem()]) => ok({ ...pageOf(items), staff_options: [] });
const openRequests = renderPageWith('/business/service', { user: SERVICE_USER });

describe('/business/service', () => {
  it('lists the open requests for help, each linking to its detail', async () => {
    const page = await openRequests([on(E.service, servicePage())]);
    await findRowLink(/陈美玲/, '/business/service_detail/21', '当前业务员：王小明', '待处理');
    expect(page.api.lastCall(E.service).query).toMatchObject({ status: 'open' });
  });

  it('asks for every request on the 全部 tab, and says when there are none', async () => {
    const page = await openRequests([on(E.service, servicePage([]))]);
    expect(await screen.findByText('暂无数据')).toBeTruthy();
    await tap(screen.getByText('全部'));
    await expect.poll(() => page.api.lastCall(E.service).query.status).toBe('all');
  });

  it('shows a refusal with a retry', async () => {
    const page = await openRequests([on(E.service, fail('仅客服可查看'))]);
    await page.retryFailedList('仅客服可查看', E.service, servicePage());
    expect(await screen.findByRole('link', { name: /陈美玲/ })).toBeTruthy();
  });
});
