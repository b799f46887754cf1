import { describe, expect, it } from 'vitest';
import { GRANT, JOB } from '@crm/domain/roles';
import {
  can,
  caseRoleNames,
  failedGate,
  POLICY,
  refusal,
  type Actor,
  type CaseFacts,
  type Permission,
} from './access.policy.ts';
import { ACCESS_TEXTS as T } from './access.texts.ts';

/*
 * The policy table as a matrix: who (a salesperson owning the record, a colleague, the team's leader,
 * another team's leader, the signing centre, customer service, finance, the steward, rebate-only, the
 * rejection approver) may do what to which record.
 */

const TEAM = 10;
const OTHER_TEAM = 11;
const person = (id: number, extra: Partial<Actor> = {}): Actor => ({
  id,
  corpId: 1,
  teamId: TEAM,
  isLeader: false,
  jobs: [],
  grants: [],
  ...extra,
});
const who = {
  owner: person(1),
  colleague: person(2),
  leader: person(3, { isLeader: true }),
  otherLeader: person(4, { isLeader: true, teamId: OTHER_TEAM }),
  signer: person(5, { jobs: [JOB.SIGNING] }),
  service: person(6, { jobs: [JOB.SERVICE] }),
  finance: person(7, { jobs: [JOB.HOUSE_FINANCE] }),
  steward: person(8, { jobs: [JOB.HOUSE_STEWARD] }),
  rebateOnly: person(9, { jobs: [JOB.HOUSE_FINANCE, JOB.REBATE_ONLY] }),
  approver: person(29, { jobs: [JOB.SIGNING], grants: [GRANT.SIGN_REJECT_APPROVE] }),
  signingLeader: person(12, { isLeader: true, teamId: OTHER_TEAM, jobs: [JOB.SIGNING] }),
};
type Who = keyof typeof who;

const aCase = (extra: Partial<CaseFacts> = {}): CaseFacts => ({
  ownerId: who.owner.id,
  teamId: TEAM,
  putToService: false,
  signers: [],
  ...extra,
});
/** A case whose signing task the signer holds (the signing leader leads the other team, the signer's). */
const held = (status = 'taken'): Partial<CaseFacts> => ({
  signers: [{ signerId: who.signer.id, signerTeamId: OTHER_TEAM, status }],
});

/** Who holds the permission on the record; everyone else is refused. */
function holders(permission: Permission, facts: unknown): Who[] {
  return (Object.keys(who) as Who[]).filter((name) => can(who[name], permission as never, facts as never));
}

describe('the access policy', () => {
  it.each<[Permission, unknown, Who[]]>([
    // an instalment case (docs/decisions/006)
    // The signing centre sees a case through its tasks only (decision 065).
    ['case.read', aCase(), ['owner', 'leader']],
    ['case.read', aCase(held()), ['owner', 'leader', 'signer', 'signingLeader']],
    ['case.read', aCase(held('signed')), ['owner', 'leader', 'signer', 'signingLeader']],
    ['case.read', aCase(held('rejected')), ['owner', 'leader', 'signer', 'approver', 'signingLeader']],
    ['case.read', aCase({ putToService: true }), ['owner', 'leader', 'service']],
    ['case.update', aCase({ putToService: true, ...held() }), ['owner', 'leader']],
    ['case.delete', aCase(), ['owner', 'leader']],
    ['case.move', aCase({ putToService: true }), ['owner', 'leader']],
    ['case.move', aCase({ putToService: true, ...held('rejected') }), ['owner', 'leader', 'signer', 'signingLeader']],
    ['pact.read', aCase({ putToService: true }), ['owner', 'leader']],
    ['pact.read', aCase(held('signed')), ['owner', 'leader', 'signer', 'signingLeader']],
    ['followup.add', aCase(), ['owner', 'leader']],
    ['appeal.add', aCase(), ['owner']],
    ['appeal.decide', { teamId: TEAM }, ['leader']],
    // its money and proofs (docs/decisions/020)
    ['money.read', aCase(), ['owner', 'leader', 'service']],
    ['money.add', aCase(), ['owner', 'leader']],
    ['money.delete', { case: aCase(), record: { createdBy: who.owner.id } }, ['owner', 'leader']],
    ['money.confirm', { case: aCase(), record: { createdBy: who.owner.id } }, ['leader']],
    ['money.confirm', { case: aCase(), record: { createdBy: who.leader.id } }, []],
    ['proof.read', aCase(), ['owner', 'leader', 'service']],
    ['proof.add', aCase(), ['owner', 'leader']],
    ['proof.update', { case: aCase() }, ['owner', 'leader']],
    ['proof.delete', { case: aCase() }, ['owner', 'leader']],
    ['proof.reject', { case: aCase() }, ['leader', 'service']],
    // a home-loan client (docs/decisions/030)
    [
      'house.read',
      { ownerId: who.owner.id, stewardId: who.steward.id, teamId: TEAM },
      ['owner', 'leader', 'finance', 'steward'],
    ],
    [
      'house.update',
      { ownerId: who.owner.id, stewardId: who.steward.id, teamId: TEAM },
      ['owner', 'leader', 'finance', 'steward'],
    ],
    ['house.delete', { ownerId: who.owner.id, stewardId: who.steward.id, teamId: TEAM }, ['owner']],
    ['brokerage.set', { ownerId: who.owner.id, stewardId: who.steward.id, teamId: TEAM }, ['owner', 'finance']],
    ['house.sign.submit', { ownerId: who.owner.id, stewardId: who.steward.id, teamId: TEAM }, ['steward']],
    ['house.channel.read', { ownerId: who.owner.id }, ['owner', 'finance']],
    ['house.recommend.read', { ownerId: who.owner.id }, ['owner', 'finance']],
    ['brokerage.approve', { requestedBy: who.owner.id }, ['finance']],
    ['brokerage.approve', { requestedBy: who.finance.id }, []],
    // a signing task (docs/decisions/032)
    ['sign.task.read', { status: 'open', signerId: null, signerTeamId: null }, ['signer', 'approver', 'signingLeader']],
    [
      'sign.task.read',
      { status: 'taken', signerId: who.signer.id, signerTeamId: OTHER_TEAM },
      ['signer', 'signingLeader'],
    ],
    ['sign.task.read', { status: 'rejected', signerId: who.signer.id, signerTeamId: TEAM }, ['signer', 'approver']],
    ['sign.task.take', { status: 'open', signerId: null, signerTeamId: null }, ['signer', 'approver', 'signingLeader']],
    ['sign.task.record', { status: 'taken', signerId: who.signer.id, signerTeamId: TEAM }, ['signer']],
    ['sign.reject.approve', { status: 'rejected', signerId: who.signer.id, signerTeamId: TEAM }, ['approver']],
    // the exam centre (docs/decisions/050): papers by assignment, attempts by candidate, team leader, owner
    [
      'exam.paper.take',
      { ownerId: null, targets: [{ kind: 'team', targetId: TEAM }] },
      ['owner', 'colleague', 'leader', 'signer', 'service', 'finance', 'steward', 'rebateOnly', 'approver'],
    ],
    [
      'exam.paper.take',
      { ownerId: null, targets: [{ kind: 'job', targetId: JOB.SIGNING }] },
      ['signer', 'approver', 'signingLeader'],
    ],
    ['exam.paper.take', { ownerId: null, targets: [{ kind: 'staff', targetId: who.owner.id }] }, ['owner']],
    ['exam.paper.results', { ownerId: who.leader.id, targets: [{ kind: 'all', targetId: 0 }] }, ['leader']],
    [
      'exam.attempt.answer',
      { staffId: who.owner.id, staffTeamId: TEAM, paperOwnerId: who.otherLeader.id, anonymous: false },
      ['owner'],
    ],
    [
      'exam.attempt.read',
      { staffId: who.owner.id, staffTeamId: TEAM, paperOwnerId: who.otherLeader.id, anonymous: false },
      ['owner', 'leader', 'otherLeader'],
    ],
    [
      'exam.attempt.read',
      { staffId: who.owner.id, staffTeamId: TEAM, paperOwnerId: who.otherLeader.id, anonymous: true },
      ['owner'],
    ],
    [
      'exam.attempt.mark',
      { staffId: who.leader.id, staffTeamId: TEAM, paperOwnerId: who.otherLeader.id, anonymous: false },
      ['otherLeader'],
    ],
  ])('%s on %j: %j', (permission, facts, expected) => {
    expect(holders(permission, facts).sort()).toEqual([...expected].sort());
  });

  it.each<[Permission, Who, string]>([
    ['case.update', 'colleague', T.caseForbidden],
    // A signer without a task of the case may not read it: the read's message comes first (decision 065).
    ['followup.add', 'signer', T.caseForbidden],
    ['appeal.add', 'leader', T.appealOwnerOnly],
    ['money.add', 'colleague', T.moneyCaseForbidden],
    ['money.add', 'service', T.notAllowedToEdit],
  ])('refuses %s to the %s with the first failing message', (permission, name, message) => {
    expect(refusal(who[name], permission as never, aCase() as never)).toBe(message);
  });

  it.each<[Permission, Who[]]>([
    ['case.list.team', ['leader', 'otherLeader', 'signingLeader']],
    ['service.handle', ['service']],
    [
      'house.list',
      [
        'owner',
        'colleague',
        'leader',
        'otherLeader',
        'signer',
        'service',
        'finance',
        'steward',
        'approver',
        'signingLeader',
      ],
    ],
    ['house.steward', ['steward']],
    ['brokerage.manage', ['finance']],
    ['brokerage.orders.read', ['finance', 'rebateOnly']],
    ['sign.task.list', ['signer', 'approver', 'signingLeader']],
    ['sign.reject.list', ['approver']],
  ])('lets %s through its gates for %j', (permission, expected) => {
    expect((Object.keys(who) as Who[]).filter((name) => failedGate(who[name], permission) === null).sort()).toEqual(
      [...expected].sort(),
    );
  });

  it('opens the back office to the company admin grant and every company to the platform grant only', () => {
    const admin = { ...who.owner, grants: ['company.admin'] };
    const platform = { ...who.owner, grants: ['platform.admin'] };
    for (const name of Object.keys(who) as Who[]) {
      expect(failedGate(who[name], 'admin.company')?.message, name).toBe(T.companyAdminOnly);
      expect(failedGate(who[name], 'admin.platform')?.message, name).toBe(T.platformAdminOnly);
    }
    expect(failedGate(admin, 'admin.company')).toBeNull();
    expect(failedGate(admin, 'admin.platform')?.message).toBe(T.platformAdminOnly);
    expect(failedGate(platform, 'admin.platform')).toBeNull();
    expect(failedGate(platform, 'admin.company')?.message).toBe(T.companyAdminOnly);
  });

  it('names the case roles as the transition table does', () => {
    expect(caseRoleNames(who.leader, aCase())).toEqual(['leader']);
    // A signer is the case's signer through a task they hold or held, not through the job alone.
    expect(caseRoleNames({ ...who.owner, jobs: [JOB.SIGNING] }, aCase())).toEqual(['owner']);
    expect(caseRoleNames(who.signer, aCase(held('signed')))).toEqual(['signer']);
    expect(caseRoleNames(who.signingLeader, aCase(held('signed')))).toEqual(['signer']);
  });

  it('requires only permissions of the table, asked of the same record kind or its case', () => {
    for (const [name, rule] of Object.entries(POLICY)) {
      const requires = (rule as { requires?: string }).requires;
      if (requires === undefined) continue;
      expect(Object.keys(POLICY), name).toContain(requires);
      const required = POLICY[requires as Permission];
      expect([rule.resource, 'case'], name).toContain(required.resource);
    }
  });
});
