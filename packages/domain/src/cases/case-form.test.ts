import { describe, expect, it } from 'vitest';
import { caseFormErrors, caseFormSchema } from './case-form.ts';

const valid = { name: '陈美玲', phone: '13912345678', id_number: '11010519491231002X', amount: '50000', term: '36' };

describe('caseFormSchema (shared by the web form and addClient)', () => {
  it('turns the strings of a form into typed fields, amounts in fen, birth date and sex from the ID', () => {
    const form = caseFormSchema.parse({ ...valid, income: '15000.5', purpose: '2', bank_id: '3', need_service: '1' });
    expect(form).toMatchObject({
      name: '陈美玲',
      amount: 5_000_000,
      income: 1_500_050,
      term: 36,
      purpose: 2,
      bank_id: 3,
      product_id: null,
      need_service: true,
      id_number: { idNumber: '11010519491231002X', birthDate: '1949-12-31', sex: 2 },
    });
  });

  it.each([
    [{ name: '' }, 'name', '客户姓名必填'],
    [{ phone: '12345678901' }, 'phone', '手机号码格式错误'],
    [{ phone: '' }, 'phone', '手机号码必填'],
    [{ id_number: '' }, 'id_number', '身份证号码必填'],
    [{ id_number: '1101051949123100' }, 'id_number', '身份证号码格式错误'],
    [{ id_number: '110105194912310029' }, 'id_number', '身份证号码校验失败，请核对'],
    [{ amount: '' }, 'amount', '贷款金额必填'],
    [{ amount: '0500' }, 'amount', '金额格式不正确'],
    // Issue 39: well formed but over the cap says so, not "format incorrect".
    [{ amount: '100000000' }, 'amount', '金额不能超过 99,999,999.99 元'],
    [{ amount: '99999999.991' }, 'amount', '金额格式不正确'],
    [{ amount: '12345678901' }, 'amount', '金额不能超过 99,999,999.99 元'],
    [{ income: '100,000,000' }, 'income', '金额不能超过 99,999,999.99 元'],
    [{ term: '' }, 'term', '贷款期限必选'],
    [{ term: '7' }, 'term', '贷款期限无效'],
    [{ bank_card: '6222 0212' }, 'bank_card', '银行卡号格式错误'],
    [{ income: '12' }, 'income', '金额格式不正确'],
    [{ marital: '9' }, 'marital', '选项无效'],
    [{ product_id: '-1' }, 'product_id', '选项无效'],
    [{ remarks: '长'.repeat(501) }, 'remarks', '备注不能超过 500 个字'],
  ])('%j → %s: %s', (override, field, message) => {
    expect(caseFormErrors({ ...valid, ...override })[field]).toBe(message);
  });

  it('takes a card number with the spaces of its groups, and stores it without them', () => {
    const form = caseFormSchema.parse({ ...valid, bank_card: '6222 0210 1000 0007', amount: '80,000' });
    expect(form).toMatchObject({ bank_card: '6222021010000007', amount: 8_000_000 });
  });

  it('skips the format checks of empty optional fields (spec §5)', () => {
    expect(caseFormErrors({ ...valid, bank_card: '', income: '' })).toEqual({});
  });
});
