export * from './ocr.ts';
export { createLocalOcr, installedLangPath } from './local-ocr.ts';
export { createTencentOcr, type TencentOcrOptions } from './tencent-ocr.ts';
