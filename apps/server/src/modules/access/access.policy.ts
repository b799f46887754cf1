import { GRANT, JOB } from '@crm/domain/roles';
import type { CaseRole } from '@crm/domain/status';
import { ACCESS_TEXTS as T } from './access.texts.ts';

/*
 * The one policy table: for every named permission, the kind of record it is asked about, who may ask at
 * all (job gates, checked before any lookup), the permission that must hold first, and the roles on the
 * record that allow or deny it. Pure: no I/O, so the table is unit-tested as a matrix
 * (access.policy.test.ts). docs/decisions/041 explains it.
 */

/** What the policy knows of the caller: a staff identity (or, later, the staff arm of a Principal). */
export interface Actor {
  id: number;
  corpId: number;
  teamId: number | null;
  isLeader: boolean;
  jobs: readonly number[];
  /** What the company granted the person by name (staff_grants, decision 040). */
  grants: readonly string[];
}

/** The records a policy is written for; each table row is governed by exactly one of them. */
export type Resource =
  | 'case'
  | 'appeal'
  | 'moneyRecord'
  | 'proof'
  | 'houseClient'
  | 'houseChannel'
  | 'houseRecommend'
  | 'houseAudit'
  | 'clawback'
  | 'signTask'
  | 'partner'
  | 'referral'
  | 'examPaper'
  | 'examAttempt'
  | 'fair';

/** What each resource's roles are computed from (the owners' lookups answer at least this). */
export interface CaseFacts {
  ownerId: number;
  teamId: number | null;
  /** Whether the case was ever put to customer service (job 3 may then open it). */
  putToService: boolean;
  /**
   * The signing tasks of the case that a signer holds or held (any status), with that signer's team: the
   * signing centre reads a case through them only (decision 065).
   */
  signers: readonly CaseSigner[];
  /** In the company's pool since then (decision 066): nobody owns it, so owner and team leader lapse. */
  pooledAt?: Date | null;
}
export interface CaseSigner {
  signerId: number;
  signerTeamId: number | null;
  status: string;
}
export interface Facts {
  case: CaseFacts;
  appeal: { teamId: number | null };
  moneyRecord: { case: CaseFacts; record: { createdBy: number } };
  proof: { case: CaseFacts };
  houseClient: { ownerId: number; stewardId: number | null; teamId: number | null };
  houseChannel: { ownerId: number };
  /** `ownerId`: the staff member who recorded the recommendation. */
  houseRecommend: { ownerId: number };
  houseAudit: { requestedBy: number };
  /** A proposed commission claw-back (decision 067): who caused it, by the move that made the deal fall through. */
  clawback: { proposedBy: number };
  signTask: { status: string; signerId: number | null; signerTeamId: number | null };
  /** An outside partner, seen by staff through the staff member whose network it is (decision 049). */
  partner: PartnerFacts;
  referral: { partner: PartnerFacts };
  /** An exam paper or questionnaire: its owner and whom it is assigned to (decision 050). */
  examPaper: { ownerId: number | null; targets: readonly { kind: string; targetId: number }[] };
  /** One sitting: whose it is, their team, the paper's owner; an anonymous questionnaire names nobody. */
  examAttempt: { staffId: number; staffTeamId: number | null; paperOwnerId: number | null; anonymous: boolean };
  /** A fair of the company (company first is the lookup's): every colleague works it. */
  fair: { id: number };
}
export interface PartnerFacts {
  staffId: number;
  staffTeamId: number | null;
}

export type Role =
  // a case and what belongs to it (money records, proofs, images, follow-ups)
  | 'owner'
  | 'teamLeader'
  | 'signer'
  | 'service'
  | 'serviceAssigned'
  | 'recorder'
  // a house client and its brokerage
  | 'steward'
  | 'finance'
  | 'rebateOnly'
  | 'requester'
  // a signing task
  | 'centre'
  | 'openPool'
  | 'taskSigner'
  | 'signerLeader'
  | 'rejectApprover'
  // an outside partner and its referrals
  | 'networkOwner'
  // an exam paper and its attempts
  | 'assignee'
  | 'paperOwner'
  | 'candidate'
  // a fair: any staff member of its company
  | 'colleague';

const has = (me: Actor, job: number) => me.jobs.includes(job);
const leads = (me: Actor, teamId: number | null) => me.isLeader && me.teamId !== null && teamId === me.teamId;
/** A rebate-only user (job 6) sees the rebate orders and nothing else, whatever other jobs they hold. */
const isRebateOnly = (me: Actor) => has(me, JOB.REBATE_ONLY);
const isFinance = (me: Actor) => has(me, JOB.HOUSE_FINANCE) && !isRebateOnly(me);
const isCentre = (me: Actor) => has(me, JOB.SIGNING) && !isRebateOnly(me);
/** The company's approver of rejected signings: a grant, not an id (decision 040). */
const isRejectApprover = (me: Actor) => me.grants.includes(GRANT.SIGN_REJECT_APPROVE);

const REJECTED_TASK = ['rejected', 'reject_approved'];

function caseRoles(me: Actor, c: CaseFacts): Role[] {
  const roles: Role[] = [];
  const isPooled = c.pooledAt !== undefined && c.pooledAt !== null;
  if (c.ownerId === me.id && !isPooled) roles.push('owner');
  if (leads(me, c.teamId) && !isPooled) roles.push('teamLeader');
  // The signing centre sees a case through its signing tasks only: the one who holds or held one, that
  // signer's team leader, and the rejection approver once a task of it was rejected (decision 065).
  if (isCentre(me)) {
    if (c.signers.some((t) => t.signerId === me.id)) roles.push('signer');
    if (c.signers.some((t) => leads(me, t.signerTeamId))) roles.push('signerLeader');
    if (isRejectApprover(me) && c.signers.some((t) => REJECTED_TASK.includes(t.status))) roles.push('rejectApprover');
  }
  if (has(me, JOB.SERVICE)) roles.push('service');
  if (has(me, JOB.SERVICE) && c.putToService) roles.push('serviceAssigned');
  return roles;
}

/** The staff member whose network a partner is, and that member's team leader. */
const partnerRoles = (me: Actor, p: PartnerFacts): Role[] => [
  ...(p.staffId === me.id ? (['networkOwner'] as const) : []),
  ...(leads(me, p.staffTeamId) ? (['teamLeader'] as const) : []),
];

/** The roles the caller holds on a record of each kind. */
export const ROLES_ON: { [R in Resource]: (me: Actor, facts: Facts[R]) => Role[] } = {
  case: caseRoles,
  proof: (me, p) => caseRoles(me, p.case),
  moneyRecord: (me, m) => [...caseRoles(me, m.case), ...(m.record.createdBy === me.id ? (['recorder'] as const) : [])],
  appeal: (me, a) => (leads(me, a.teamId) ? ['teamLeader'] : []),
  houseClient: (me, h) => {
    const roles: Role[] = [];
    if (h.ownerId === me.id) roles.push('owner');
    if (h.stewardId === me.id) roles.push('steward');
    if (isFinance(me)) roles.push('finance');
    if (leads(me, h.teamId)) roles.push('teamLeader');
    if (isRebateOnly(me)) roles.push('rebateOnly');
    return roles;
  },
  houseChannel: (me, c) => [
    ...(c.ownerId === me.id ? (['owner'] as const) : []),
    ...(isFinance(me) ? (['finance'] as const) : []),
  ],
  houseRecommend: (me, r) => [
    ...(r.ownerId === me.id ? (['owner'] as const) : []),
    ...(isFinance(me) ? (['finance'] as const) : []),
  ],
  houseAudit: (me, a) => [
    ...(isFinance(me) ? (['finance'] as const) : []),
    ...(a.requestedBy === me.id ? (['requester'] as const) : []),
  ],
  clawback: (me, c) => [
    ...(isFinance(me) ? (['finance'] as const) : []),
    ...(c.proposedBy === me.id ? (['requester'] as const) : []),
  ],
  partner: (me, p) => partnerRoles(me, p),
  examPaper: (me, p) => [
    ...(p.targets.some(
      (t) =>
        t.kind === 'all' ||
        (t.kind === 'staff' && t.targetId === me.id) ||
        (t.kind === 'team' && t.targetId === me.teamId) ||
        (t.kind === 'job' && me.jobs.includes(t.targetId)),
    )
      ? (['assignee'] as const)
      : []),
    ...(p.ownerId !== null && p.ownerId === me.id ? (['paperOwner'] as const) : []),
  ],
  // An anonymous questionnaire's response is its respondent's alone: no leader or owner opens it by name.
  examAttempt: (me, a) => [
    ...(a.staffId === me.id ? (['candidate'] as const) : []),
    ...(!a.anonymous && leads(me, a.staffTeamId) ? (['teamLeader'] as const) : []),
    ...(!a.anonymous && a.paperOwnerId !== null && a.paperOwnerId === me.id ? (['paperOwner'] as const) : []),
  ],
  referral: (me, r) => partnerRoles(me, r.partner),
  fair: () => ['colleague'],
  signTask: (me, t) => {
    const roles: Role[] = [];
    if (isCentre(me)) roles.push('centre');
    if (t.status === 'open') roles.push('openPool');
    if (t.signerId !== null && t.signerId === me.id) roles.push('taskSigner');
    if ((t.status === 'rejected' || t.status === 'reject_approved') && isRejectApprover(me))
      roles.push('rejectApprover');
    if (t.signerId !== null && leads(me, t.signerTeamId)) roles.push('signerLeader');
    return roles;
  },
};

/** A condition on the caller alone (a job, being a leader), with the message of its 403. */
export interface Gate {
  test: (me: Actor) => boolean;
  message: string;
}

export const GATES = {
  leader: { test: (me) => me.isLeader && me.teamId !== null, message: T.leaderOnly },
  service: { test: (me) => has(me, JOB.SERVICE), message: T.serviceOnly },
  signingCentre: { test: isCentre, message: T.signingOnly },
  rejectApprover: { test: isRejectApprover, message: T.rejectApproverOnly },
  rejectApproverList: { test: isRejectApprover, message: T.rejectApproverListOnly },
  // The back office (decision 057): grants of the person's own company, never a job.
  companyAdmin: { test: (me) => me.grants.includes(GRANT.COMPANY_ADMIN), message: T.companyAdminOnly },
  platformAdmin: { test: (me) => me.grants.includes(GRANT.PLATFORM_ADMIN), message: T.platformAdminOnly },
  notRebateOnly: { test: (me) => !isRebateOnly(me), message: T.rebateOnlyOrders },
  leaderOrAdmin: {
    test: (me) => (me.isLeader && me.teamId !== null) || me.grants.includes(GRANT.COMPANY_ADMIN),
    message: T.leaderOrAdminOnly,
  },
  steward: { test: (me) => !isRebateOnly(me) && has(me, JOB.HOUSE_STEWARD), message: T.stewardOnly },
  finance: { test: isFinance, message: T.financeOnly },
  financeOrRebate: { test: (me) => isFinance(me) || isRebateOnly(me), message: T.financeOrRebateOnly },
  financeLeader: { test: (me) => isFinance(me) && me.isLeader, message: T.financeLeaderOnly },
  houseTeamLeader: { test: (me) => me.isLeader && me.teamId !== null, message: T.houseTeamOnly },
} satisfies Record<string, Gate>;
export type GateName = keyof typeof GATES;

interface RecordRule<R extends Resource> {
  resource: R;
  /** Checked first, on the caller alone: a 403 before any record is looked up. */
  gates?: readonly GateName[];
  /** A permission on the same record that must hold first (its own 403 message wins); a key of POLICY. */
  requires?: string;
  /** Roles that grant it; `deny` roles take it away again. */
  allow: readonly Role[];
  deny?: readonly Role[];
  /** The 404 message when the record is not in the caller's company (or gone). */
  notFound: string;
  forbidden: string;
}
interface ActorRule {
  resource: null;
  gates: readonly GateName[];
}
export type Rule = { [R in Resource]: RecordRule<R> }[Resource] | ActorRule;

const CASE_READERS: readonly Role[] = [
  'owner',
  'teamLeader',
  'signer',
  'signerLeader',
  'rejectApprover',
  'serviceAssigned',
];
/** Who works a case's signing and approval: its signer and that signer's leader (the transition table's 'signer'). */
const CASE_SIGNERS: readonly Role[] = ['signer', 'signerLeader'];
const MONEY_READERS: readonly Role[] = ['owner', 'teamLeader', 'service'];
const CASE_WRITERS: readonly Role[] = ['owner', 'teamLeader'];
const HOUSE_READERS: readonly Role[] = ['owner', 'steward', 'finance', 'teamLeader'];
const caseRule = (
  rule: Omit<RecordRule<'case'>, 'resource' | 'notFound' | 'forbidden'> & { forbidden?: string },
): RecordRule<'case'> => ({
  resource: 'case',
  notFound: T.caseNotFound,
  forbidden: T.caseForbidden,
  ...rule,
});
/** The rules on one kind of record share its resource and 404 message; each names its roles and 403 message. */
const rulesOn =
  <R extends Resource>(resource: R, notFound: string) =>
  (rule: Omit<RecordRule<R>, 'resource' | 'notFound'>): RecordRule<R> => ({ resource, notFound, ...rule });
const moneyCaseRule = rulesOn('case', T.moneyCaseNotFound);
const moneyRecordRule = rulesOn('moneyRecord', T.recordNotFound);
const proofRule = rulesOn('proof', T.recordNotFound);
const houseRule = rulesOn('houseClient', T.houseNotFound);
const partnerRule = rulesOn('partner', T.partnerNotFound);
const referralRule = rulesOn('referral', T.referralNotFound);
const paperRule = rulesOn('examPaper', T.paperNotFound);
const attemptRule = rulesOn('examAttempt', T.attemptNotFound);
const signTaskRule = rulesOn('signTask', T.taskNotFound);

export const POLICY = {
  // ---- an instalment case (clients) and its follow-ups, appeals and service requests (docs/decisions/006)
  'case.read': caseRule({ allow: CASE_READERS }),
  'case.update': caseRule({ requires: 'case.read', allow: CASE_WRITERS }),
  'case.delete': caseRule({ requires: 'case.read', allow: CASE_WRITERS }),
  /** Which move (1 → 3, …) the transition table of packages/domain/src/status decides, from caseRoleNames. */
  'case.move': caseRule({ requires: 'case.read', allow: ['owner', 'teamLeader', ...CASE_SIGNERS] }),
  'case.list.team': { resource: null, gates: ['leader'] },
  // ---- customer ownership (decision 066): the duplicate check, the pool, bulk moves
  'duplicate.check': { resource: null, gates: ['notRebateOnly'] },
  'pool.list': { resource: null, gates: ['notRebateOnly'] },
  /** First come is the conditional update's; the daily cap the counter's. */
  'pool.claim': { resource: null, gates: ['notRebateOnly'] },
  'pool.release': caseRule({ requires: 'case.read', allow: CASE_WRITERS, forbidden: T.poolReleaseForbidden }),
  /** A leader moves the team's cases to a member; the company admin any case (the service's branch). */
  'case.reassign': caseRule({ allow: ['teamLeader'], forbidden: T.reassignForbidden }),
  'followup.add': caseRule({ requires: 'case.read', allow: CASE_WRITERS, forbidden: T.followUpOwnerOnly }),
  'appeal.add': caseRule({ requires: 'case.read', allow: ['owner'], forbidden: T.appealOwnerOnly }),
  /** The case's financing agreement (decision 051): not customer service, who helps with a case, not its terms. */
  'pact.read': caseRule({ allow: ['owner', 'teamLeader', ...CASE_SIGNERS], forbidden: T.pactForbidden }),
  'appeal.decide': {
    resource: 'appeal',
    gates: ['leader'],
    allow: ['teamLeader'],
    notFound: T.appealNotFound,
    forbidden: T.appealNotYourTeam,
  },
  'service.handle': { resource: null, gates: ['service'] },

  // ---- a case's repayments, proofs and their images (docs/decisions/020)
  'money.read': moneyCaseRule({ allow: MONEY_READERS, forbidden: T.moneyCaseForbidden }),
  /** Record a repayment, upload or drop an image of the case. */
  'money.add': moneyCaseRule({ requires: 'money.read', allow: CASE_WRITERS, forbidden: T.notAllowedToEdit }),
  'money.delete': moneyRecordRule({ requires: 'money.read', allow: CASE_WRITERS, forbidden: T.notAllowedToEdit }),
  /** The leader's list of their team's repayments to confirm. */
  'money.confirm.list': { resource: null, gates: ['leader'] },
  'money.confirm': moneyRecordRule({
    requires: 'money.read',
    allow: ['teamLeader'],
    deny: ['recorder'],
    forbidden: T.notAllowedToConfirm,
  }),
  'proof.read': moneyCaseRule({ allow: MONEY_READERS, forbidden: T.moneyCaseForbidden }),
  'proof.add': moneyCaseRule({ requires: 'proof.read', allow: CASE_WRITERS, forbidden: T.notAllowedToEdit }),
  'proof.update': proofRule({ requires: 'proof.read', allow: CASE_WRITERS, forbidden: T.notAllowedToEdit }),
  'proof.delete': proofRule({ requires: 'proof.read', allow: CASE_WRITERS, forbidden: T.notAllowedToEdit }),
  'proof.reject': proofRule({
    requires: 'proof.read',
    allow: ['teamLeader', 'service'],
    forbidden: T.notAllowedToReject,
  }),

  // ---- a home-loan client, its images, brokerage and over-limit audits (docs/decisions/030)
  'house.list': { resource: null, gates: ['notRebateOnly'] },
  'house.team': { resource: null, gates: ['notRebateOnly', 'houseTeamLeader'] },
  'house.steward': { resource: null, gates: ['steward'] },
  'house.read': houseRule({ allow: HOUSE_READERS, deny: ['rebateOnly'], forbidden: T.houseForbidden }),
  /** Add documents (images) to the client: whoever may open it. */
  'house.update': houseRule({
    requires: 'house.read',
    allow: HOUSE_READERS,
    deny: ['rebateOnly'],
    forbidden: T.houseForbidden,
  }),
  'house.delete': houseRule({ requires: 'house.read', allow: ['owner'], forbidden: T.houseDeleteOwnerOnly }),
  'house.sign.submit': houseRule({
    gates: ['steward'],
    requires: 'house.read',
    allow: ['steward'],
    forbidden: T.houseNotYours,
  }),
  'house.allot': { resource: null, gates: ['financeLeader'] },
  /** A channel (house_channels): its salesperson, and finance. */
  'house.channel.read': {
    resource: 'houseChannel',
    gates: ['notRebateOnly'],
    allow: ['owner', 'finance'],
    notFound: T.channelNotFound,
    forbidden: T.channelForbidden,
  },
  /** A recommendation (house_recommends): who recorded it, and finance; the list's own scope. */
  'house.recommend.read': {
    resource: 'houseRecommend',
    gates: ['notRebateOnly'],
    allow: ['owner', 'finance'],
    notFound: T.recommendNotFound,
    forbidden: T.recommendForbidden,
  },
  'brokerage.set': houseRule({ requires: 'house.read', allow: ['owner', 'finance'], forbidden: T.brokerageSetOnly }),
  'brokerage.manage': { resource: null, gates: ['finance'] },
  // ---- the FAQ and its copilot (decision 053): every staff member of the company; entries are company-wide
  'faq.read': { resource: null, gates: [] },
  'faq.ask': { resource: null, gates: [] },
  'brokerage.orders.read': { resource: null, gates: ['financeOrRebate'] },
  'brokerage.approve': {
    resource: 'houseAudit',
    gates: ['finance'],
    allow: ['finance'],
    deny: ['requester'],
    notFound: T.auditNotFound,
    forbidden: T.auditOwnRequest,
  },
  // ---- commission claw-backs (decision 067): maker-checker as for the over-limit rule
  'clawback.approve': {
    resource: 'clawback',
    gates: ['finance'],
    allow: ['finance'],
    deny: ['requester'],
    notFound: T.clawbackNotFound,
    forbidden: T.clawbackOwn,
  },

  // ---- outside partners and their referrals, as staff see them (docs/decisions/049)
  'ysb.team': { resource: null, gates: ['leader'] },
  'ysb.partner.read': partnerRule({ allow: ['networkOwner', 'teamLeader'], forbidden: T.partnerForbidden }),
  /** Approve or decline a partner waiting for approval. */
  'ysb.partner.audit': partnerRule({
    requires: 'ysb.partner.read',
    allow: ['networkOwner', 'teamLeader'],
    forbidden: T.partnerForbidden,
  }),
  'ysb.referral.read': referralRule({ allow: ['networkOwner', 'teamLeader'], forbidden: T.referralForbidden }),
  /** Make a protected referral an instalment case (the case is then the converter's). */
  'ysb.referral.convert': referralRule({
    requires: 'ysb.referral.read',
    allow: ['networkOwner', 'teamLeader'],
    forbidden: T.referralForbidden,
  }),

  // ---- the exam centre and questionnaires (docs/decisions/050)
  /** Open a paper assigned to the caller, start or resume an attempt. */
  'exam.paper.take': paperRule({ allow: ['assignee'], forbidden: T.paperNotAssigned }),
  /** A paper's results per question and everyone's scores: the leader who owns it. */
  'exam.paper.results': paperRule({ allow: ['paperOwner'], forbidden: T.paperResultsOwnerOnly }),
  /** Save an answer, hand the attempt in: its candidate alone. */
  'exam.attempt.answer': attemptRule({ allow: ['candidate'], forbidden: T.attemptNotYours }),
  'exam.attempt.read': attemptRule({ allow: ['candidate', 'teamLeader', 'paperOwner'], forbidden: T.attemptForbidden }),
  /** Mark a short answer: the candidate's team leader or the paper's owner, never the candidate. */
  'exam.attempt.mark': attemptRule({
    requires: 'exam.attempt.read',
    allow: ['teamLeader', 'paperOwner'],
    deny: ['candidate'],
    forbidden: T.markOwnForbidden,
  }),

  // ---- the staff's check-in at a fair (docs/decisions/051)
  'fair.list': { resource: null, gates: ['notRebateOnly'] },
  'fair.checkin': {
    resource: 'fair',
    gates: ['notRebateOnly'],
    allow: ['colleague'],
    notFound: T.fairNotFound,
    forbidden: T.fairForbidden,
  },

  // ---- marketing activities: sign-ups and redeeming codes (docs/decisions/056)
  'activity.list': { resource: null, gates: ['notRebateOnly'] },
  'activity.redeem': { resource: null, gates: ['notRebateOnly'] },

  // ---- WeCom customer operations (docs/decisions/080): the sidebar's scripts, group sends to customers
  'script.use': { resource: null, gates: ['notRebateOnly'] },
  /** A leader their team's customers, an admin the company's (the service picks the scope). */
  'groupsend.manage': { resource: null, gates: ['leaderOrAdmin'] },

  // ---- the signing centre's tasks (docs/decisions/032)
  'sign.task.list': { resource: null, gates: ['signingCentre'] },
  'sign.task.read': signTaskRule({
    gates: ['signingCentre'],
    allow: ['openPool', 'taskSigner', 'rejectApprover', 'signerLeader'],
    forbidden: T.taskForbidden,
  }),
  /** First come: any member of the centre; whether it is still open is the conditional update's answer. */
  'sign.task.take': signTaskRule({ gates: ['signingCentre'], allow: ['centre'], forbidden: T.signingOnly }),
  'sign.task.record': signTaskRule({
    gates: ['signingCentre'],
    requires: 'sign.task.read',
    allow: ['taskSigner'],
    forbidden: T.taskNotYours,
  }),
  /** The client's full phone, logged (decision 065): whoever holds or oversees the task, not the open pool. */
  'sign.task.revealPhone': signTaskRule({
    gates: ['signingCentre'],
    requires: 'sign.task.read',
    allow: ['taskSigner', 'signerLeader', 'rejectApprover'],
    forbidden: T.taskForbidden,
  }),
  'sign.reject.list': { resource: null, gates: ['signingCentre', 'rejectApproverList'] },
  /** The company's back office: its staff, teams, lists, notices, settings and audit log (decision 057). */
  'admin.company': { resource: null, gates: ['companyAdmin'] },
  /** Every company: the operator's super-admin (decision 057). */
  'admin.platform': { resource: null, gates: ['platformAdmin'] },
  'sign.reject.approve': signTaskRule({
    gates: ['signingCentre', 'rejectApprover'],
    allow: ['centre'],
    forbidden: T.rejectApproverOnly,
  }),
} satisfies Record<string, Rule>;

export type Permission = keyof typeof POLICY;
/** Permissions asked of a record of kind R. */
export type PermissionOn<R extends Resource> = {
  [P in Permission]: (typeof POLICY)[P] extends { resource: R } ? P : never;
}[Permission];
/** Permissions asked of a record (of any kind), and the kind each is asked of. */
export type RecordPermission = PermissionOn<Resource>;
export type ResourceOf<P extends RecordPermission> = Extract<(typeof POLICY)[P], { resource: Resource }>['resource'];
/** Permissions asked of the caller alone. */
export type ActorPermission = {
  [P in Permission]: (typeof POLICY)[P] extends { resource: null } ? P : never;
}[Permission];

/** The first gate the caller fails, or null. */
export function failedGate(me: Actor, permission: Permission): Gate | null {
  const rule: Rule = POLICY[permission];
  for (const name of rule.gates ?? []) {
    const gate: Gate = GATES[name];
    if (!gate.test(me)) return gate;
  }
  return null;
}

/** Whether the roles grant this record permission (its own allow and deny only; `requires` aside). */
export function grants(rule: RecordRule<Resource>, roles: readonly Role[]): boolean {
  return rule.allow.some((role) => roles.includes(role)) && !(rule.deny ?? []).some((role) => roles.includes(role));
}

/**
 * Decides a record permission on facts already looked up: null when allowed, else the message of the
 * 403 (the gate's, the first failing required permission's, or its own).
 */
export function refusal<P extends RecordPermission>(
  me: Actor,
  permission: P,
  facts: Facts[ResourceOf<P>],
): string | null {
  const chain: Permission[] = [];
  for (let p: Permission | undefined = permission; p; p = (POLICY[p] as Rule & { requires?: Permission }).requires)
    chain.unshift(p);
  for (const p of chain) {
    const gate = failedGate(me, p);
    if (gate) return gate.message;
  }
  // The roles on the record asked about; a required permission of its case (proof.read for proof.reject)
  // reads the same roles, which a case's proof or money record inherits from the case.
  const resource = (POLICY[permission] as RecordRule<Resource>).resource;
  const roles = (ROLES_ON[resource] as (me: Actor, facts: unknown) => Role[])(me, facts);
  for (const p of chain) {
    const rule = POLICY[p] as RecordRule<Resource>;
    if (!grants(rule, roles)) return rule.forbidden;
  }
  return null;
}

/** Whether the caller holds a record permission (for the can_* flags of an answer). */
export const can = <P extends RecordPermission>(me: Actor, permission: P, facts: Facts[ResourceOf<P>]) =>
  refusal(me, permission, facts) === null;

/** The caller's roles on a case in the transition table's words (packages/domain/src/status). */
export function caseRoleNames(me: Actor, c: CaseFacts): CaseRole[] {
  const roles = caseRoles(me, c);
  return [
    ...(roles.includes('owner') ? (['owner'] as const) : []),
    ...(roles.includes('teamLeader') ? (['leader'] as const) : []),
    ...(roles.includes('signer') || roles.includes('signerLeader') ? (['signer'] as const) : []),
  ];
}
