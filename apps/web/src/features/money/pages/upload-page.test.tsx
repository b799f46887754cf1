import * as E from '@crm/domain/endpoints/money';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type * as UploadImg from '../api/upload-img.ts';
import { failField, network, ok, on } from '../../../test/fake-api.ts';
import { aProof, aProofList, findFieldError, findToast, LEADER, renderPageWith, tap } from '../../../test/page.ts';

// The image upload goes by XMLHttpRequest (progress), which the fake server does not answer: the uploaded
// image is stood in for here; the proof's own submit goes through the fake server as every call does.
vi.mock('../api/upload-img.ts', async (original) => ({
  ...(await original<typeof UploadImg>()),
  uploadProofImage: vi.fn(() => Promise.resolve({ id: 501, url: '/i/501', thumb_url: '/t/501' })),
}));

/** The proofs of case 11, as its salesperson and as the team's leader. */
const openProofs = renderPageWith('/business/upload?id=11');
const openProofsAsLeader = renderPageWith('/business/upload?id=11', { user: LEADER });

describe('/business/upload', () => {
  it("shows the case's proofs with their status and the open rejection", async () => {
    const page = await openProofs([
      on(
        E.getProof,
        ok(
          aProofList({
            items: [
              aProof({
                type: 3,
                status: 'rejected',
                rejections: [
                  {
                    id: 1,
                    reason: '缺签字页',
                    rejected_by: { id: 2, name: '张组长' },
                    created_at: '2026-11-06T08:00:00.000Z',
                    resolved_at: null,
                  },
                ],
              }),
            ],
          }),
        ),
      ),
    ]);
    const card = await screen.findByRole('article', { name: '合同' });
    expect(card.textContent).toContain('已驳回');
    expect(card.textContent).toContain('驳回原因：缺签字页');
    expect(screen.getByRole('link', { name: '还款记录' }).getAttribute('href')).toBe('/business/money?id=11');
    expect(page.api.lastCall(E.getProof).query).toEqual({ id: '11' });
  });

  it("shows the server's refusal of a new proof under the field it names (issue 39)", async () => {
    const page = await openProofs([
      on(E.getProof, ok(aProofList({ items: [] }))),
      on(E.proof, failField('type', '该案件已有合同凭证，请在原凭证上重新上传')),
    ]);
    await screen.findByText('暂无凭证');
    // jsdom has no object URLs for the local preview.
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:proof', revokeObjectURL: () => undefined }));
    await tap(screen.getByText('合同'));
    fireEvent.change(document.querySelector('input[type=file]') as HTMLInputElement, {
      target: { files: [new File([new Uint8Array([0xff, 0xd8, 0xff])], 'proof.jpg', { type: 'image/jpeg' })] },
    });
    const { uploadProofImage } = await import('../api/upload-img.ts');
    await waitFor(() => expect(uploadProofImage).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 50));
    await tap(screen.getByRole('button', { name: '提交凭证' }));
    await expect.poll(() => page.api.callsTo(E.proof).length).toBe(1);
    expect((await findFieldError('凭证类型')).textContent).toBe('该案件已有合同凭证，请在原凭证上重新上传');
    expect(page.api.lastCall(E.proof).fields).toMatchObject({ id: '11', imgs: '501' });
  });

  it('says so when there are no proofs yet', async () => {
    await openProofs([on(E.getProof, ok(aProofList({ items: [] })))]);
    expect(await screen.findByText('暂无凭证')).toBeTruthy();
  });

  it('shows a failed load with a retry that asks again', async () => {
    const page = await openProofs([on(E.getProof, network.httpError(503))]);
    await page.retryFailedLoad(network.message, E.getProof, ok(aProofList()));
    expect(await screen.findByRole('article', { name: '账单' })).toBeTruthy();
  });

  it('lays the proof types out three a row, so 还款计划表 fits whole on a phone', async () => {
    await openProofs([on(E.getProof, ok(aProofList({ items: [] })))]);
    const group = await screen.findByRole('radiogroup', { name: '凭证类型' });
    const grid = group.querySelector('.adm-grid') as HTMLElement;
    expect(grid.style.getPropertyValue('--columns')).toBe('3');
  });

  it('asks for the proof type and its images before sending, each under its field', async () => {
    const page = await openProofs([on(E.getProof, ok(aProofList({ items: [] }))), on(E.proof, ok(aProof()))]);
    const form = within(await screen.findByRole('region', { name: '上传新凭证' }));
    await tap(form.getByRole('button', { name: '提交凭证' }));
    expect(await findToast('请选择凭证类型')).toBeTruthy();
    const typeMessage = await findFieldError('凭证类型');
    expect(typeMessage.textContent).toBe('请选择凭证类型');
    expect((await findFieldError('还款凭证图片')).textContent).toBe('请至少上传一张图片');
    expect(form.getByRole('group', { name: '还款凭证图片' })).toBeTruthy();
    await tap(form.getByText('发票'));
    // The type's message goes once one is chosen; the images' stays until one is uploaded.
    await waitFor(() => expect(typeMessage.isConnected).toBe(false));
    await tap(form.getByRole('button', { name: '提交凭证' }));
    expect(await findToast('请至少上传一张图片')).toBeTruthy();
    expect((await findFieldError('还款凭证图片')).textContent).toBe('请至少上传一张图片');
    expect(page.api.callsTo(E.proof)).toHaveLength(0);
  });

  it('lets a leader reject a proof with a reason', async () => {
    const page = await openProofsAsLeader([
      on(E.getProof, ok(aProofList({ can_add: false, items: [aProof({ can_reject: true })] }))),
      on(E.rejectProof, ok(aProof({ status: 'rejected' }))),
    ]);
    expect(screen.queryByRole('region', { name: '上传新凭证' })).toBeNull();
    await tap(await screen.findByRole('button', { name: '驳回' }));
    fireEvent.change(await screen.findByLabelText('驳回原因'), { target: { value: '看不清' } });
    const popup = (await screen.findByText('驳回凭证')).closest('.money-form') as HTMLElement;
    await tap(within(popup).getByRole('button', { name: '驳回' }));
    expect(await findToast('已驳回')).toBeTruthy();
    expect(page.api.lastCall(E.rejectProof).fields).toEqual({ id: '41', reason: '看不清' });
  });
});
