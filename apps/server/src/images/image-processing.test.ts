import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { cleanImage } from './image-processing.ts';

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#8a9' } })
    .jpeg()
    .toBuffer();

/** A PNG chunk: length, type, data, CRC-32 of type and data. */
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/**
 * A decompression bomb: a 20000 × 20000 one-bit PNG of 400 MP, about 50 KB of file that decodes to 50 MB of
 * rows (1.2 GB as the RGB sharp would make of it). Written by hand: no encoder should be asked to make one.
 */
function pngBomb(side = 20_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 1; // bit depth 1, colour type 0 (grey), then deflate, no filter method, no interlace
  const rows = Buffer.alloc((1 + Math.ceil(side / 8)) * side);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows, { level: 1 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

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

  it('refuses a 20000 × 20000 PNG as too many pixels, not as a broken file', async () => {
    const bomb = pngBomb();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    await expect(cleanImage(bomb)).rejects.toThrow('图片像素过高，请调低相机分辨率后重新拍摄');
  });
});
