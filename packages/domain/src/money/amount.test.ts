import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cleanAmountText,
  fenToWan,
  fenToWanValue,
  fenToYuan,
  formatFen,
  isAmountTooLarge,
  loanAmountToFen,
  MAX_AMOUNT_FEN,
  moneyAmountToFen,
  yuanToFen,
} from './amount.ts';

describe('yuanToFen: the money rule', () => {
  it.each([
    ['5', 500],
    ['0', 0],
    ['0.05', 5],
    ['100', 10_000],
    ['1000.5', 100_050],
    ['1000.50', 100_050],
    ['1234.56', 123_456],
    ['12,800', 1_280_000],
    ['12，800.5', 1_280_050],
    [' 1 280 ', 128_000],
    ['1,234,567.89', 123_456_789],
    ['99999999.99', MAX_AMOUNT_FEN],
    ['100000000', null],
    ['1,28', null],
    ['12,80,0', null],
    ['0100', null],
    ['100.123', null],
    ['1..00', null],
    ['5.', null],
    ['.5', null],
    ['-5', null],
    ['+5', null],
    ['1e5', null],
    ['Infinity', null],
    ['abc', null],
    ['', null],
  ])('%j → %j', (text, expected) => expect(yuanToFen(text)).toBe(expected));

  it('keeps 0.1 + 0.2 style amounts exact', () => expect(yuanToFen('100.10')).toBe(10_010));
  it('cleans separators only where they group thousands', () => {
    expect(cleanAmountText('12,800')).toBe('12800');
    expect(cleanAmountText('1,28')).toBeNull();
  });
});

describe('isAmountTooLarge', () => {
  it.each([
    ['100000000', true],
    ['99999999.99', false],
    ['123,456,789', true],
    ['5', false],
    ['12.345', false],
    ['abc', false],
  ])('%j → %s', (text, expected) => expect(isAmountTooLarge(text)).toBe(expected));
});

describe('moneyAmountToFen and loanAmountToFen', () => {
  it.each([
    ['5', 500, null],
    ['0', null, null],
    ['99', 9_900, null],
    ['100', 10_000, 10_000],
    ['0.29', 29, null],
    ['50000', 5_000_000, 5_000_000],
    ['1234.5', 123_450, 123_450],
    ['12,800', 1_280_000, 1_280_000],
    ['1234.567', null, null],
    ['12.3.4', null, null],
  ])('%j: money %j, loan %j', (text, money, loan) => {
    expect(moneyAmountToFen(text)).toBe(money);
    expect(loanAmountToFen(text)).toBe(loan);
  });
});

describe('properties', () => {
  const fen = fc.integer({ min: 0, max: MAX_AMOUNT_FEN });

  it('formatFen and yuanToFen round-trip every amount', () => {
    fc.assert(
      fc.property(fen, (n) => {
        expect(yuanToFen(formatFen(n).replace('¥', ''))).toBe(n);
      }),
    );
  });

  it('fenToYuan and yuanToFen round-trip every amount', () => {
    fc.assert(
      fc.property(fen, (n) => {
        expect(yuanToFen(fenToYuan(n))).toBe(n);
      }),
    );
  });

  it('never goes through a float: yuan and fen digits read straight from the text', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999 }), fc.integer({ min: 0, max: 99 }), (yuan, cents) => {
        const text = `${yuan}.${String(cents).padStart(2, '0')}`;
        const result = yuanToFen(text);
        expect(result).toBe(yuan * 100 + cents);
        expect(Number.isSafeInteger(result)).toBe(true);
      }),
    );
  });

  it('refuses a third decimal whatever the digits', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9_999_999 }), fc.integer({ min: 0, max: 999 }), (yuan, milli) => {
        expect(yuanToFen(`${yuan}.${String(milli).padStart(3, '0')}`)).toBeNull();
      }),
    );
  });

  it('loanAmountToFen accepts exactly the spec §5 texts the money rule also accepts', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9.,]{1,11}$/), (text) => {
        const loan = loanAmountToFen(text);
        if (loan !== null) expect(loan).toBe(yuanToFen(text));
      }),
    );
  });
});

describe('display', () => {
  it.each([
    [0, '¥0.00'],
    [5, '¥0.05'],
    [123_456, '¥1,234.56'],
    [200_000_000, '¥2,000,000.00'],
    [-5, '-¥0.05'],
  ])('formatFen(%i) is %s', (n, text) => expect(formatFen(n)).toBe(text));

  it.each([
    [5_000_000, '50000'],
    [123_450, '1234.5'],
    [123_456, '1234.56'],
    [5, '0.05'],
  ])('fenToYuan(%i) is %s', (n, text) => expect(fenToYuan(n)).toBe(text));

  it('shows 万元', () => expect(fenToWan(12_500_000)).toBe('12.5万'));
  it.each([
    [12_500_000, 12.5],
    [12_345_678, 12.35],
  ])('%d fen is %d 万元 on a chart', (n, wan) => expect(fenToWanValue(n)).toBe(wan));
});
