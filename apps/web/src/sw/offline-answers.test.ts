import { clientList } from '@crm/domain/endpoints/cases';
import { userinfo } from '@crm/domain/endpoints/home';
import { describe, expect, it } from 'vitest';
import { maskAnswer, offlineKey } from './offline-answers.ts';

describe('what the service worker keeps of a read', () => {
  it('keys a read by its path and its sorted parameters, whatever order they were sent in', () => {
    const origin = 'https://crm.example.com';
    const one = offlineKey(origin, clientList.path, [
      ['status', '2'],
      ['cursor', '90'],
    ]);
    const other = offlineKey(origin, clientList.path, [
      ['cursor', '90'],
      ['status', '2'],
    ]);
    expect(one).toBe(other);
    expect(one).toBe(`https://crm.example.com/__offline__${clientList.path}?cursor=90&status=2`);
    expect(offlineKey(origin, userinfo.path, [])).toBe(`https://crm.example.com/__offline__${userinfo.path}`);
    expect(offlineKey(origin, clientList.path, [['status', '3']])).not.toBe(one);
  });

  it('keeps no full phone, ID number or bank card, at any depth, and says the answer is masked', () => {
    const answer = {
      code: 0,
      data: {
        masked: false,
        phone: '13800001234',
        id_number: '110101199003071234',
        bank_card: '6222021234567890123',
        name: '陈美玲',
        list: [{ client_phone: '13912345678', amount: 1_280_50, note: '13912345678 之后再联系' }],
      },
    };
    expect(maskAnswer(answer)).toEqual({
      code: 0,
      data: {
        masked: true,
        phone: '138****1234',
        id_number: '110101********1234',
        bank_card: '***************0123',
        name: '陈美玲',
        // A note is the person's own words, kept as typed; only the fields that hold numbers are masked.
        list: [{ client_phone: '139****5678', amount: 1_280_50, note: '13912345678 之后再联系' }],
      },
    });
  });

  it('leaves a masked value as it is and an empty one empty', () => {
    expect(maskAnswer({ phone: '138****1234', bank_card: '' })).toEqual({ phone: '138****1234', bank_card: '' });
  });
});
