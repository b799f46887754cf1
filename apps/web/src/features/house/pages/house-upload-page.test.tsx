import * as E from '@crm/domain/endpoints/house';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, findToast, network, ok, on, renderPage, tap } from '../../../test/page.ts';

const image = { id: 81, house_type: 2, url: '/img/81.jpg', created_at: '2026-11-03T08:00:00.000Z', deletable: true };

describe('/business/houseUpload/:id/:house_type', () => {
  it('shows the images of the type asked', async () => {
    const page = await renderPage('/business/houseUpload/71/2', { api: [on(E.getHouseImg, ok([image]))] });
    expect(await screen.findByRole('heading', { name: '房产证' })).toBeTruthy();
    expect(document.querySelector('img[src="/img/81.jpg"]')).not.toBeNull();
    expect(screen.queryByText('暂无图片')).toBeNull();
    expect(page.api.lastCall(E.getHouseImg).query).toEqual({ id: '71', house_type: '2' });
  });

  it('says so when there are no images', async () => {
    await renderPage('/business/houseUpload/71/2', { api: [on(E.getHouseImg, ok([]))] });
    expect(await screen.findByText('暂无图片')).toBeTruthy();
  });

  it('shows a refusal', async () => {
    await renderPage('/business/houseUpload/71/2', { api: [on(E.getHouseImg, fail('无权查看'))] });
    expect(await screen.findByText('无权查看')).toBeTruthy();
  });

  it('offers a retry when the images failed to load', async () => {
    const page = await renderPage('/business/houseUpload/71/2', {
      api: [on(E.getHouseImg, network.httpError(502))],
    });
    await page.retryFailedLoad(network.message, E.getHouseImg, ok([]));
    expect(await screen.findByText('暂无图片')).toBeTruthy();
  });

  it('uploads a chosen image with its client and type', async () => {
    const page = await renderPage('/business/houseUpload/71/2', {
      api: [on(E.getHouseImg, ok([])), on(E.addHouseImg, ok({ id: 1 }))],
    });
    await screen.findByText('暂无图片');
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['jpeg'], 'deed.jpg', { type: 'image/jpeg' })] } });
    expect(await findToast('上传成功')).toBeTruthy();
    expect(page.api.lastCall(E.addHouseImg).fields).toEqual({
      id: '71',
      house_type: '2',
      file: '[file deed.jpg]',
    });
  });

  it('shows an uploaded image once, as the server lists it', async () => {
    let isUploaded = false;
    await renderPage('/business/houseUpload/71/2', {
      api: [
        on(E.getHouseImg, () => ok(isUploaded ? [image] : [])),
        on(E.addHouseImg, () => {
          isUploaded = true;
          return ok({ id: 1 });
        }),
      ],
    });
    await screen.findByText('暂无图片');
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['jpeg'], 'deed.jpg', { type: 'image/jpeg' })] } });
    expect(await findToast('上传成功')).toBeTruthy();
    await expect.poll(() => document.querySelectorAll('.adm-image-uploader-cell-image').length).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.querySelectorAll('.adm-image-uploader-cell-image')).toHaveLength(1);
    expect(document.querySelector('img[src="/img/81.jpg"]')).not.toBeNull();
  });

  it("shows the server's reason for refusing an upload", async () => {
    await renderPage('/business/houseUpload/71/2', {
      api: [on(E.getHouseImg, ok([])), on(E.addHouseImg, fail('只能上传 JPG、PNG 或 WebP 图片'))],
    });
    await screen.findByText('暂无图片');
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['gif'], 'deed.jpg', { type: 'image/jpeg' })] } });
    expect(await findToast('只能上传 JPG、PNG 或 WebP 图片')).toBeTruthy();
  });

  it('refuses an image over 10 MB without sending it', async () => {
    const page = await renderPage('/business/houseUpload/71/2', { api: [on(E.getHouseImg, ok([]))] });
    await screen.findByText('暂无图片');
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' });
    fireEvent.change(document.querySelector('input[type=file]') as HTMLInputElement, { target: { files: [big] } });
    expect(await findToast('图片不能超过 10 MB')).toBeTruthy();
    expect(page.api.callsTo(E.addHouseImg)).toHaveLength(0);
  });

  it('deletes a stored image after a confirmation, and the grid is read again without it', async () => {
    let isDeleted = false;
    const page = await renderPage('/business/houseUpload/71/2', {
      api: [
        on(E.getHouseImg, () => ok(isDeleted ? [] : [image])),
        on(E.delHouseImg, () => {
          isDeleted = true;
          return ok({ id: 81 });
        }),
      ],
    });
    await tap(await screen.findByRole('button', { name: '删除图片' }));
    await screen.findByText('删除后不可恢复，确定删除这张图片吗？');
    expect(page.api.callsTo(E.delHouseImg)).toHaveLength(0);
    await tap(screen.getByRole('button', { name: '确定' }));
    expect(await findToast('已删除')).toBeTruthy();
    expect(page.api.lastCall(E.delHouseImg).fields).toEqual({ id: '81' });
    expect(await screen.findByText('暂无图片')).toBeTruthy();
  });

  it('keeps the image when the confirmation is cancelled', async () => {
    const page = await renderPage('/business/houseUpload/71/2', {
      api: [on(E.getHouseImg, ok([image])), on(E.delHouseImg, ok({ id: 81 }))],
    });
    await tap(await screen.findByRole('button', { name: '删除图片' }));
    await tap(await screen.findByRole('button', { name: '取消' }));
    await expect.poll(() => document.querySelector('.adm-dialog')).toBeNull();
    expect(page.api.callsTo(E.delHouseImg)).toHaveLength(0);
    expect(document.querySelector('img[src="/img/81.jpg"]')).not.toBeNull();
  });

  it("shows the server's refusal and keeps the image", async () => {
    await renderPage('/business/houseUpload/71/2', {
      api: [on(E.getHouseImg, ok([image])), on(E.delHouseImg, fail('客户已提交签约，资料不能删除'))],
    });
    await tap(await screen.findByRole('button', { name: '删除图片' }));
    await tap(await screen.findByRole('button', { name: '确定' }));
    expect(await findToast('客户已提交签约，资料不能删除')).toBeTruthy();
    expect(document.querySelector('img[src="/img/81.jpg"]')).not.toBeNull();
  });

  it('offers no delete once the documents are final', async () => {
    await renderPage('/business/houseUpload/71/2', {
      api: [on(E.getHouseImg, ok([{ ...image, deletable: false }]))],
    });
    await screen.findByRole('heading', { name: '房产证' });
    expect(screen.queryByRole('button', { name: '删除图片' })).toBeNull();
  });
});
