import type { SmsAdapter } from './sms.ts';

export interface DemoSmsOptions {
  log: (msg: string) => void;
}

/** Offline stand-in: the code goes to the log instead of a phone, and the server may echo it back. */
export function createDemoSmsAdapter({ log }: DemoSmsOptions): SmsAdapter {
  return {
    kind: 'demo',
    revealsCode: true,
    async sendVerificationCode(phone, code) {
      log(`[demo sms] ${phone} 验证码 ${code}`);
    },
    async sendNotice(phone, notice) {
      log(`[demo sms] ${phone} ${notice.kind} ${notice.params.join(' / ')}`);
    },
  };
}
