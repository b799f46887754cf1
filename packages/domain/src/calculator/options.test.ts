import { describe, expect, it } from 'vitest';
import {
  CALCULATOR_TERMS,
  INTEREST_TYPES,
  REPAYMENT_METHODS,
  isCalculatorTerm,
  isInterestType,
  isRepaymentMethod,
} from './options.ts';

describe('calculator options', () => {
  it('offers terms in ascending order, each once, up to 30 years', () => {
    expect([...CALCULATOR_TERMS].sort((a, b) => a - b)).toEqual([...CALCULATOR_TERMS]);
    expect(new Set(CALCULATOR_TERMS).size).toBe(CALCULATOR_TERMS.length);
    expect(CALCULATOR_TERMS.at(-1)).toBe(360);
  });

  it('lists the interest types and repayment methods the screen shows', () => {
    expect(INTEREST_TYPES).toEqual([
      { value: 1, key: 'annual' },
      { value: 2, key: 'instalment' },
    ]);
    expect(REPAYMENT_METHODS).toEqual([
      { value: 1, key: 'equalInstalment' },
      { value: 2, key: 'equalPrincipal' },
    ]);
  });

  it.each([
    [isCalculatorTerm, 12, true],
    [isCalculatorTerm, 7, false],
    [isCalculatorTerm, null, false],
    [isInterestType, 1, true],
    [isInterestType, 2, true],
    [isInterestType, 0, false],
    [isInterestType, '1', false],
    [isRepaymentMethod, 2, true],
    [isRepaymentMethod, 3, false],
    [isRepaymentMethod, undefined, false],
  ] as const)('%o(%o) is %o', (guard, value, expected) => {
    expect(guard(value)).toBe(expected);
  });
});
