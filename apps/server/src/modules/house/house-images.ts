import type { FileStorage } from '../../adapters/storage/index.ts';
import { assertStorageKey, newStorageKeys } from '../../adapters/storage/index.ts';
import { NotFoundError } from '../../errors.ts';
import { cleanImage } from '../../images/image-processing.ts';

/*
 * House-client images go through the same pipeline and storage as proof images: the content decides the
 * type (magic bytes, then a full decode), the image is re-encoded so EXIF, GPS and anything appended are
 * gone, the key is random, and the bytes live in the configured storage (a folder under DATA_DIR or S3),
 * served only through the route that checks the client.
 */
export interface StoredImage {
  storageKey: string;
  mime: string;
  sizeBytes: number;
}

export function createHouseImageStore(storage: FileStorage) {
  return {
    async save(bytes: Buffer, corpId: number): Promise<StoredImage> {
      const clean = await cleanImage(bytes);
      const { key } = newStorageKeys(corpId);
      await storage.put(key, clean.image, clean.contentType);
      return { storageKey: key, mime: clean.contentType, sizeBytes: clean.image.length };
    },

    async read(storageKey: string): Promise<Buffer> {
      assertStorageKey(storageKey);
      const bytes = await storage.get(storageKey);
      if (!bytes) throw new NotFoundError('图片不存在');
      return bytes;
    },
  };
}

export type HouseImageStore = ReturnType<typeof createHouseImageStore>;
