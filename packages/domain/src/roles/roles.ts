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
 * The spec shows the rejection-approval tile "when a stored value equals 29" without saying which
 * value. We read it as the signed-in user's id: the one person who approves rejected signings. Should it
 * turn out to be another stored value, only `isRejectApprover`'s callers change.
 */
export const REJECT_APPROVER_ID = 29;

/** Whether this user approves rejected signings (see REJECT_APPROVER_ID). */
export function isRejectApprover(userId: number): boolean {
  return userId === REJECT_APPROVER_ID;
}

/** Signers shown with the female icon on the signing card; everyone else gets the male one. */
export const FEMALE_SIGNER_IDS: readonly number[] = [42, 43];
