import { describe, expect, it } from 'vitest';
import {
  formatDateTime,
  formatDateTimeSeconds,
  formatDay,
  formatMonthDayTime,
  formatTime,
  fromCstInputValue,
  toCstInputValue,
} from './format.ts';

describe('dates in China Standard Time', () => {
  it.each([
    // Just after 16:00 UTC it is already the next day in Shanghai (issue 39: the UTC day was shown).
    ['2026-11-28T16:00:01Z', '2026-11-29', '2026-11-29 00:00', '00:00'],
    ['2026-11-28T15:59:59.999Z', '2026-11-28', '2026-11-28 23:59', '23:59'],
    ['2026-12-31T16:30:00.000Z', '2027-01-01', '2027-01-01 00:30', '00:30'],
    ['2024-02-28T20:00:00+00:00', '2024-02-29', '2024-02-29 04:00', '04:00'],
    ['2026-06-01T09:05:00+08:00', '2026-06-01', '2026-06-01 09:05', '09:05'],
  ])('%s is %s (%s) in CST', (iso, day, dateTime, time) => {
    expect(formatDay(iso)).toBe(day);
    expect(formatDateTime(iso)).toBe(dateTime);
    expect(formatTime(iso)).toBe(time);
    expect(formatDay(new Date(iso))).toBe(day);
    expect(formatDay(Date.parse(iso))).toBe(day);
  });

  it('writes seconds for audit trails and leaves the year out where it goes without saying', () => {
    expect(formatDateTimeSeconds('2026-11-28T16:00:09Z')).toBe('2026-11-29 00:00:09');
    expect(formatMonthDayTime('2026-11-28T16:00:09Z')).toBe('11-29 00:00');
  });

  it('gives back text that names no instant, as it is', () => {
    expect(formatDay('尚未')).toBe('尚未');
    expect(formatDateTime('')).toBe('');
  });

  it('reads and writes a datetime-local value as CST, whatever zone the device is in', () => {
    expect(toCstInputValue('2026-11-28T16:00:00Z')).toBe('2026-11-29T00:00');
    expect(fromCstInputValue('2026-11-29T00:00')).toBe('2026-11-28T16:00:00.000Z');
    expect(fromCstInputValue(toCstInputValue('2026-03-01T01:02:00Z'))).toBe('2026-03-01T01:02:00.000Z');
    expect(fromCstInputValue('tomorrow')).toBeNull();
    expect(toCstInputValue('')).toBe('');
  });
});
