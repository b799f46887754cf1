import { describe, expect, it } from 'vitest';
import { FEMALE_SIGNER_IDS, JOB, REJECT_APPROVER_ID, isRejectApprover } from './roles.ts';

describe('roles', () => {
  it('numbers the jobs as the user record does', () => {
    expect(JOB).toEqual({ SIGNING: 2, SERVICE: 3, HOUSE_FINANCE: 4, HOUSE_STEWARD: 5, REBATE_ONLY: 6 });
    expect(FEMALE_SIGNER_IDS).toEqual([42, 43]);
  });

  it.each([
    [29, true],
    [28, false],
    [290, false],
    [0, false],
  ])('isRejectApprover(%i) is %s', (userId, expected) => {
    expect(isRejectApprover(userId)).toBe(expected);
  });

  it('takes user 29 as the reject approver', () => {
    expect(REJECT_APPROVER_ID).toBe(29);
  });
});
