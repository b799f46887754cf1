import { describe, expect, it } from 'vitest';
import { extractDocumentNumber, isLuhnValid, isValidBankCardNumber } from './index.ts';

describe('Luhn', () => {
  it.each([
    ['6222021234567894', true],
    ['6222021234567890', false],
    ['4111111111111111', true],
    ['79927398713', true],
    ['7992739871a', false],
    ['', false],
  ])('isLuhnValid(%j) is %s', (value, expected) => expect(isLuhnValid(value)).toBe(expected));

  it('wants 16 to 19 digits for a bank card', () => {
    expect(isValidBankCardNumber('79927398713')).toBe(false);
    expect(isValidBankCardNumber('4111111111111111')).toBe(true);
  });
});

describe('extractDocumentNumber', () => {
  it('joins a bank card printed in groups and prefers a Luhn-valid number', () => {
    expect(extractDocumentNumber('bankCard', 'VALID 12/28\n6222 0212 3456 7894\n')).toEqual({
      number: '6222021234567894',
      valid: true,
    });
    expect(extractDocumentNumber('bankCard', '6222 0212 3456 7890\n4111 1111 1111 1111')).toEqual({
      number: '4111111111111111',
      valid: true,
    });
  });

  it('answers an unchecked number as not valid rather than nothing', () => {
    expect(extractDocumentNumber('bankCard', '6222 0212 3456 7890')).toEqual({
      number: '6222021234567890',
      valid: false,
    });
  });

  it('reads an ID number with an X in either case', () => {
    expect(extractDocumentNumber('idCard', '公民身份号码 11010519491231002x')).toEqual({
      number: '11010519491231002X',
      valid: true,
    });
  });

  it('finds nothing in text without a number', () => {
    expect(extractDocumentNumber('idCard', 'no digits here 12345')).toBeNull();
  });
});
