import { describe, expect, it } from 'vitest';
import { corpIdSchema, phoneSchema, smsCodeSchema } from './fields.ts';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : (result.error?.issues[0]?.message ?? null);

describe('login field schemas (spec §5 and the login form)', () => {
  it.each([
    ['', '手机号码必填'],
    [undefined, '手机号码必填'],
    ['138000000001', '手机号码格式错误'],
    ['12800000000', '手机号码格式错误'],
    ['13800000000', null],
  ])('phone %j → %s', (value, message) => expect(firstMessage(phoneSchema.safeParse(value))).toBe(message));

  it.each([
    ['', '验证码必填'],
    ['1234567', '验证码格式错误'],
    ['12a456', '验证码格式错误'],
    ['123456', null],
  ])('code %j → %s', (value, message) => expect(firstMessage(smsCodeSchema.safeParse(value))).toBe(message));

  it.each([
    ['', '公司必选'],
    [undefined, '公司必选'],
    ['abc', '公司必选'],
    ['0', '公司必选'],
    ['2', null],
  ])('corp %j → %s', (value, message) => expect(firstMessage(corpIdSchema.safeParse(value))).toBe(message));

  it('turns a form string into a company number', () => expect(corpIdSchema.parse('7')).toBe(7));
});
