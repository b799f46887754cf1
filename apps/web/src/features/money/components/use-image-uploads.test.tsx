import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { useImageUploads } from './use-image-uploads.ts';

const api = vi.hoisted(() => ({ uploadProofImage: vi.fn(), delImg: vi.fn() }));
vi.mock('../api/upload-img.ts', () => api);

const image = (id: number) => ({ id, url: `/common/img/${id}?v=full`, thumb_url: `/common/img/${id}?v=thumb` });
const photo = () => new File([new Uint8Array([0xff, 0xd8, 0xff, 1])], 'a.jpg', { type: 'image/jpeg' });

afterEach(() => {
  api.uploadProofImage.mockReset();
  api.delImg.mockReset();
});

describe('useImageUploads', () => {
  it('uploads each photo with progress and submits the ids in grid order', async () => {
    api.uploadProofImage.mockImplementationOnce(
      async (_c: number, _b: Blob, options: { onProgress: (f: number) => void }) => {
        options.onProgress(0.5);
        return image(11);
      },
    );
    api.uploadProofImage.mockResolvedValueOnce(image(12));
    const { result } = renderHook(() => useImageUploads(7));
    await act(() => result.current.addFiles([photo(), photo()], 9));
    await waitFor(() => expect(result.current.imageIds).toEqual([11, 12]));
    expect(api.uploadProofImage).toHaveBeenCalledWith(
      7,
      expect.any(Blob),
      expect.objectContaining({ onProgress: expect.any(Function) }),
    );
    expect(result.current.isBusy).toBe(false);
  });

  it('marks a failed upload, and a retry sends the same photo again', async () => {
    api.uploadProofImage.mockRejectedValueOnce(new ApiError('网络异常，请检查网络后重试', -1, 0));
    api.uploadProofImage.mockResolvedValueOnce(image(21));
    const { result } = renderHook(() => useImageUploads(7));
    await act(() => result.current.addFiles([photo()], 9));
    await waitFor(() => expect(result.current.items[0]?.status).toBe('failed'));
    expect(result.current.hasFailed).toBe(true);
    expect(result.current.items[0]?.error).toBe('网络异常，请检查网络后重试');
    act(() => result.current.retry(result.current.items[0]?.key ?? ''));
    await waitFor(() => expect(result.current.imageIds).toEqual([21]));
    expect(api.uploadProofImage.mock.calls[1]?.[1]).toBe(api.uploadProofImage.mock.calls[0]?.[1]);
  });

  it('deletes a fresh upload on the server, but only drops a kept image of the proof', async () => {
    api.uploadProofImage.mockResolvedValueOnce(image(31));
    const { result } = renderHook(() => useImageUploads(7, [image(30)]));
    await act(() => result.current.addFiles([photo()], 8));
    await waitFor(() => expect(result.current.imageIds).toEqual([30, 31]));
    await act(() => result.current.remove(result.current.items[1]?.key ?? ''));
    expect(api.delImg).toHaveBeenCalledWith(31);
    await act(() => result.current.remove(result.current.items[0]?.key ?? ''));
    expect(api.delImg).toHaveBeenCalledTimes(1);
    expect(result.current.imageIds).toEqual([]);
  });

  it('takes no more photos than there is room for', async () => {
    api.uploadProofImage.mockResolvedValue(image(41));
    const { result } = renderHook(() => useImageUploads(7));
    await act(() => result.current.addFiles([photo(), photo(), photo()], 2));
    await waitFor(() => expect(result.current.items).toHaveLength(2));
  });
});
