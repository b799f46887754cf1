import type { Adapters } from '../app.ts';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import { createLocalOcr, createTencentOcr, type OcrAdapter } from './ocr/index.ts';
import { createDemoSmsAdapter, createTencentSmsAdapter } from './sms/index.ts';
import { createLocalStorage, createS3Storage, type FileStorage } from './storage/index.ts';
import { createDemoWecomAdapter, createWecomAdapter } from './wecom/index.ts';

/** Picks each adapter from the settings; config.ts has already refused demo adapters in production. */
export function createAdapters(config: Config, log: (message: string) => void, clock: Clock): Adapters {
  const now = () => clock().getTime();
  const sms =
    config.sms.provider === 'tencent'
      ? createTencentSmsAdapter({
          secretId: config.sms.secretId,
          secretKey: config.sms.secretKey,
          sdkAppId: config.sms.sdkAppId,
          signName: config.sms.signName,
          templateId: config.sms.templateId,
          now,
          ...(config.sms.endpoint ? { endpoint: config.sms.endpoint } : {}),
        })
      : createDemoSmsAdapter({ log });
  const wecom =
    config.wecom.provider === 'wecom'
      ? createWecomAdapter({
          corpId: config.wecom.corpId,
          agentId: config.wecom.agentId,
          secret: config.wecom.secret,
          now,
          ...(config.wecom.apiBase ? { apiBase: config.wecom.apiBase } : {}),
        })
      : createDemoWecomAdapter({ now });
  return { sms, wecom };
}

/** The file store of the settings: a folder under DATA_DIR, or an S3-compatible bucket. */
export function createStorageFromConfig(config: Config): FileStorage {
  const settings = config.storage;
  if (settings.provider === 'local') return createLocalStorage(settings.root);
  return createS3Storage({
    bucket: settings.bucket,
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    accessKeyId: settings.accessKeyId,
    secretAccessKey: settings.secretAccessKey,
    forcePathStyle: settings.forcePathStyle,
  });
}

/** The OCR engine of the settings: tesseract.js offline, or Tencent Cloud OCR. */
export function createOcrFromConfig(config: Config, clock: Clock): OcrAdapter {
  const settings = config.ocr;
  if (settings.provider === 'local') return createLocalOcr({ cachePath: `${config.dataDir}/tesseract-cache` });
  return createTencentOcr({
    secretId: settings.secretId,
    secretKey: settings.secretKey,
    now: () => clock().getTime(),
    ...(settings.region ? { region: settings.region } : {}),
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
  });
}
