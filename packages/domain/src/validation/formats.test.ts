import { describe, expect, it } from 'vitest';
import {
  isAmountFormat,
  isBankCardFormat,
  isIdNumberFormat,
  isPhoneFormat,
  isSmsCodeFormat,
  isMasked,
  maskBankCard,
  maskIdNumber,
  maskPhone,
} from './formats.ts';

describe('phone format (spec §5: 11 digits, first 1, second 3-9)', () => {
  it.each([
    ['13800000000', true],
    ['19912345678', true],
    ['12800000000', false],
    ['23800000000', false],
    ['1380000000', false],
    ['138000000000', false],
    ['1380000000a', false],
    ['', true],
  ])('%j → %s', (value, ok) => expect(isPhoneFormat(value)).toBe(ok));
});

describe('amount format (spec §5: starts 1-9, then 2-9 digits or dots, 3-10 characters)', () => {
  it.each([
    ['100', true],
    ['1000.50', true],
    ['9999999999', true],
    ['99', false],
    ['0100', false],
    ['12345678901', false],
    ['12a', false],
    ['', true],
  ])('%j → %s', (value, ok) => expect(isAmountFormat(value)).toBe(ok));
});

describe('ID number format (spec §5: 15 digits, or 18 whose last is a digit or X/x)', () => {
  it.each([
    ['110105194912310029', true],
    ['11010519491231002X', true],
    ['11010519491231002x', true],
    ['110105491231002', true],
    ['11010519491231002Y', false],
    ['1101051949123100', false],
    ['', true],
  ])('%j → %s', (value, ok) => expect(isIdNumberFormat(value)).toBe(ok));
});

describe('bank card format (spec §5: 16-19 digits)', () => {
  it.each([
    ['6222021234567890', true],
    ['6222021234567890123', true],
    ['622202123456789', false],
    ['62220212345678901234', false],
    ['6222 0212 3456 7890', false],
    ['', true],
  ])('%j → %s', (value, ok) => expect(isBankCardFormat(value)).toBe(ok));
});

describe('SMS code format (spec §5: exactly 6 digits)', () => {
  it.each([
    ['123456', true],
    ['12345', false],
    ['1234567', false],
    ['12345a', false],
    ['', true],
  ])('%j → %s', (value, ok) => expect(isSmsCodeFormat(value)).toBe(ok));
});

describe('maskPhone (spec §9: keep the first 3 and last 4 digits)', () => {
  it('masks the middle four digits of a mobile number', () => expect(maskPhone('13812345678')).toBe('138****5678'));
  it('leaves a too-short value alone', () => expect(maskPhone('12345')).toBe('12345'));
});

describe('ID number and bank card masking (issue 38: IDs first 6 / last 4, cards last 4; decision 065)', () => {
  it.each([
    ['an 18-digit ID number', maskIdNumber('31010119900307123X'), '310101********123X'],
    ['a 15-digit ID number', maskIdNumber('310101900307123'), '310101*****7123'],
    ['a 19-digit bank card', maskBankCard('6222021001112223334'), '***************3334'],
    ['a 16-digit bank card', maskBankCard('6222021001112223'), '************2223'],
  ])('masks %s', (_what, masked, expected) => {
    expect(masked).toBe(expected);
    expect(isMasked(masked)).toBe(true);
  });
  it('shows no birth date of an ID number and no bank prefix of a card', () => {
    expect(maskIdNumber('31010119900307123X')).not.toContain('1990');
    expect(maskBankCard('6222021001112223334').startsWith('622')).toBe(false);
  });
  it('an empty value stays empty and is not "masked"', () => {
    expect(maskBankCard('')).toBe('');
    expect(isMasked('')).toBe(false);
  });
});
