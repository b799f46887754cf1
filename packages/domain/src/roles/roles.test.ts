import { describe, expect, it } from 'vitest';
import { GRANT, JOB, SEX } from './roles.ts';

describe('roles', () => {
  it('numbers the jobs as the user record does', () => {
    expect(JOB).toEqual({ SIGNING: 2, SERVICE: 3, HOUSE_FINANCE: 4, HOUSE_STEWARD: 5, REBATE_ONLY: 6 });
  });

  it('names the grants and sexes the server stores', () => {
    expect(GRANT).toEqual({
      SIGN_REJECT_APPROVE: 'sign.reject.approve',
      COMPANY_ADMIN: 'company.admin',
      PLATFORM_ADMIN: 'platform.admin',
    });
    expect(SEX).toEqual({ UNKNOWN: 0, MALE: 1, FEMALE: 2 });
  });
});
