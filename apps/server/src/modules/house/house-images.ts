import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { MAX_HOUSE_IMAGE_BYTES } from '@crm/domain/house';
import { RefusedError } from '../../errors.ts';

/*
 * Minimal, safe storage of house-client images, until the general image storage (issue 4) takes over:
 * the content decides the type (sharp reads the magic bytes and decodes the header), the size is capped,
 * and the file name is random, so nothing the uploader sent reaches the file system.
 */

const ACCEPTED = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as const;

export interface StoredImage {
  storageKey: string;
  mime: string;
  sizeBytes: number;
}

export function createHouseImageStore(dataDir: string) {
  const root = path.join(dataDir, 'house-images');
  // Keys are 32 hex digits + an extension we chose; anything else never touches the disk.
  const keyPattern = /^[0-9a-f]{32}\.(jpg|png|webp)$/;

  return {
    async save(bytes: Buffer): Promise<StoredImage> {
      if (bytes.length === 0) throw new RefusedError('请选择图片');
      if (bytes.length > MAX_HOUSE_IMAGE_BYTES) throw new RefusedError('图片不能超过 10 MB');
      let format: string | undefined;
      try {
        format = (await sharp(bytes).metadata()).format;
      } catch {
        format = undefined;
      }
      const mime = format && format in ACCEPTED ? ACCEPTED[format as keyof typeof ACCEPTED] : undefined;
      if (!mime) throw new RefusedError('只能上传 JPG、PNG 或 WebP 图片');
      const ext = format === 'jpeg' ? 'jpg' : (format ?? 'bin');
      const storageKey = `${randomBytes(16).toString('hex')}.${ext}`;
      await fs.mkdir(root, { recursive: true });
      await fs.writeFile(path.join(root, storageKey), bytes, { flag: 'wx' });
      return { storageKey, mime, sizeBytes: bytes.length };
    },

    async read(storageKey: string): Promise<Buffer> {
      if (!keyPattern.test(storageKey)) throw new Error('invalid storage key');
      return fs.readFile(path.join(root, storageKey));
    },
  };
}

export type HouseImageStore = ReturnType<typeof createHouseImageStore>;
