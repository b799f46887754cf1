import { describe, expect, it } from 'vitest';
import { fenToWan, fenToWanValue, fenToYuan, yuanToFen } from './money.ts';

describe('yuanToFen: exact, never through a float', () => {
  it.each([
    ['50000', 5_000_000],
    ['1234.5', 123_450],
    ['1234.56', 123_456],
    ['100', 10_000],
    ['0.29', null], // spec §5: starts 1-9
    ['99', null], // at least 3 characters
    ['1234.567', null],
    ['12.3.4', null],
    ['abc', null],
  ])('%j → %j', (value, fen) => expect(yuanToFen(value)).toBe(fen));

  it('keeps 0.1 + 0.2 style amounts exact', () => expect(yuanToFen('100.10')).toBe(10_010));
});

describe('fenToYuan and fenToWan', () => {
  it.each([
    [5_000_000, '50000'],
    [123_450, '1234.5'],
    [123_456, '1234.56'],
    [10_010, '100.1'],
  ])('%d → %s', (fen, yuan) => expect(fenToYuan(fen)).toBe(yuan));
  it('shows 万元', () => expect(fenToWan(12_500_000)).toBe('12.5万'));
  it.each([
    [75_000_000, 75],
    [1_234_567, 1.23],
    [0, 0],
  ])('%d fen is %d 万元 on a chart', (fen, wan) => expect(fenToWanValue(fen)).toBe(wan));
});
