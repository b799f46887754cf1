import { describe, expect, it } from 'vitest';
import {
  HOUSE_TERMS,
  houseBrokerageUserFormSchema,
  houseClientFormSchema,
  isHouseTerm,
  setBrokerageFormSchema,
} from './house.ts';

describe('house-loan terms', () => {
  it('runs 12 to 360 months in 12-month steps (spec §9)', () => {
    expect(HOUSE_TERMS).toHaveLength(30);
    expect(HOUSE_TERMS[0]).toBe(12);
    expect(HOUSE_TERMS.at(-1)).toBe(360);
  });
  it.each([
    [12, true],
    [360, true],
    [240, true],
    [0, false],
    [6, false],
    [18, false],
    [372, false],
    [24.5, false],
  ])('%d months is %s', (months, ok) => {
    expect(isHouseTerm(months)).toBe(ok);
  });
});

const valid = { name: '沈家豪', phone: '13812341234', loan_amount: '1500000.5', term_months: '240', bank: '工商银行' };

describe('houseClientFormSchema', () => {
  it('turns the typed yuan into fen and the ids into numbers or null', () => {
    const parsed = houseClientFormSchema.parse({ ...valid, channel_id: '3', referrer_id: '', id_number: '' });
    expect(parsed).toMatchObject({
      loan_amount: 150_000_050,
      term_months: 240,
      channel_id: 3,
      referrer_id: null,
      product: 'mortgage',
    });
  });
  it.each([
    [{ loan_amount: '0' }, '贷款金额至少 100 元，最多两位小数'],
    [{ loan_amount: '100000000' }, '金额不能超过 99,999,999.99 元'],
    [{ loan_amount: '99,999,999.999' }, '贷款金额至少 100 元，最多两位小数'],
    [{ loan_amount: '' }, '请输入贷款金额'],
    [{ term_months: '30' }, '房贷期限为 12 至 360 个月，按 12 个月递增'],
    [{ bank: ' ' }, '请输入贷款银行'],
    [{ id_number: '31010119900101123' }, '身份证号码格式错误'],
    [{ id_number: '310101199001011235' }, '身份证号码校验失败，请核对'],
  ])('refuses %j', (change, message) => {
    const result = houseClientFormSchema.safeParse({ ...valid, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});

describe('setBrokerageFormSchema', () => {
  it('reads the percent as basis points and gives equal shares by default', () => {
    expect(setBrokerageFormSchema.parse({ id: '7', rate: '1.25', user_ids: '3,5' })).toEqual({
      id: 7,
      rate: 125,
      user_ids: [3, 5],
      shares: [1, 1],
    });
    expect(setBrokerageFormSchema.parse({ id: '7', rate: '1', user_ids: ['3', '5'], shares: '2,1' }).shares).toEqual([
      2, 1,
    ]);
  });
  it('refuses repeated receivers, more than five, and a rate above 10 %', () => {
    expect(setBrokerageFormSchema.safeParse({ id: 1, rate: '1', user_ids: '3,3' }).success).toBe(false);
    expect(setBrokerageFormSchema.safeParse({ id: 1, rate: '1', user_ids: '1,2,3,4,5,6' }).success).toBe(false);
    expect(setBrokerageFormSchema.safeParse({ id: 1, rate: '10.01', user_ids: '1' }).success).toBe(false);
    expect(setBrokerageFormSchema.safeParse({ id: 1, rate: '10', user_ids: '1' }).success).toBe(true);
  });
});

describe('houseBrokerageUserFormSchema', () => {
  const valid = { name: '吴刚', phone: '13600000003', bank_name: '招商银行', bank_card: '6214 8301 2345 1234' };
  it('takes a card number with the spaces of its groups, without them', () => {
    expect(houseBrokerageUserFormSchema.parse(valid).bank_card).toBe('6214830123451234');
  });
  it('still refuses a short one', () => {
    expect(houseBrokerageUserFormSchema.safeParse({ ...valid, bank_card: '6214 8301' }).success).toBe(false);
  });
});
