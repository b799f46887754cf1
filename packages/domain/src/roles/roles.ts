/** Job ids as the user record carries them in `job` (a user may hold several). */
export const JOB = {
  SIGNING: 2,
  SERVICE: 3,
  HOUSE_FINANCE: 4,
  HOUSE_STEWARD: 5,
  REBATE_ONLY: 6,
} as const;

export type Job = (typeof JOB)[keyof typeof JOB];

/**
 * Jobs that make someone a back-office role rather than a salesperson: the signing centre, home-loan finance
 * and stewards, rebate-only users. Customer service (3) sells too. A case is handed only to a salesperson.
 */
export const NON_SALES_JOBS: readonly Job[] = [JOB.SIGNING, JOB.HOUSE_FINANCE, JOB.HOUSE_STEWARD, JOB.REBATE_ONLY];

export const isSalesperson = (jobs: readonly number[]): boolean =>
  !jobs.some((job) => NON_SALES_JOBS.includes(job as Job));

/**
 * Permissions a company grants named staff members (the server's `staff_grants`). The spec's
 * rejection-approval tile "when a stored value equals 29" is the grant `sign.reject.approve`: each
 * company names its own approver, and no id is written in code.
 */
export const GRANT = {
  SIGN_REJECT_APPROVE: 'sign.reject.approve',
  /** The company's back office (/admin, decision 057): its staff, teams, lists, notices and settings. */
  COMPANY_ADMIN: 'company.admin',
  /** The operator's super-admin: every company (creating one, closing one). Given by an operator only. */
  PLATFORM_ADMIN: 'platform.admin',
} as const;

export type Grant = (typeof GRANT)[keyof typeof GRANT];

/** A person's sex as the staff record stores it; the signer tiles show the female icon for FEMALE. */
export const SEX = { UNKNOWN: 0, MALE: 1, FEMALE: 2 } as const;
