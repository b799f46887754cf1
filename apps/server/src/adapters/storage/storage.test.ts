import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeS3, type FakeS3 } from './fake-s3-server.ts';
import { createLocalStorage, createS3Storage, newStorageKeys, type FileStorage } from './index.ts';

const S3 = { accessKeyId: 'AKIDTEST', secretAccessKey: 'test-secret-key-of-the-fake', bucket: 'crm-proofs' };
let fake: FakeS3;
let root: string;
beforeAll(async () => {
  fake = await startFakeS3(S3);
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-storage-'));
});
afterAll(async () => {
  await fake.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const implementations: [string, () => FileStorage][] = [
  ['local folder', () => createLocalStorage(root)],
  [
    'S3 (SDK v3 against a local SigV4-checking server)',
    () => createS3Storage({ ...S3, region: 'us-east-1', endpoint: fake.endpoint, forcePathStyle: true }),
  ],
];

describe.each(implementations)('%s storage', (_, make) => {
  it('puts, reads back, checks and deletes a file', async () => {
    const storage = make();
    const { key } = newStorageKeys(7);
    const body = Buffer.from([0xff, 0xd8, 0xff, 1, 2, 3]);
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.get(key)).toBeNull();
    await storage.put(key, body, 'image/jpeg');
    expect(await storage.exists(key)).toBe(true);
    expect(await storage.get(key)).toEqual(body);
    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    // Deleting twice is fine: cleanup after a failure repeats safely.
    await storage.delete(key);
  });

  it('refuses a key that is not one it made', async () => {
    const storage = make();
    await expect(storage.get('../../etc/passwd')).rejects.toThrow(/invalid storage key/);
    await expect(storage.put('7/abc.jpg', Buffer.from('x'), 'image/jpeg')).rejects.toThrow(/invalid storage key/);
  });
});

describe('keys', () => {
  it('are random per file and keep the thumbnail beside the image', () => {
    const a = newStorageKeys(3);
    const b = newStorageKeys(3);
    expect(a.key).not.toBe(b.key);
    expect(a.key).toMatch(/^3\/[0-9a-f]{32}\.jpg$/);
    expect(a.thumbKey).toBe(a.key.replace('.jpg', '-thumb.jpg'));
  });
});

describe('the S3 adapter against the fake', () => {
  it('signs every request (the fake verified SigV4) and stores the content type', async () => {
    const storage = createS3Storage({ ...S3, region: 'us-east-1', endpoint: fake.endpoint, forcePathStyle: true });
    const { key } = newStorageKeys(9);
    await storage.put(key, Buffer.from('hello'), 'image/jpeg');
    expect(fake.objects.get(key)?.contentType).toBe('image/jpeg');
    expect(fake.requests.filter((r) => r.key === key).every((r) => r.signed)).toBe(true);
  });

  it('fails when the secret is wrong, rather than pretending to store', async () => {
    const storage = createS3Storage({
      ...S3,
      secretAccessKey: 'wrong',
      region: 'us-east-1',
      endpoint: fake.endpoint,
      forcePathStyle: true,
    });
    const { key } = newStorageKeys(9);
    await expect(storage.put(key, Buffer.from('hello'), 'image/jpeg')).rejects.toThrow();
    expect(fake.objects.has(key)).toBe(false);
  });
});
