import { JOB } from '@crm/domain/roles';
import { ForbiddenError, NotFoundError, RefusedError } from '../../errors.ts';
import type { AccessRepository, Found } from './access.repository.ts';
import {
  failedGate,
  POLICY,
  refusal,
  type Actor,
  type ActorPermission,
  type Facts,
  type Permission,
  type RecordPermission,
  type ResourceOf,
} from './access.policy.ts';
import { ACCESS_TEXTS as T } from './access.texts.ts';

/** The permissions on a case (or its money) that only read: a merged case still answers them. */
const READS: ReadonlySet<string> = new Set(['case.read', 'money.read', 'proof.read', 'pact.read']);

/** The case a merged case (or a money record or proof of one) points to, else null. */
function mergedInto(found: unknown): number | null {
  const row = found as { mergedInto?: unknown; case?: { mergedInto?: unknown } };
  const value = row.case?.mergedInto ?? row.mergedInto;
  return typeof value === 'number' ? value : null;
}

/** The records a list covers: one owner's, one team's, or the whole company's. */
export type ListScope = { corpId: number } & ({ ownerId: number } | { teamId: number } | { all: true });

/**
 * Throws the 403 of the first gate the caller fails for a permission asked of the caller alone (a job,
 * being a leader). Pure: services call it without the access service.
 */
export function requireActor(me: Actor, permission: ActorPermission | Permission): void {
  const gate = failedGate(me, permission);
  if (gate) throw new ForbiddenError(gate.message);
}

/** Whether the caller passes a permission's gates (a job, being a leader): for flags and list scopes. */
export const mayActor = (me: Actor, permission: ActorPermission | Permission): boolean =>
  failedGate(me, permission) === null;

/** Throws the 403 of a record permission on a record already in hand (its facts), else returns. */
export function assertAllowed<P extends RecordPermission>(me: Actor, permission: P, facts: Facts[ResourceOf<P>]): void {
  const message = refusal(me, permission, facts);
  if (message !== null) throw new ForbiddenError(message);
}

/**
 * Answers every "may this principal do this to that record": company first (another company's id, or a
 * gone record, is 404 with the permission's message), then the caller's gates and roles (403). Returns the
 * record its owner's lookup found, so the service does not read it again.
 */
export function createAccess({ repo }: { repo: AccessRepository }) {
  async function require<P extends RecordPermission>(
    me: Actor,
    permission: P,
    id: number,
  ): Promise<Found[ResourceOf<P>]> {
    const rule = POLICY[permission] as unknown as { resource: ResourceOf<P>; notFound: string };
    requireActor(me, permission);
    const lookup = repo[rule.resource] as (corpId: number, id: number) => Promise<Found[ResourceOf<P>] | undefined>;
    const found = await lookup(me.corpId, id);
    if (!found) throw new NotFoundError(rule.notFound);
    assertAllowed(me, permission, found as unknown as Facts[ResourceOf<P>]);
    // A merged case is a read-only pointer (decision 066): its reads answer, every write is refused.
    const merged = mergedInto(found);
    if (merged !== null && !READS.has(permission)) throw new RefusedError(T.mergedReadOnly(merged));
    return found;
  }

  return {
    require,
    assert: assertAllowed,
    requireActor,

    /** Which cases a list or statistic covers: the caller's own, or (leaders only) the team's. */
    caseListScope(me: Actor, which: 'mine' | 'team'): { corpId: number } & ({ ownerId: number } | { teamId: number }) {
      if (which === 'mine') return { corpId: me.corpId, ownerId: me.id };
      requireActor(me, 'case.list.team');
      return { corpId: me.corpId, teamId: me.teamId ?? 0 };
    },

    /** Which house clients the list shows: finance sees the company's, everyone else their own and stewarded. */
    houseListScope(me: Actor): { corpId: number; all: boolean; ownerId?: number; stewardId?: number } {
      requireActor(me, 'house.list');
      return mayActor(me, 'brokerage.manage')
        ? { corpId: me.corpId, all: true }
        : { corpId: me.corpId, all: false, ownerId: me.id, stewardId: me.id };
    },

    /** A signer's task list: their own, or (a signing leader) a signer of the same team. */
    async requireSignerList(me: Actor, userId: number): Promise<void> {
      requireActor(me, 'sign.task.list');
      if (userId === me.id) return;
      const other = me.isLeader && me.teamId !== null ? await repo.staffMember(me.corpId, userId) : undefined;
      if (!other || other.teamId !== me.teamId || !other.jobs.includes(JOB.SIGNING))
        throw new ForbiddenError(T.signerListForbidden);
    },
  };
}

export type Access = ReturnType<typeof createAccess>;
