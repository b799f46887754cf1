import type { Adapters } from '../app.ts';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import { createLocalOcr, createTencentOcr, type OcrAdapter } from './ocr/index.ts';
import { createDemoSmsAdapter, createTencentSmsAdapter } from './sms/index.ts';
import { createLocalStorage, createS3Storage, type FileStorage } from './storage/index.ts';
import { createDemoWecomAdapter, createWecomAdapter } from './wecom/index.ts';
import { createDemoWechatMpAdapter, createWechatMpAdapter, type WechatMpAdapter } from './wechat-mp/index.ts';

/**
 * The settings of a real provider, which config.ts names as the adapter names its options: what is left
 * once the choice of provider is taken off. An unset optional setting (an endpoint, a region) stays
 * undefined, and the adapter falls back to its default.
 */
const settingsOf = <S extends { provider: string }>({ provider: _provider, ...settings }: S) => settings;

/** Picks each adapter from the settings; config.ts has already refused demo adapters in production. */
export function createAdapters(config: Config, log: (message: string) => void, clock: Clock): Adapters {
  const now = () => clock().getTime();
  const sms =
    config.sms.provider === 'tencent'
      ? createTencentSmsAdapter({ ...settingsOf(config.sms), now })
      : createDemoSmsAdapter({ log });
  const wecom =
    config.wecom.provider === 'wecom'
      ? createWecomAdapter({ ...settingsOf(config.wecom), now })
      : createDemoWecomAdapter({ now });
  return { sms, wecom, wechatMp: createWechatMpFromConfig(config) };
}

/** The file store of the settings: a folder under DATA_DIR, or an S3-compatible bucket. */
export function createStorageFromConfig(config: Config): FileStorage {
  const settings = config.storage;
  if (settings.provider === 'local') return createLocalStorage(settings.root);
  return createS3Storage(settingsOf(settings));
}

/** The OCR engine of the settings: tesseract.js offline, or Tencent Cloud OCR. */
export function createOcrFromConfig(config: Config, clock: Clock): OcrAdapter {
  const settings = config.ocr;
  if (settings.provider === 'local') return createLocalOcr({ cachePath: `${config.dataDir}/tesseract-cache` });
  return createTencentOcr({ ...settingsOf(settings), now: () => clock().getTime() });
}

/** The WeChat official account's web authorisation of the settings (the channel portal, decision 052). */
export function createWechatMpFromConfig(config: Config): WechatMpAdapter {
  return config.wechatMp.provider === 'wechat'
    ? createWechatMpAdapter(settingsOf(config.wechatMp))
    : createDemoWechatMpAdapter();
}
