import { randomBytes } from 'node:crypto';

/**
 * Where uploaded files live: a folder under DATA_DIR or an S3-compatible bucket. Files are written once
 * and read back by key; the key is random, so knowing one file's key says nothing about another's.
 */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The bytes, or null when no such file exists. */
  get(key: string): Promise<Buffer | null>;
  exists(key: string): Promise<boolean>;
  /** Deleting a missing file is not an error: cleanup after a failure must be safe to repeat. */
  delete(key: string): Promise<void>;
}

/** Keys are `<corp>/<32 hex chars><suffix>`: no slashes of the caller's, no dots that could climb a path. */
export const STORAGE_KEY_PATTERN = /^\d+\/[0-9a-f]{32}(-thumb)?\.(jpg|png|webp|xlsx)$/;

export function newStorageKeys(corpId: number, extension = 'jpg'): { key: string; thumbKey: string } {
  const id = randomBytes(16).toString('hex');
  return { key: `${corpId}/${id}.${extension}`, thumbKey: `${corpId}/${id}-thumb.jpg` };
}

export function assertStorageKey(key: string): void {
  if (!STORAGE_KEY_PATTERN.test(key)) throw new Error(`invalid storage key: ${key}`);
}
