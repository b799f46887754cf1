import { describe, expect, it } from 'vitest';
import { cstDay, heldMessage, maskName, monthDay, poolDueAt } from './index.ts';

describe('ownership words', () => {
  it.each([
    ['王小明', '王**'],
    ['欧阳娜娜', '欧**'],
    ['', '**'],
  ])('masks %s as %s', (name, masked) => expect(maskName(name)).toBe(masked));

  it('dates by the CST calendar, not UTC', () => {
    expect(cstDay(new Date('2026-12-19T16:30:00Z'))).toBe('2026-12-20');
    expect(monthDay('2026-12-19T16:30:00Z')).toBe('12月20日');
  });

  it('says who holds the customer and until when', () => {
    expect(heldMessage('王**', new Date('2026-12-20T02:00:00Z'))).toBe('该客户已由 王** 跟进（保护至12月20日）');
    expect(heldMessage('王**', null)).toBe('该客户已由 王** 跟进');
  });

  it('puts the pool date the company days after the last touch', () => {
    expect(poolDueAt(new Date('2026-12-01T00:00:00Z'), 15).toISOString()).toBe('2026-12-16T00:00:00.000Z');
  });
});
