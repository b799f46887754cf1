import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ImageUploader } from './image-uploader.tsx';
import type { ImageUploads, UploadItem } from './use-image-uploads.ts';

const uploadsOf = (items: UploadItem[]): ImageUploads => ({
  items,
  addFiles: vi.fn(),
  retry: vi.fn(),
  remove: vi.fn(),
  reset: vi.fn(),
  imageIds: [],
  isBusy: false,
  hasFailed: items.some((item) => item.status === 'failed'),
});

describe('ImageUploader', () => {
  it("shows the server's reason on an upload it refused, not only 上传失败", () => {
    const refused = { key: 'a', preview: '', status: 'failed', progress: 0, error: '只能上传 JPG、PNG 或 WebP 图片' };
    render(<ImageUploader uploads={uploadsOf([refused as UploadItem])} label="凭证图片" />);
    expect(screen.getByRole('button', { name: /上传失败.*只能上传 JPG、PNG 或 WebP 图片/ })).toBeTruthy();
  });

  it('falls back to 上传失败 when there is no reason', () => {
    render(
      <ImageUploader
        uploads={uploadsOf([{ key: 'b', preview: '', status: 'failed', progress: 0 }])}
        label="凭证图片"
      />,
    );
    expect(screen.getByRole('button', { name: /上传失败/ })).toBeTruthy();
  });
});
