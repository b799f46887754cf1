import { describe, expect, it } from 'vitest';
import { createDemoSmsAdapter } from './demo-sms.ts';

describe('createDemoSmsAdapter', () => {
  it('logs the code instead of sending it and lets the server reveal it', async () => {
    const lines: string[] = [];
    const sms = createDemoSmsAdapter({ log: (msg) => lines.push(msg) });
    await sms.sendVerificationCode('13800138000', '123456');
    expect(lines).toEqual(['[demo sms] 13800138000 验证码 123456']);
    expect(sms.kind).toBe('demo');
    expect(sms.revealsCode).toBe(true);
  });
});
