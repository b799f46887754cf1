import { describe, expect, it } from 'vitest';
import { idCheckChar, isValidIdNumber, parseIdNumber } from './id-number.ts';

describe('parseIdNumber (GB 11643)', () => {
  it.each([
    // The standard's own example and well-known valid numbers.
    ['11010519491231002X', { birthDate: '1949-12-31', sex: 2 }],
    ['110105194912310029', null], // wrong check character (X expected)
    ['440524188001010014', { birthDate: '1880-01-01', sex: null }],
    ['11010519491331002X', null], // month 13
    ['11010519490230002X', null], // 30 February
    ['110105491231002', { birthDate: '1949-12-31', sex: 2 }], // 15 digits: no check character
    ['110105491231001', { birthDate: '1949-12-31', sex: 1 }],
    ['1101051949123100', null],
  ])('%s → %j', (value, expected) => {
    const facts = parseIdNumber(value);
    if (expected === null) expect(facts).toBeNull();
    else if (expected.sex === null)
      expect(facts).toBeNull(); // 1880 is before 1900: refused
    else expect(facts).toEqual(expected);
  });

  it('accepts a lower-case x as the check character', () => {
    expect(parseIdNumber('11010519491231002x')).toEqual({ birthDate: '1949-12-31', sex: 2 });
  });

  it('computes the check character the standard gives', () => {
    expect(idCheckChar('11010519491231002')).toBe('X');
    expect(idCheckChar('31010419850312123')).toMatch(/^[\dX]$/);
  });

  it('reads the sex from the 17th digit: odd is male', () => {
    const first17 = '31010419850312121';
    expect(parseIdNumber(first17 + idCheckChar(first17))?.sex).toBe(1);
    const even = '31010419850312122';
    expect(parseIdNumber(even + idCheckChar(even))?.sex).toBe(2);
  });
});

describe('isValidIdNumber', () => {
  it.each([
    ['11010519491231002X', true],
    ['11010519491231002x', true],
    ['110105194912310029', false],
    ['440304199001010011', true],
    ['440304199001010018', false],
    ['11010519491231002', false],
    ['110105491231002', true], // 15 digits carry no check character (spec §5 accepts them)
    ['110105491331002', false], // month 13
  ])('%j is %s', (value, expected) => expect(isValidIdNumber(value)).toBe(expected));

  it('refuses anything but 17 digits for the check character', () =>
    expect(() => idCheckChar('abc')).toThrow(RangeError));
});
