import { describe, expect, it } from 'vitest';
import { numberTexts, pick } from './form-values.ts';

describe('form values from a record', () => {
  const row = { name: '王小明', phone: '13800000001', bank_id: 3, city_id: null, secret: 'x' };

  it('picks the named fields and nothing else', () => {
    expect(pick(row, ['name', 'phone'])).toEqual({ name: '王小明', phone: '13800000001' });
  });

  it('shows optional numbers as text, null as nothing chosen', () => {
    expect(numberTexts(row, ['bank_id', 'city_id'])).toEqual({ bank_id: '3', city_id: '' });
  });
});
