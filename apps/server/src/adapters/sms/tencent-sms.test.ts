import { createServer } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeTencentSms } from './fake-tencent-sms.ts';
import type { FakeTencentSms } from './fake-tencent-sms.ts';
import { SMS_SEND_FAILED_MESSAGE, SmsSendError } from './sms.ts';
import { createTencentSmsAdapter } from './tencent-sms.ts';
import type { TencentSmsOptions } from './tencent-sms.ts';
import { rejectionOf } from '../../test/rejection.ts';
import { listenLocally } from '../local-server.ts';

const SECRET_ID = 'AKIDtest0000000000000000000000000000';
const SECRET_KEY = 'test-secret-key-0000000000000000';

let fake: FakeTencentSms;
beforeEach(async () => {
  fake = await startFakeTencentSms({ secretId: SECRET_ID, secretKey: SECRET_KEY, sdkAppId: '1400000000' });
});
afterEach(async () => {
  await fake.close();
});

const adapter = (overrides: Partial<TencentSmsOptions> = {}) =>
  createTencentSmsAdapter({
    secretId: SECRET_ID,
    secretKey: SECRET_KEY,
    sdkAppId: '1400000000',
    signName: '某某信贷',
    templateId: '123456',
    endpoint: fake.endpoint,
    ...overrides,
  });

const sendError = (promise: Promise<unknown>) => rejectionOf(promise, SmsSendError);

describe('createTencentSmsAdapter against the fake Tencent SMS', () => {
  it('sends a signed SendSms request the fake accepts', async () => {
    const sms = adapter();
    expect(sms.kind).toBe('tencent');
    expect(sms.revealsCode).toBe(false);

    await sms.sendVerificationCode('13800138000', '654321');

    expect(fake.sent).toEqual([{ phone: '+8613800138000', params: ['654321', '5'] }]);
    const [req] = fake.requests;
    expect(req?.authError).toBeNull();
    expect(req?.body).toEqual({
      PhoneNumberSet: ['+8613800138000'],
      SmsSdkAppId: '1400000000',
      SignName: '某某信贷',
      TemplateId: '123456',
      TemplateParamSet: ['654321', '5'],
    });
    expect(req?.headers).toMatchObject({
      'content-type': 'application/json; charset=utf-8',
      'x-tc-action': 'SendSms',
      'x-tc-version': '2021-01-11',
      'x-tc-region': 'ap-guangzhou',
      host: new URL(fake.endpoint).host,
    });
  });

  it('is rejected by the fake when signed with the wrong secret', async () => {
    const err = await sendError(adapter({ secretKey: 'wrong' }).sendVerificationCode('13800138000', '1'));
    expect(err.providerCode).toBe('AuthFailure.SignatureFailure');
    expect(err.message).toBe(SMS_SEND_FAILED_MESSAGE);
    expect(err.requestId).toEqual(expect.any(String));
    expect(fake.sent).toEqual([]);
  });

  it('is rejected when its clock is more than 5 minutes off', async () => {
    const err = await sendError(
      adapter({ now: () => Date.now() - 10 * 60_000 }).sendVerificationCode('13800138000', '1'),
    );
    expect(err.providerCode).toBe('AuthFailure.SignatureExpire');
  });

  it('turns a Response.Error into SmsSendError carrying the provider code', async () => {
    fake.queue({ kind: 'error', code: 'LimitExceeded.PhoneNumberDailyLimit', message: '日上限' });
    const err = await sendError(adapter().sendVerificationCode('13800138000', '1'));
    expect(err.providerCode).toBe('LimitExceeded.PhoneNumberDailyLimit');
    expect(err.providerMessage).toBe('日上限');
    expect(err.message).toBe('短信发送失败，请稍后再试');
  });

  it('turns a failed SendStatusSet entry into SmsSendError', async () => {
    fake.queue({ kind: 'status', code: 'FailedOperation.PhoneNumberInBlacklist' });
    const err = await sendError(adapter().sendVerificationCode('13800138000', '1'));
    expect(err.providerCode).toBe('FailedOperation.PhoneNumberInBlacklist');
    expect(fake.sent).toEqual([]);
  });

  it('gives up with a Timeout error when the server never answers', async () => {
    fake.queue({ kind: 'hang' });
    const started = Date.now();
    const err = await sendError(adapter({ timeoutMs: 100 }).sendVerificationCode('13800138000', '1'));
    expect(err.providerCode).toBe('Timeout');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('reports a NetworkError when nothing listens', async () => {
    const probe = createServer();
    const endpoint = await listenLocally(probe);
    await new Promise<void>((resolve) => probe.close(() => resolve()));

    const err = await sendError(adapter({ endpoint }).sendVerificationCode('13800138000', '1'));
    expect(err.providerCode).toBe('NetworkError');
    expect(err.cause).toBeDefined();
  });

  it('reports a BadResponse when the answer is not JSON', async () => {
    const bad = createServer((_req, res) => res.end('<html>gateway error</html>'));
    const endpoint = await listenLocally(bad);
    try {
      const err = await sendError(adapter({ endpoint }).sendVerificationCode('13800138000', '1'));
      expect(err.providerCode).toBe('BadResponse');
    } finally {
      await new Promise<void>((resolve) => bad.close(() => resolve()));
    }
  });
});
