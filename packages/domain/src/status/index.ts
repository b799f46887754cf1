/**
 * The one transition table of a case's status (spec §4 codes; the moves are ours, documented in
 * docs/decisions/006-case-status-transitions.md). The server moves a case only through `findTransition`;
 * the web shows only the moves `allowedMoves` gives the person.
 */
export const CASE_STATUS = {
  SIGNING: 1,
  SIGNING_FAILED: 2,
  APPROVING: 3,
  NEEDS_DOCUMENTS: 4,
  APPROVED: 5,
  REJECTED: 6,
  MORTGAGING: 7,
  DISBURSED: 8,
  RETURNED: 9,
} as const;
export type CaseStatus = (typeof CASE_STATUS)[keyof typeof CASE_STATUS];

export const CASE_STATUS_LABELS: Readonly<Record<CaseStatus, string>> = {
  1: '签约中',
  2: '签约失败',
  3: '审批中',
  4: '补件',
  5: '审批通过',
  6: '已拒绝',
  7: '抵押中',
  8: '已放款',
  9: '已退单',
};

export const CASE_STATUSES = Object.keys(CASE_STATUS_LABELS).map(Number) as CaseStatus[];

export function isCaseStatus(value: number): value is CaseStatus {
  return Number.isInteger(value) && value >= 1 && value <= 9;
}

/** Statuses after which a case is finished: its client may open a new case. */
export const CLOSED_STATUSES: readonly CaseStatus[] = [6, 8, 9];

/**
 * Who may move a case, relative to the case: its owner (the salesperson), the leader of its team, a
 * member of the signing centre (job 2, who signs and follows the bank's approval).
 */
export type CaseRole = 'owner' | 'leader' | 'signer';

export interface Transition {
  from: CaseStatus;
  to: CaseStatus;
  roles: readonly CaseRole[];
  /** A reason must be given (a rejection reason code for 2 and 6, text otherwise). */
  needsReason: boolean;
  /** Made only by another call (resubmission, an approved appeal), never by updateClientStatus. */
  via?: 'resubmit' | 'appeal';
}

const t = (
  from: CaseStatus,
  to: CaseStatus,
  roles: CaseRole[],
  needsReason = false,
  via?: Transition['via'],
): Transition => ({
  from,
  to,
  roles,
  needsReason,
  ...(via ? { via } : {}),
});

export const TRANSITIONS: readonly Transition[] = [
  t(1, 3, ['signer', 'leader']), // signed: the file goes to the bank
  t(1, 2, ['signer', 'leader'], true), // signing failed (client did not qualify, documents wrong)
  t(1, 9, ['owner', 'leader'], true), // client withdrew before signing
  t(2, 1, ['owner', 'leader'], false, 'resubmit'), // corrected and resubmitted (updateClientReject)
  t(2, 1, ['leader'], false, 'appeal'), // appeal against the failed signing approved
  t(2, 9, ['owner', 'leader'], true),
  t(3, 4, ['signer', 'leader'], true), // the bank asks for more documents
  t(3, 5, ['signer', 'leader']),
  t(3, 6, ['signer', 'leader'], true),
  t(4, 3, ['owner', 'signer', 'leader']), // documents supplied
  t(4, 9, ['owner', 'leader'], true),
  t(5, 7, ['signer', 'leader']), // secured loans are mortgaged before disbursement
  t(5, 8, ['signer', 'leader']),
  t(5, 9, ['owner', 'leader'], true),
  t(6, 3, ['leader'], false, 'appeal'), // appeal against the rejection approved: back to approval
  t(7, 8, ['signer', 'leader']),
  t(7, 9, ['owner', 'leader'], true),
];

/** The transition from → to that one of `roles` may make through `via` (undefined: updateClientStatus). */
export function findTransition(
  from: number,
  to: number,
  roles: readonly CaseRole[],
  via?: Transition['via'],
): Transition | undefined {
  return TRANSITIONS.find(
    (item) =>
      item.from === from && item.to === to && item.via === via && item.roles.some((role) => roles.includes(role)),
  );
}

/** The direct moves (updateClientStatus) these roles may make from `from`. */
export function allowedMoves(from: number, roles: readonly CaseRole[]): Transition[] {
  return TRANSITIONS.filter(
    (item) => item.from === from && item.via === undefined && item.roles.some((role) => roles.includes(role)),
  );
}

/** Why a move is refused, in the UI language. */
export function refusalOf(from: number, to: number): string {
  const name = (status: number) => (isCaseStatus(status) ? CASE_STATUS_LABELS[status] : String(status));
  return TRANSITIONS.some((item) => item.from === from && item.to === to && item.via === undefined)
    ? `您无权将报单从「${name(from)}」改为「${name(to)}」`
    : `报单不能从「${name(from)}」改为「${name(to)}」`;
}

/** Whether the owner may still delete the case: it never left signing (status 1, no status event after). */
export function isDeletable(status: number, hasMoved: boolean): boolean {
  return status === CASE_STATUS.SIGNING && !hasMoved;
}
