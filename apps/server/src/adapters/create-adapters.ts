import type { Adapters } from '../app.ts';
import type { Config } from '../config.ts';
import { createDemoSmsAdapter, createTencentSmsAdapter } from './sms/index.ts';
import { createDemoWecomAdapter, createWecomAdapter } from './wecom/index.ts';

/** Picks each adapter from the settings; config.ts has already refused demo adapters in production. */
export function createAdapters(config: Config, log: (message: string) => void): Adapters {
  const sms =
    config.sms.provider === 'tencent'
      ? createTencentSmsAdapter({
          secretId: config.sms.secretId,
          secretKey: config.sms.secretKey,
          sdkAppId: config.sms.sdkAppId,
          signName: config.sms.signName,
          templateId: config.sms.templateId,
          ...(config.sms.endpoint ? { endpoint: config.sms.endpoint } : {}),
        })
      : createDemoSmsAdapter({ log });
  const wecom =
    config.wecom.provider === 'wecom'
      ? createWecomAdapter({
          corpId: config.wecom.corpId,
          agentId: config.wecom.agentId,
          secret: config.wecom.secret,
          ...(config.wecom.apiBase ? { apiBase: config.wecom.apiBase } : {}),
        })
      : createDemoWecomAdapter({});
  return { sms, wecom };
}
