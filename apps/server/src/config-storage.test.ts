import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('file storage and OCR settings', () => {
  it('keeps files in a folder under DATA_DIR and reads cards offline by default', () => {
    const config = loadConfig({ DATA_DIR: '/tmp/crm-x' });
    expect(config.storage).toEqual({ provider: 'local', root: '/tmp/crm-x/files' });
    expect(config.ocr).toEqual({ provider: 'local' });
  });

  it('takes an S3-compatible server, path-style when it has its own endpoint', () => {
    const config = loadConfig({
      STORAGE_PROVIDER: 's3',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_BUCKET: 'proofs',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(config.storage).toEqual({
      provider: 's3',
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'proofs',
      region: 'us-east-1',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
    expect(
      loadConfig({
        STORAGE_PROVIDER: 's3',
        S3_BUCKET: 'b',
        S3_ACCESS_KEY_ID: 'i',
        S3_SECRET_ACCESS_KEY: 's',
        S3_FORCE_PATH_STYLE: 'false',
      }).storage,
    ).toMatchObject({
      endpoint: undefined,
      forcePathStyle: false,
    });
  });

  it.each([
    [{ STORAGE_PROVIDER: 's3', S3_BUCKET: 'b' }, /STORAGE_PROVIDER=s3 needs S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY/],
    [{ OCR_PROVIDER: 'tencent' }, /OCR_PROVIDER=tencent needs TENCENT_OCR_SECRET_ID, TENCENT_OCR_SECRET_KEY/],
    [{ STORAGE_PROVIDER: 'ftp' }, /STORAGE_PROVIDER/],
  ])('refuses %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
