export * from './storage.ts';
export { createLocalStorage } from './local-storage.ts';
export { createS3Storage, type S3StorageOptions } from './s3-storage.ts';
