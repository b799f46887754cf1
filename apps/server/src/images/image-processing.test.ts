import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { cleanImage } from './image-processing.ts';

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#8a9' } })
    .jpeg()
    .toBuffer();

describe('cleanImage, bounded in pixels', () => {
  it('keeps a 3072 px copy of a large phone photo', async () => {
    const clean = await cleanImage(await solid(6000, 4000));
    expect([clean.width, clean.height]).toEqual([3072, 2048]);
    expect(await sharp(clean.thumb).metadata()).toMatchObject({ width: 360, height: 360 });
  });

  it('takes a 50 MP photo and refuses a picture over 52 MP before decoding it', async () => {
    await expect(cleanImage(await solid(8160, 6120))).resolves.toMatchObject({ width: 3072 });
    await expect(cleanImage(await solid(8000, 7000))).rejects.toThrow('图片像素过高，请调低相机分辨率后重新拍摄');
  });
});
