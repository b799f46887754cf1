import * as E from '@crm/domain/endpoints/cases';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aPendingItem, fail, findRowLink, ok, on, pageOf, renderPageWith, tap } from '../../../test/page.ts';

const openPending = renderPageWith('/business/pending');

describe('/business/pending', () => {
  it('lists the follow-ups due now, each linking to its notes', async () => {
    const page = await openPending([on(E.pending, ok(pageOf([aPendingItem()])))]);
    await findRowLink(/陈美玲/, '/business/pendingDetail/11', '约了周五面签', '到期');
    expect(page.api.lastCall(E.pending).fields).toMatchObject({ due: '1' });
  });

  it('asks for every open follow-up on the 全部 tab', async () => {
    const page = await openPending([on(E.pending, ok(pageOf([])))]);
    await screen.findByText('暂无数据');
    await tap(screen.getByText('全部'));
    await expect.poll(() => page.api.lastCall(E.pending).fields.due).toBe('0');
  });

  it('shows a refusal with a retry', async () => {
    const page = await openPending([on(E.pending, fail('服务繁忙'))]);
    await page.retryFailedList('服务繁忙', E.pending, ok(pageOf([aPendingItem()])));
    expect(await screen.findByRole('link', { name: /陈美玲/ })).toBeTruthy();
  });
});
