import { describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES, VALIDATION_MESSAGES_EN } from '../validation/messages.ts';
import { validateCalculatorForm, type CalculatorForm } from './validate-calculator-form.ts';

const valid: CalculatorForm = { amount: '10', nper: 12, interestType: 1, rate: '4.9', method: 1 };

describe('validateCalculatorForm', () => {
  it.each<[string, CalculatorForm, string, string]>([
    ['amount missing', { amount: undefined }, 'amount', '请输入贷款金额'],
    ['amount empty', { amount: '' }, 'amount', '请输入贷款金额'],
    ['amount with a leading zero', { amount: '010' }, 'amount', '金额只能是整数'],
    ['amount zero', { amount: '0' }, 'amount', '金额只能是整数'],
    ['amount with decimals', { amount: '10.5' }, 'amount', '金额只能是整数'],
    ['amount negative', { amount: '-10' }, 'amount', '金额只能是整数'],
    ['amount with spaces', { amount: ' 10' }, 'amount', '金额只能是整数'],
    ['amount with letters', { amount: '10w' }, 'amount', '金额只能是整数'],
    ['amount too large to count in fen', { amount: '99999999999' }, 'amount', '金额只能是整数'],
    ['term missing', { nper: undefined }, 'nper', '请选择贷款期限'],
    ['term null', { nper: null }, 'nper', '请选择贷款期限'],
    ['term the picker does not offer', { nper: 7 }, 'nper', '请选择贷款期限'],
    ['interest type missing', { interestType: null }, 'interestType', '请选择利率类型'],
    ['interest type unknown', { interestType: 3 }, 'interestType', '请选择利率类型'],
    ['rate missing', { rate: undefined }, 'rate', '请输入利率'],
    ['rate empty', { rate: '' }, 'rate', '请输入利率'],
    ['rate zero', { rate: '0' }, 'rate', '利率输入有误'],
    ['rate zero with decimals', { rate: '0.0000' }, 'rate', '利率输入有误'],
    ['rate with 4 integer digits', { rate: '1000' }, 'rate', '利率输入有误'],
    ['rate with 5 decimals', { rate: '4.90001' }, 'rate', '利率输入有误'],
    ['rate ending in a dot', { rate: '4.' }, 'rate', '利率输入有误'],
    ['rate starting with a dot', { rate: '.5' }, 'rate', '利率输入有误'],
    ['rate negative', { rate: '-4.9' }, 'rate', '利率输入有误'],
    ['method missing with an annual rate', { method: null }, 'method', '请选择还款方式'],
    ['method unknown with an annual rate', { method: 0 }, 'method', '请选择还款方式'],
  ])('refuses %s', (_, change, field, message) => {
    expect(validateCalculatorForm({ ...valid, ...change })).toMatchObject({ ok: false, field, message });
  });

  it('reports the first failing field in screen order', () => {
    expect(validateCalculatorForm({})).toMatchObject({ ok: false, field: 'amount', code: 'amountRequired' });
    expect(validateCalculatorForm({ amount: '5' })).toMatchObject({ field: 'nper' });
    expect(validateCalculatorForm({ amount: '5', nper: 6 })).toMatchObject({ field: 'interestType' });
    expect(validateCalculatorForm({ amount: '5', nper: 6, interestType: 1 })).toMatchObject({
      field: 'rate',
    });
    expect(validateCalculatorForm({ amount: '5', nper: 6, interestType: 1, rate: '5' })).toMatchObject({
      field: 'method',
    });
  });

  it('lists every failing field, not only the first', () => {
    const result = validateCalculatorForm({ amount: '1.5', nper: null, interestType: 1, rate: '', method: null });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems.map((problem) => [problem.field, problem.message])).toEqual([
      ['amount', '金额只能是整数'],
      ['nper', '请选择贷款期限'],
      ['rate', '请输入利率'],
      ['method', '请选择还款方式'],
    ]);
    expect(validateCalculatorForm({ ...valid, interestType: 2, method: null, rate: '0' })).toMatchObject({
      problems: [{ field: 'rate', code: 'rateInvalid' }],
    });
  });

  it.each([
    ['the smallest amount and rate', { amount: '1', rate: '0.0001' }, { amount: 1, rate: 0.0001 }],
    ['the largest rate', { rate: '999.9999' }, { rate: 999.9999 }],
    ['a rate without decimals', { rate: '5' }, { rate: 5 }],
    ['equal principal', { method: 2 }, { method: 2 }],
  ] as const)('accepts %s', (_, change, expected) => {
    const result = validateCalculatorForm({ ...valid, ...change });
    expect(result).toEqual({
      ok: true,
      input: { amount: 10, nper: 12, interestType: 1, rate: 4.9, method: 1, ...expected },
    });
  });

  it.each([null, undefined, 1, 2, 9])('does not ask for a method with an instalment rate (method %o)', (method) => {
    const result = validateCalculatorForm({ ...valid, interestType: 2, rate: '0.6', method });
    expect(result).toEqual({ ok: true, input: { amount: 10, nper: 12, interestType: 2, rate: 0.6 } });
  });

  it('shows the messages of another locale by the same code', () => {
    const result = validateCalculatorForm({ ...valid, rate: 'abc' }, VALIDATION_MESSAGES_EN);
    const problem = { field: 'rate', code: 'rateInvalid', message: 'rate entered wrongly' };
    expect(result).toEqual({ ok: false, ...problem, problems: [problem] });
  });
});

describe("the calculator's messages (spec §5)", () => {
  it('has an English text for every Chinese one of the §5 table', () => {
    expect(Object.keys(VALIDATION_MESSAGES_EN).sort()).toEqual(Object.keys(VALIDATION_MESSAGES).sort());
  });

  it.each([
    ['amountRequired', 'amount required'],
    ['amountInteger', 'amount can only be an integer'],
    ['termRequired', 'term required'],
    ['interestTypeRequired', 'interest type required'],
    ['rateRequired', 'rate required'],
    ['rateInvalid', 'rate entered wrongly'],
    ['methodRequired', 'repayment method required'],
  ] as const)('%s reads "%s" in English', (key, text) => {
    expect(VALIDATION_MESSAGES_EN[key]).toBe(text);
    expect(VALIDATION_MESSAGES[key]).toMatch(/^请|^金额|^利率/);
  });
});
