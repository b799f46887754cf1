import * as E from '@crm/domain/endpoints/money';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, network, ok, on } from '../../../test/fake-api.ts';
import { aProof, aProofRejection, findToast, pageOf, renderPage, tap } from '../../../test/page.ts';

const rejections = (items = [aProofRejection()]) => ok(pageOf(items));

describe('/business/proof', () => {
  it('lists my rejected proofs with the reason and who rejected them', async () => {
    await renderPage('/business/proof', { api: [on(E.proofReject, rejections())] });
    const card = await screen.findByRole('article', { name: '陈美玲 发票' });
    expect(card.textContent).toContain('驳回原因：发票模糊');
    expect(card.textContent).toContain('驳回人 张组长');
    expect(screen.getByRole('link', { name: '凭证' }).getAttribute('href')).toBe('/business/upload?id=11');
  });

  it('dates a rejection by the day in China, not the UTC day (issue 39)', async () => {
    const rejectedAt = '2026-11-28T16:00:01.000Z'; // 00:00:01 on the 29th in Shanghai
    await renderPage('/business/proof', {
      api: [on(E.proofReject, rejections([aProofRejection({ created_at: rejectedAt })]))],
    });
    const card = await screen.findByRole('article', { name: '陈美玲 发票' });
    expect(card.textContent).toContain('2026-11-29');
    expect(card.textContent).not.toContain('2026-11-28');
  });

  it('opens a proof full screen over a mask the page title does not show through (issue 39.16)', async () => {
    // The app's own stylesheet, as the phone loads it: page tests otherwise render without CSS.
    const style = document.createElement('style');
    style.textContent = readFileSync(resolve(import.meta.dirname, '../../../index.css'), 'utf8');
    document.head.append(style);
    try {
      const image = { id: 61, url: '/img/61.jpg', thumb_url: '/img/61-t.jpg' };
      await renderPage('/business/proof', {
        api: [on(E.proofReject, rejections([aProofRejection({ images: [image] })]))],
      });
      await tap(await screen.findByRole('button', { name: '查看第 1 张图片' }));
      const mask = await waitFor(() => {
        const found = document.querySelector('.adm-mask:has(.adm-image-viewer-content), .crm-viewer-mask');
        if (!found) throw new Error('no image viewer is open');
        return found;
      });
      const alpha = Number(/rgba?\([^)]*?([\d.]+)%?\)$/.exec(getComputedStyle(mask).backgroundColor)?.[1] ?? 1);
      expect(getComputedStyle(mask).backgroundColor).toMatch(/^rgba?\(0,\s*0,\s*0/);
      expect(alpha).toBeGreaterThanOrEqual(0.95);
    } finally {
      style.remove();
    }
  });

  it('says so when nothing was rejected', async () => {
    await renderPage('/business/proof', { api: [on(E.proofReject, rejections([]))] });
    expect(await screen.findByText('没有被驳回的凭证')).toBeTruthy();
  });

  it('shows a failed list with a retry that asks again', async () => {
    const page = await renderPage('/business/proof', { api: [on(E.proofReject, network.offline())] });
    await page.retryFailedLoad(network.message, E.proofReject, rejections());
    expect(await screen.findByRole('article', { name: '陈美玲 发票' })).toBeTruthy();
  });

  it('re-uploads the proof as its next version', async () => {
    const image = { id: 61, url: '/img/61.jpg', thumb_url: '/img/61-t.jpg' };
    const page = await renderPage('/business/proof', {
      api: [
        on(E.proofReject, rejections([aProofRejection({ images: [image] })])),
        on(E.updateProof, ok(aProof({ version: 2 }))),
      ],
    });
    await tap(await screen.findByRole('button', { name: '重新上传' }));
    expect(await screen.findByText('重新上传凭证')).toBeTruthy();
    expect(await page.sentFields('提交', '凭证已重新提交', E.updateProof)).toEqual({ id: '41', imgs: '61' });
  });

  it("shows the server's refusal of a re-upload", async () => {
    await renderPage('/business/proof', {
      api: [on(E.proofReject, rejections()), on(E.updateProof, fail('请上传凭证图片'))],
    });
    await tap(await screen.findByRole('button', { name: '重新上传' }));
    await tap(await screen.findByRole('button', { name: '提交' }));
    expect(await findToast('请上传凭证图片')).toBeTruthy();
  });
});
