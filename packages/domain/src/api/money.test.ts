import { describe, expect, it } from 'vitest';
import { addMoneyRequestSchema, imageIdsSchema, moneyFormSchema } from './money.ts';

const first = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : (result.error?.issues[0]?.message ?? null);

describe('imageIdsSchema', () => {
  it.each([
    ['3', [3]],
    ['3,4, 5', [3, 4, 5]],
    [
      ['3', '4'],
      [3, 4],
    ],
    ['3,3', [3]],
  ])('reads %j as %j', (value, ids) => expect(imageIdsSchema.parse(value)).toEqual(ids));

  it.each([
    ['', '请至少上传一张图片'],
    ['x', '图片无效'],
    ['0', '图片无效'],
    ['1,2,3,4,5,6,7,8,9,10', '最多上传 9 张图片'],
  ])('refuses %j with %s', (value, message) => expect(first(imageIdsSchema.safeParse(value))).toBe(message));
});

describe('moneyFormSchema (the add-money form and the server)', () => {
  const valid = { amount: '1280.50', paid_on: '2026-11-20', method: '2', card_no: '6222 0212 3456 7894', note: '' };
  it('accepts a complete form and drops the spaces of a card number', () => {
    expect(moneyFormSchema.parse(valid)).toEqual({
      amount: '1280.50',
      paid_on: '2026-11-20',
      method: 2,
      card_no: '6222021234567894',
      note: '',
    });
  });
  it.each(['12,800', '99999999.99', ' 1,280.50 '])('accepts the amount %j as typed', (amount) =>
    expect(moneyFormSchema.safeParse({ ...valid, amount }).success).toBe(true),
  );
  it.each([
    [{ amount: '' }, '请输入还款金额'],
    [{ amount: '12.345' }, '金额格式不正确'],
    [{ amount: '100000000' }, '金额不能超过 99,999,999.99 元'],
    [{ amount: '123,456,789.00' }, '金额不能超过 99,999,999.99 元'],
    [{ paid_on: '2026-13-01' }, '还款日期格式错误'],
    [{ method: '5' }, '请选择还款方式'],
    [{ method: undefined }, '请选择还款方式'],
    [{ card_no: '6222021234567890' }, '银行卡号校验不通过，请核对'],
    [{ note: 'x'.repeat(201) }, '备注不能超过 200 字'],
  ])('refuses %o', (change, message) =>
    expect(first(moneyFormSchema.safeParse({ ...valid, ...change }))).toBe(message),
  );

  it('takes no images as none on the server, and wants a UUID key', () => {
    const parsed = addMoneyRequestSchema.parse({ ...valid, id: '7', key: '0b9c6a3e-8a53-4b43-9d0e-6f1c2f3a4b5c' });
    expect(parsed.imgs).toEqual([]);
    expect(first(addMoneyRequestSchema.safeParse({ ...valid, id: '7', key: 'not-a-uuid' }))).toBe(
      '请求标识无效，请刷新页面后重试',
    );
  });
});
