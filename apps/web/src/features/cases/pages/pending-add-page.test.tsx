import * as E from '@crm/domain/endpoints/cases';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aPendingDetail, fail, findToast, ok, on, renderPage, tap } from '../../../test/page.ts';

describe('/business/pendingAdd/:id', () => {
  it("saves the note with the next contact time and opens the case's notes", async () => {
    const page = await renderPage('/business/pendingAdd/11', {
      api: [on(E.mortgageUser, ok({ id: 9 }, '跟进已保存')), on(E.pendingDetail, ok(aPendingDetail()))],
    });
    fireEvent.change(await screen.findByPlaceholderText('本次沟通情况与下一步'), {
      target: { value: '客户说下周补流水' },
    });
    await tap(screen.getByRole('button', { name: '保存' }));
    expect(await findToast('跟进已保存')).toBeTruthy();
    const { fields } = page.api.lastCall(E.mortgageUser);
    expect(fields).toMatchObject({ client_id: '11', note: '客户说下周补流水' });
    expect(Number.isNaN(Date.parse(String(fields.next_contact_at)))).toBe(false);
    await expect.poll(page.pathname).toBe('/business/pendingDetail/11');
  });

  it('asks for the note before sending anything', async () => {
    const page = await renderPage('/business/pendingAdd/11');
    await tap(await screen.findByRole('button', { name: '保存' }));
    // Beside the field and as a toast.
    expect(await screen.findAllByText('请填写跟进内容')).toHaveLength(2);
    expect(page.api.callsTo(E.mortgageUser)).toHaveLength(0);
  });

  it('stays with the note typed when the server refuses', async () => {
    const page = await renderPage('/business/pendingAdd/11', { api: [on(E.mortgageUser, fail('报单不存在'))] });
    fireEvent.change(await screen.findByPlaceholderText('本次沟通情况与下一步'), { target: { value: '再联系' } });
    await tap(screen.getByRole('button', { name: '保存' }));
    expect(await findToast('报单不存在')).toBeTruthy();
    expect(page.pathname()).toBe('/business/pendingAdd/11');
    expect(screen.getByDisplayValue('再联系')).toBeTruthy();
  });
});
