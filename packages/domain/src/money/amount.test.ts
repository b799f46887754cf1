import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatFen, yuanToFen } from './amount.ts';

describe('yuanToFen', () => {
  it.each([
    ['100', 10_000],
    ['1000.5', 100_050],
    ['1000.50', 100_050],
    ['1234.56', 123_456],
    ['0.10', null],
    ['99', null],
    ['100.123', null],
    ['1..00', null],
    ['1e5', null],
    ['abc', null],
    ['', null],
  ])('%j → %j', (text, expected) => expect(yuanToFen(text)).toBe(expected));

  it('round-trips every whole fen amount it accepts through formatFen', () => {
    fc.assert(
      fc.property(fc.integer({ min: 10_000, max: 999_999_999 }), (fen) => {
        const text = formatFen(fen).replace(/,/g, '');
        expect(yuanToFen(text)).toBe(fen);
      }),
    );
  });
});

describe('formatFen', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [123_456, '1,234.56'],
    [100_000_000, '1,000,000.00'],
  ])('%i → %s', (fen, text) => expect(formatFen(fen)).toBe(text));
});
