import { describe, expect, it } from 'vitest';
import { isPlausibleTime, isRowId, MAX_ROW_ID, rowIdSchema } from './bounds.ts';

describe('row ids', () => {
  it('accepts 1 to the largest integer column value, as numbers or strings', () => {
    expect(rowIdSchema().parse('1')).toBe(1);
    expect(rowIdSchema().parse(MAX_ROW_ID)).toBe(MAX_ROW_ID);
  });

  it.each([0, -1, 1.5, MAX_ROW_ID + 1, 2 ** 53 + 2, 1e308, 'abc', ''])('refuses %s with the field message', (value) => {
    const parsed = rowIdSchema('记录无效').safeParse(value);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe('记录无效');
  });

  it('says the range in Chinese when the field has no message of its own', () => {
    expect(rowIdSchema().safeParse(MAX_ROW_ID + 1).error?.issues[0]?.message).toBe('编号超出范围');
    expect(isRowId(MAX_ROW_ID + 1)).toBe(false);
  });
});

describe('dates and times', () => {
  it.each(['2026-11-23', '2026-11-23 08:00', '2026-11-23T08:00:00Z', '1900-01-01'])('accepts %s', (value) => {
    expect(isPlausibleTime(value)).toBe(true);
  });

  it.each(['10000-01-01', '0000-01-01', '-001000-01-01', '1899-12-31', 'tomorrow', ''])('refuses %s', (value) => {
    expect(isPlausibleTime(value)).toBe(false);
  });
});
