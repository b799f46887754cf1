import { corpIdSchema, phoneSchema, smsCodeSchema } from '@crm/domain/validation';
import { describe, expect, it } from 'vitest';
import { checkCorpId, checkPhone, checkSmsCode, isSendablePhone, validateLoginForm } from './login-rules.ts';

const schemaMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.success ? null : (result.error?.issues[0]?.message ?? null);

describe('login field rules', () => {
  it.each(['', ' ', '1380013800', '13800138000', '12800138000', '138001380001', '1380013800a', ' 13800138000 '])(
    'agree with the domain phoneSchema for %j',
    (phone) => {
      expect(checkPhone(phone)).toBe(schemaMessage(phoneSchema.safeParse(phone)));
    },
  );

  it.each(['', '12345', '123456', '1234567', '12345a', ' 123456 '])(
    'agree with the domain smsCodeSchema for %j',
    (code) => {
      expect(checkSmsCode(code)).toBe(schemaMessage(smsCodeSchema.safeParse(code)));
    },
  );

  it.each([null, 0, -1, 1, 25])('agree with the domain corpIdSchema for %j', (corpId) => {
    expect(checkCorpId(corpId)).toBe(schemaMessage(corpIdSchema.safeParse(corpId ?? '')));
  });

  it('lets the SMS button act only on a valid phone', () => {
    expect(isSendablePhone('13800138000')).toBe(true);
    expect(isSendablePhone('1380013800')).toBe(false);
    expect(isSendablePhone('')).toBe(false);
  });
});

describe('validateLoginForm', () => {
  const valid = { corpId: 1, phone: '13800138000', code: '123456' };

  it.each([
    [{ ...valid, corpId: null }, 'corpId', '公司必选'],
    [{ ...valid, phone: '' }, 'phone', '手机号码必填'],
    [{ ...valid, phone: '1234' }, 'phone', '手机号码格式错误'],
    [{ ...valid, code: '' }, 'code', '验证码必填'],
    [{ ...valid, code: '12' }, 'code', '验证码格式错误'],
  ])('refuses %j on %s with %s', (form, field, message) => {
    expect(validateLoginForm(form, '13800138000')).toEqual({
      ok: false,
      field,
      message,
      problems: [{ field, message }],
    });
  });

  it('names every bad field at once, and the stored phone only once they hold', () => {
    const result = validateLoginForm({ corpId: null, phone: '1234', code: '' }, null);
    expect(result).toMatchObject({
      ok: false,
      field: 'corpId',
      problems: [
        { field: 'corpId', message: '公司必选' },
        { field: 'phone', message: '手机号码格式错误' },
        { field: 'code', message: '验证码必填' },
      ],
    });
  });

  it('needs an SMS sent to this phone (验证码输入错误)', () => {
    const stored = { field: 'stored', message: '验证码输入错误' };
    expect(validateLoginForm(valid, null)).toEqual({ ok: false, ...stored, problems: [stored] });
    expect(validateLoginForm(valid, '13900139000')).toEqual({ ok: false, ...stored, problems: [stored] });
  });

  it('gives the login payload when everything holds', () => {
    expect(validateLoginForm(valid, '13800138000')).toEqual({
      ok: true,
      values: { corp_id: 1, phone: '13800138000', code: '123456' },
    });
  });
});
