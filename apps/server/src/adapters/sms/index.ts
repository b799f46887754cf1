export { SMS_SEND_FAILED_MESSAGE, SmsSendError } from './sms.ts';
export type { SmsAdapter, SmsNotice, SmsSendErrorDetails } from './sms.ts';
export { createDemoSmsAdapter } from './demo-sms.ts';
export type { DemoSmsOptions } from './demo-sms.ts';
export { createTencentSmsAdapter } from './tencent-sms.ts';
export type { TencentSmsOptions } from './tencent-sms.ts';
export { tc3Authorization } from '../tencent-cloud/tc3-sign.ts';
export type { Tc3SignInput } from '../tencent-cloud/tc3-sign.ts';
