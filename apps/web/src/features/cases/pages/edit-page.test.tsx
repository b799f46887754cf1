import * as E from '@crm/domain/endpoints/cases';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aCaseDetail, fail, findToast, ok, on, REFERENCE_LISTS, renderPageWith, tap } from '../../../test/page.ts';

/** The edit form of case 11, which loads unless a test says otherwise. */
const openEdit = renderPageWith('/business/edit?id=11', {
  api: [...REFERENCE_LISTS, on(E.detail, ok(aCaseDetail()))],
});
/** The same form reached from a signing failure, to resubmit the case. */
const openResubmit = renderPageWith('/business/edit?id=11&resubmit=1', { api: REFERENCE_LISTS });

describe('/business/edit', () => {
  it('fills the form from the case and saves the correction with updateClient', async () => {
    const page = await openEdit([on(E.updateClient, ok({ id: 11 }, '修改成功'))]);
    const name = await screen.findByDisplayValue<HTMLInputElement>('陈美玲');
    expect(screen.getByDisplayValue('50000')).toBeTruthy();
    fireEvent.change(name, { target: { value: '陈美琳' } });
    const saved = { movesTo: '/business/detail/11' };
    expect(await page.sentFields('保存', '修改成功', E.updateClient, saved)).toMatchObject({
      id: '11',
      name: '陈美琳',
      amount: '50000',
      term: '36',
    });
  });

  it('resubmits a signing failure with updateClientReject and shows why it was rejected', async () => {
    const page = await openResubmit([
      on(E.detail, ok(aCaseDetail({ status: 2, reject_note: '客户未到场' }))),
      on(E.updateClientReject, ok({ id: 11 }, '已重新提交')),
    ]);
    expect(await screen.findByText('驳回原因：客户未到场')).toBeTruthy();
    await tap(screen.getByRole('button', { name: '修改后重新提交' }));
    expect(await findToast('已重新提交')).toBeTruthy();
    expect(page.api.callsTo(E.updateClientReject)).toHaveLength(1);
    expect(page.api.callsTo(E.updateClient)).toHaveLength(0);
  });

  it('shows the refusal when the case cannot be loaded', async () => {
    await openEdit([on(E.detail, fail('报单不存在'))]);
    expect(await screen.findByText('报单不存在')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '保存' })).toBeNull();
  });

  it('offers a retry when the case failed to load', async () => {
    const page = await openEdit([on(E.detail, fail('稍后再试'))]);
    await page.retryFailedLoad('稍后再试', E.detail, ok(aCaseDetail()));
    expect(await screen.findByDisplayValue('陈美玲')).toBeTruthy();
  });
});
