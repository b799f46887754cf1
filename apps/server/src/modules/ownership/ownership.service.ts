import type { z } from 'zod';
import type {
  DuplicateCheckAnswer,
  DuplicateMatch,
  MergeClientsAnswer,
  duplicateCheckRequestSchema,
  HoldingKind,
  PoolPage,
  ReassignAnswer,
  ReassignTargets,
} from '@crm/domain/api/ownership';
import { REFERRAL_STATUS, REFERRAL_STATUS_LABELS } from '@crm/domain/api/outside';
import { HOUSE_STATUS_OPTIONS } from '@crm/domain/house';
import {
  cstDay,
  heldMessage,
  maskName,
  monthDay,
  POOL_DEFAULTS,
  POOL_STATUSES,
  poolDueAt,
} from '@crm/domain/ownership';
import { CASE_STATUS_LABELS, type CaseStatus } from '@crm/domain/status';
import { maskIdNumber, maskPhone } from '@crm/domain/validation';
import type { Clock } from '../../clock.ts';
import { ForbiddenError, NotFoundError, RefusedError, TooManyError } from '../../errors.ts';
import { mayActor, requireActor, type Access } from '../access/index.ts';
import type { StaffIdentity } from '../staff/index.ts';
import {
  casesByIds,
  casesNearPool,
  casesOfCustomer,
  casesToNudge,
  insertPooledCase,
  listPool,
  liveCaseOfCustomer,
  lockCaseForMerge,
  lockCaseForOwnership,
  mergeCaseHistory,
  ownershipSettings,
  putCaseInPool,
  recordOwnershipEvent,
  setCaseOwner,
  sweepToPool,
} from '../cases/index.ts';
import { recordAudit } from '../admin/index.ts';
import { moveCaseEsignOrders } from '../esign/index.ts';
import { moveCaseFiles } from '../files/index.ts';
import { houseClientsOfCustomer } from '../house/index.ts';
import { moveCaseMoney } from '../money/index.ts';
import { moveCasePact } from '../pact/index.ts';
import { moveCaseSignTasks } from '../sign/index.ts';
import {
  expiredReferralsForPool,
  linkReferralPoolCase,
  lockClientIdentity,
  protectedReferralOf,
  referralsOfCustomer,
  takeReferralForPool,
} from '../outside/index.ts';
import { enqueueReminder, type JobKind } from '../reminders/index.ts';
import { announce, robotTexts } from '../robots/index.ts';
import type { CheckerKind, OwnershipRepository, OwnershipTx as Tx } from './ownership.repository.ts';
import { OWNERSHIP_TEXTS as T } from './ownership.texts.ts';

/** Who asks a duplicate check: a staff member (an Actor), a partner or a channel agent. */
export type Checker =
  | { kind: 'staff'; corpId: number; staff: StaffIdentity }
  | { kind: 'partner'; corpId: number; id: number }
  | { kind: 'agent'; corpId: number; id: number };

type Who = {
  phone?: string | undefined;
  phoneTail?: string | undefined;
  idNumber?: string | undefined;
  name?: string | undefined;
};
type CheckForm = z.output<typeof duplicateCheckRequestSchema>;
/**
 * `except`: the record being edited or converted (`case:12`, `referral:3`), which does not hold against itself;
 * `ignore`: kinds the create refuses by its own rule and words (a case, a protected referral: decision 049).
 */
export interface HolderOptions {
  except?: string | null | undefined;
  ignore?: readonly HoldingKind[];
}

/** A match with the record it is (`case:12`, `referral:3`, `house:5`), so a create may leave its own out. */
type Found = DuplicateMatch & { key: string };

const CLOSED: readonly number[] = [6, 8, 9];
const iso = (at: Date | string) => new Date(at).toISOString();
const statusLabel = (status: number) => CASE_STATUS_LABELS[status as CaseStatus] ?? '';
const houseStatusLabel = (status: number) => HOUSE_STATUS_OPTIONS.find((o) => o.value === status)?.label ?? '';

/**
 * Customer ownership (decision 066): one rule set over cases, partner referrals, channel referrals and home-loan
 * clients. A customer is held by whoever holds an open record of them; a workable case's hold lapses into the
 * company's pool after the company's days without a follow-up; the pool is claimed first come, within a daily
 * cap; a leader moves the team's cases, the company admin any.
 */
export function createOwnershipService({
  repo,
  access,
  now,
}: {
  repo: OwnershipRepository;
  access: Access;
  now: Clock;
}) {
  const { db } = repo;
  const settingsOf = async (corpId: number) => (await ownershipSettings(db, corpId)) ?? POOL_DEFAULTS;

  /** Every record of the company holding the customer, as the check shows it (masked), newest first per kind. */
  async function matchesOf(corpId: number, who: Who, caller: Checker): Promise<Found[]> {
    const at = now();
    const [settings, cases, referrals, houses] = await Promise.all([
      settingsOf(corpId),
      casesOfCustomer(db, corpId, who),
      referralsOfCustomer(db, corpId, who, at),
      houseClientsOfCustomer(db, corpId, who),
    ]);
    const people = await repo.people(
      db,
      corpId,
      houses.map((h) => h.ownerId),
    );
    const meId = caller.kind === 'staff' ? caller.staff.id : null;
    const mayClaim = caller.kind === 'staff' && mayActor(caller.staff, 'pool.claim');
    const list: Found[] = [];
    for (const c of cases) {
      const base = { client: maskName(c.name), phone: maskPhone(c.phone), status_label: statusLabel(c.status) };
      if (c.pooledAt !== null) {
        list.push({
          key: `case:${c.id}`,
          ...base,
          kind: 'pool',
          kind_label: T.kind.pool,
          holder: '',
          team: '',
          is_protected: false,
          protected_until: null,
          can_claim: mayClaim,
          pool_id: c.id,
          is_mine: false,
          message: T.inPool,
        });
        continue;
      }
      const open = !CLOSED.includes(c.status);
      const until =
        open && POOL_STATUSES.includes(c.status) ? poolDueAt(new Date(c.lastTouch), settings.poolDays) : null;
      const holder = maskName(c.ownerName);
      list.push({
        key: `case:${c.id}`,
        ...base,
        kind: 'case',
        kind_label: T.kind.case,
        holder,
        team: c.teamName,
        is_protected: open,
        protected_until: until && iso(until),
        can_claim: false,
        pool_id: null,
        is_mine: c.ownerId === meId,
        message: open ? heldMessage(holder, until) : '',
      });
    }
    for (const r of referrals) {
      // A converted referral is its case now, listed above.
      if (r.status === REFERRAL_STATUS.CONVERTED) continue;
      const isProtected = r.status === REFERRAL_STATUS.PROTECTED;
      const holder = maskName(r.partnerName);
      list.push({
        key: `referral:${r.id}`,
        kind: 'referral',
        kind_label: T.kind.referral,
        status_label: REFERRAL_STATUS_LABELS[r.status] ?? '',
        holder,
        team: '',
        client: maskName(r.name),
        phone: maskPhone(r.phone),
        is_protected: isProtected,
        protected_until: isProtected ? iso(r.protectedUntil) : null,
        can_claim: false,
        pool_id: null,
        is_mine: r.staffId === meId,
        message: isProtected ? heldMessage(holder, r.protectedUntil) : '',
      });
    }
    for (const h of houses) {
      const person = people.get(h.ownerId);
      const holder = maskName(person?.name ?? '');
      const channel = h.channelAgentId !== null;
      list.push({
        key: `house:${h.id}`,
        kind: channel ? 'channel_referral' : 'house_client',
        kind_label: channel ? T.kind.channel_referral : T.kind.house_client,
        status_label: houseStatusLabel(h.status),
        holder,
        team: person?.team ?? '',
        client: maskName(h.name),
        phone: maskPhone(h.phone),
        is_protected: true,
        protected_until: null,
        can_claim: false,
        pool_id: null,
        is_mine: h.ownerId === meId,
        message: heldMessage(holder, null),
      });
    }
    return list;
  }

  /** The sentence of the first record that holds the customer against the caller, or '' when none does. */
  const refusalOf = (list: readonly DuplicateMatch[]) =>
    list.find((m) => m.is_protected && !m.is_mine)?.message ?? list.find((m) => m.kind === 'pool')?.message ?? '';

  const askedText = (form: CheckForm) =>
    [
      form.phone && (form.phone.length === 11 ? maskPhone(form.phone) : T.phoneTail(form.phone)),
      form.id_number && maskIdNumber(form.id_number),
      form.name && maskName(form.name),
    ]
      .filter(Boolean)
      .join(' ');

  /** Queues a WeCom card in the caller's transaction (the existing reminder queue, decision 058). */
  const tell = (
    tx: Tx,
    corpId: number,
    kind: JobKind,
    eventKey: string,
    recipientId: number,
    card: { title: string; description: string },
    path: string,
  ) =>
    enqueueReminder(tx, {
      corpId,
      kind,
      eventKey,
      recipientId,
      card: { ...card, path },
      runAt: now(),
      createdAt: now(),
    });

  const casePath = (id: number) => `/business/detail/${id}`;

  /**
   * Partner referrals whose protection ran out unconverted (decision 066) land in the pool as a case made of the
   * referral (the partner's network staff member its last holder, the referral pointing at it but not converted:
   * no commission, the partner does not follow it). Each under the customer's identity lock (049), taken once
   * (`pooled_at`), so two sweeps at once make one case. A customer someone holds again (a live case, another
   * partner's protected referral, a home-loan client) stays theirs: the referral is looked at and left.
   */
  async function poolReferrals(at: Date) {
    let made = 0;
    for (const r of await expiredReferralsForPool(db, at)) {
      const done = await db.transaction(async (tx) => {
        const who = { phone: r.phone, idNumber: r.idNumber };
        await lockClientIdentity(tx, r.corpId, who);
        if (!(await takeReferralForPool(tx, r.corpId, r.id, at))) return false;
        if (await liveCaseOfCustomer(tx, r.corpId, who)) return false;
        if (await protectedReferralOf(tx, r.corpId, who, r.id)) return false;
        if ((await houseClientsOfCustomer(tx, r.corpId, { phone: r.phone, idNumber: r.idNumber || undefined })).length)
          return false;
        const caseId = await insertPooledCase(
          tx,
          {
            corpId: r.corpId,
            ownerId: r.staffId,
            teamId: r.teamId,
            name: r.name,
            phone: r.phone,
            idNumber: r.idNumber,
            amountFen: r.amountFen,
            productId: r.productId,
            remarks: r.remarks,
            reason: T.referralPoolReason,
          },
          at,
        );
        await linkReferralPoolCase(tx, r.corpId, r.id, caseId);
        return true;
      });
      if (done) made += 1;
    }
    return made;
  }

  /**
   * Nudges (decision 066): a case with nothing planned for the company's `nudge_days` reminds its owner, and
   * after as many days again its team's leaders. Once per case and episode (since when nothing is planned):
   * the card's event key names the episode and the queue's unique key refuses a second, so every sweep and
   * two processes sweeping at once queue it once. Planning a follow-up ends the episode.
   */
  async function nudge(at: Date) {
    const cases = await casesToNudge(db, at);
    let sent = 0;
    await db.transaction(async (tx) => {
      for (const c of cases) {
        const episode = `${c.id}:${c.since.getTime()}`;
        const idle = Math.floor((at.getTime() - c.since.getTime()) / 86_400_000);
        if (
          await tell(
            tx,
            c.corpId,
            'case-nudge',
            `owner:${episode}`,
            c.ownerId,
            T.cards.nudge(c.name, idle),
            casePath(c.id),
          )
        )
          sent += 1;
        if (!c.toLeader) continue;
        const owner = await repo.people(tx, c.corpId, [c.ownerId]);
        for (const leader of await repo.leadersOf(tx, c.corpId, c.teamId)) {
          if (leader.id === c.ownerId) continue;
          const card = T.cards.nudgeLeader(c.name, owner.get(c.ownerId)?.name ?? '', idle);
          if (await tell(tx, c.corpId, 'case-nudge', `leader:${episode}:${leader.id}`, leader.id, card, casePath(c.id)))
            sent += 1;
        }
      }
    });
    return sent;
  }

  return {
    /**
     * The check before intake: the company's records of the customer, masked, for staff, partners and channel
     * agents alike. Limited per person and day, and each check logged (it could be asked as an oracle).
     */
    async duplicateCheck(caller: Checker, form: CheckForm): Promise<DuplicateCheckAnswer> {
      if (caller.kind === 'staff') requireActor(caller.staff, 'duplicate.check');
      const tail = form.phone !== undefined && form.phone.length < 11;
      if (tail && form.name === undefined) throw new RefusedError(T.tailNeedsName, { field: 'name' });
      if (form.name !== undefined && form.phone === undefined && form.id_number === undefined)
        throw new RefusedError(T.nameNeedsTail, { field: 'phone' });
      const who: Who = {
        phone: tail ? undefined : form.phone,
        phoneTail: tail ? form.phone : undefined,
        idNumber: form.id_number,
        name: form.name,
      };
      const corpId = caller.corpId;
      const settings = await settingsOf(corpId);
      const list = await matchesOf(corpId, who, caller);
      const at = now();
      const principal: { kind: CheckerKind; id: number } =
        caller.kind === 'staff' ? { kind: 'staff', id: caller.staff.id } : { kind: caller.kind, id: caller.id };
      const remaining = await repo.transaction((tx) =>
        repo.logCheck(
          tx,
          {
            corpId,
            principalKind: principal.kind,
            principalId: principal.id,
            day: cstDay(at),
            asked: askedText(form),
            matches: list.length,
            at,
          },
          settings.duplicateChecksPerDay,
        ),
      );
      if (remaining === null) throw new TooManyError(T.checkLimit(settings.duplicateChecksPerDay));
      return { list: list.map(({ key: _key, ...match }) => match), message: refusalOf(list), remaining };
    },

    /**
     * The refusal a create gives when someone else holds the customer by phone or ID number (the same masked
     * sentence as the check), or null. Asked by every create: cases, referrals, home-loan clients.
     */
    async protectedHolder(
      corpId: number,
      who: { phone: string; idNumber?: string | null | undefined },
      caller: Checker,
      options: HolderOptions = {},
    ): Promise<string | null> {
      const list = await matchesOf(corpId, { phone: who.phone, idNumber: who.idNumber || undefined }, caller);
      const counted = list.filter((m) => m.key !== options.except && !(options.ignore ?? []).includes(m.kind));
      return refusalOf(counted) || null;
    },

    // ---- the pool ------------------------------------------------------------------------------------
    async pool(
      me: StaffIdentity,
      request: { cursor: number | null; limit: number; phone_tail?: string | undefined },
    ): Promise<PoolPage> {
      requireActor(me, 'pool.list');
      const [rows, settings, used] = await Promise.all([
        listPool(db, me.corpId, { ...request, phoneTail: request.phone_tail }),
        settingsOf(me.corpId),
        repo.claimsUsed(db, me.corpId, me.id, cstDay(now())),
      ]);
      const more = rows.length > request.limit;
      const shown = more ? rows.slice(0, request.limit) : rows;
      return {
        list: shown.map((row) => ({
          id: row.id,
          client: maskName(row.name),
          phone: maskPhone(row.phone),
          status: row.status,
          status_label: statusLabel(row.status),
          amount_fen: row.amountFen,
          last_owner: maskName(row.lastOwner),
          from_referral: row.fromReferral,
          reason: row.poolReason,
          pooled_at: row.pooledAt ? iso(row.pooledAt) : '',
        })),
        next_cursor: more ? (shown.at(-1)?.id ?? null) : null,
        claims_left: Math.max(0, settings.poolClaimsPerDay - used),
      };
    },

    /**
     * Claims a pool case: the case row locked, still pooled (else someone was first), one of the day's claims
     * taken by a conditional upsert; both or neither, in one transaction. The new owner and the team's leader
     * are told through the WeCom queue.
     */
    async poolClaim(me: StaffIdentity, id: number) {
      requireActor(me, 'pool.claim');
      const settings = await settingsOf(me.corpId);
      const at = now();
      return repo.transaction(async (tx) => {
        const c = await lockCaseForOwnership(tx, me.corpId, id);
        if (!c) throw new NotFoundError(T.caseNotFound);
        if (c.pooledAt === null) throw new RefusedError(T.notInPool);
        const left = await repo.takeClaim(tx, me.corpId, me.id, cstDay(at), settings.poolClaimsPerDay);
        if (left === null) throw new RefusedError(T.claimCap(settings.poolClaimsPerDay));
        await setCaseOwner(tx, me.corpId, id, { id: me.id, teamId: me.teamId }, at);
        await recordOwnershipEvent(
          tx,
          { corpId: me.corpId, clientId: id, staffId: me.id, kind: 'claimed' },
          c.status,
          '',
          at,
        );
        const key = `${id}:${at.getTime()}`;
        // The team's WeCom group hears of the claim (issue 50, decision 076).
        await announce(tx, {
          corpId: me.corpId,
          teamId: me.teamId,
          event: 'pool-claimed',
          eventKey: `${key}:${me.id}`,
          facts: [
            [robotTexts.client, maskName(c.name)],
            [robotTexts.claimedBy, me.name],
          ],
          at,
        });
        await tell(
          tx,
          me.corpId,
          'case-claimed',
          `${key}:${me.id}`,
          me.id,
          T.cards.yours(maskName(c.name)),
          casePath(id),
        );
        for (const leader of await repo.leadersOf(tx, me.corpId, me.teamId)) {
          if (leader.id === me.id) continue;
          await tell(
            tx,
            me.corpId,
            'case-claimed',
            `${key}:${leader.id}`,
            leader.id,
            T.cards.claimed(c.name, me.name),
            casePath(id),
          );
        }
        return { id, claims_left: left };
      });
    },

    /** The owner or the team's leader puts a workable case back in the pool, with a reason. */
    async poolRelease(me: StaffIdentity, request: { id: number; reason: string }) {
      await access.require(me, 'pool.release', request.id);
      const at = now();
      await repo.transaction(async (tx) => {
        const c = await lockCaseForOwnership(tx, me.corpId, request.id);
        if (!c) throw new NotFoundError(T.caseNotFound);
        if (c.pooledAt !== null) throw new RefusedError(T.alreadyPooled);
        if (!POOL_STATUSES.includes(c.status)) throw new RefusedError(T.notWorkable);
        await putCaseInPool(tx, me.corpId, c.id, at, request.reason);
        await recordOwnershipEvent(
          tx,
          { corpId: me.corpId, clientId: c.id, staffId: me.id, kind: 'pooled' },
          c.status,
          request.reason,
          at,
        );
        if (c.ownerId !== me.id)
          await tell(
            tx,
            me.corpId,
            'case-left',
            `${c.id}:${at.getTime()}`,
            c.ownerId,
            T.cards.left(c.name, request.reason),
            '/business/list',
          );
      });
      return null;
    },

    /**
     * Moves cases to another person: a leader the team's cases to a member of the team, the company admin any
     * case to anyone active in the company. Each move its own case event with who and why; a case that cannot
     * move is listed with the reason, the others move.
     */
    async reassign(
      me: StaffIdentity,
      request: { ids: number[]; to_id: number; reason: string },
    ): Promise<ReassignAnswer> {
      const isAdmin = mayActor(me, 'admin.company');
      if (!isAdmin) requireActor(me, 'case.list.team');
      const to = await repo.activeMember(db, me.corpId, request.to_id);
      if (!to) throw new RefusedError(T.targetInvalid, { field: 'to_id' });
      if (!isAdmin && to.teamId !== me.teamId) throw new RefusedError(T.targetNotInTeam, { field: 'to_id' });
      const ids = [...new Set(request.ids)];
      const found = new Map((await casesByIds(db, me.corpId, ids)).map((c) => [c.id, c]));
      const skipped: { id: number; reason: string }[] = [];
      let moved = 0;
      const at = now();
      for (const id of ids) {
        const c = found.get(id);
        if (!c) {
          skipped.push({ id, reason: T.notFound });
          continue;
        }
        if (!isAdmin) {
          try {
            await access.require(me, 'case.reassign', id);
          } catch (error) {
            if (!(error instanceof ForbiddenError || error instanceof NotFoundError)) throw error;
            skipped.push({ id, reason: T.notYourTeam });
            continue;
          }
        }
        const outcome = await repo.transaction(async (tx) => {
          const locked = await lockCaseForOwnership(tx, me.corpId, id);
          if (!locked) return T.notFound;
          if (locked.pooledAt !== null) return T.pooledSkip;
          if (!isAdmin && locked.teamId !== me.teamId) return T.notYourTeam;
          if (locked.ownerId === to.id) return T.alreadyOwner;
          await setCaseOwner(tx, me.corpId, id, { id: to.id, teamId: to.teamId }, at);
          await recordOwnershipEvent(
            tx,
            { corpId: me.corpId, clientId: id, staffId: me.id, kind: 'reassigned' },
            locked.status,
            `${to.name}：${request.reason}`,
            at,
          );
          const key = `${id}:${at.getTime()}`;
          await tell(
            tx,
            me.corpId,
            'case-reassigned',
            `${key}:${to.id}`,
            to.id,
            T.cards.yours(maskName(locked.name)),
            casePath(id),
          );
          await tell(
            tx,
            me.corpId,
            'case-left',
            `${key}:${locked.ownerId}`,
            locked.ownerId,
            T.cards.left(locked.name, request.reason),
            '/business/list',
          );
          return null;
        });
        if (outcome === null) moved += 1;
        else skipped.push({ id, reason: outcome });
      }
      return { moved, skipped };
    },

    /**
     * Merges two records of one customer (same phone or ID number): everything of `merge_id` moves to
     * `keep_id` in one transaction, the two rows locked in id order (so two merges of one pair at once move
     * once: the second finds it merged); the merged row stays as a read-only pointer. A leader merges the
     * team's cases, the company admin any. Both owners are told, and the audit log keeps it.
     */
    async mergeClients(me: StaffIdentity, request: { keep_id: number; merge_id: number }): Promise<MergeClientsAnswer> {
      const isAdmin = mayActor(me, 'admin.company');
      if (!isAdmin && !mayActor(me, 'case.list.team')) throw new ForbiddenError(T.merge.forbidden);
      const { keep_id: keepId, merge_id: mergeId } = request;
      if (keepId === mergeId) throw new RefusedError(T.merge.self, { field: 'merge_id' });
      const at = now();
      return repo.transaction(async (tx) => {
        const [first, second] = keepId < mergeId ? [keepId, mergeId] : [mergeId, keepId];
        const a = await lockCaseForMerge(tx, me.corpId, first);
        const b = await lockCaseForMerge(tx, me.corpId, second);
        if (!a || !b) throw new NotFoundError(T.caseNotFound);
        const [keep, merge] = a.id === keepId ? [a, b] : [b, a];
        if (!isAdmin && (keep.teamId !== me.teamId || merge.teamId !== me.teamId || me.teamId === null))
          throw new ForbiddenError(T.merge.notYourTeam);
        for (const c of [keep, merge]) if (c.mergedInto !== null) throw new RefusedError(T.merge.alreadyMerged(c.id));
        if (keep.pooledAt !== null || merge.pooledAt !== null) throw new RefusedError(T.merge.pooled);
        const samePhone = keep.phone !== '' && keep.phone === merge.phone;
        const sameId = keep.idNumber !== '' && keep.idNumber === merge.idNumber;
        if (!samePhone && !sameId) throw new RefusedError(T.merge.notSameCustomer, { field: 'merge_id' });
        const signTasks = await moveCaseSignTasks(tx, me.corpId, mergeId, keepId);
        if (signTasks === null) throw new RefusedError(T.merge.bothSignTasks);
        const esignOrders = await moveCaseEsignOrders(tx, me.corpId, mergeId, keepId);
        if (esignOrders === null) throw new RefusedError(T.merge.bothEsign);
        const pacts = await moveCasePact(tx, me.corpId, mergeId, keepId);
        if (pacts === null) throw new RefusedError(T.merge.bothPacts);
        const money = await moveCaseMoney(tx, me.corpId, mergeId, keepId);
        const images = await moveCaseFiles(tx, me.corpId, mergeId, keepId);
        const history = await mergeCaseHistory(tx, me.corpId, mergeId, keepId, at);
        const moved = {
          follow_ups: history.followUps,
          repayments: money.repayments,
          proofs: money.proofs,
          images,
          events: history.events,
          sign_tasks: signTasks,
          esign_orders: esignOrders,
          pacts,
        };
        await recordOwnershipEvent(
          tx,
          { corpId: me.corpId, clientId: keepId, staffId: me.id, kind: 'merged' },
          keep.status,
          T.mergedFrom(mergeId),
          at,
        );
        await recordOwnershipEvent(
          tx,
          { corpId: me.corpId, clientId: mergeId, staffId: me.id, kind: 'merged' },
          merge.status,
          T.mergedInto(keepId),
          at,
        );
        await recordAudit(tx, {
          corpId: me.corpId,
          actorId: me.id,
          action: 'case.merge',
          entity: 'case',
          entityId: keepId,
          before: { keep_id: keepId, merge_id: mergeId, keep_owner: keep.ownerId, merge_owner: merge.ownerId },
          after: { keep_id: keepId, merged_into: keepId, moved },
          at,
        });
        for (const ownerId of new Set([keep.ownerId, merge.ownerId]))
          await tell(
            tx,
            me.corpId,
            'case-merged',
            `${mergeId}:${ownerId}`,
            ownerId,
            T.cards.merged(maskName(keep.name), keepId, mergeId, me.name),
            casePath(keepId),
          );
        return { keep_id: keepId, merge_id: mergeId, moved };
      });
    },

    /** Who the caller may move cases to (the bulk move's picker): the team's active members, or the company's. */
    async reassignTargets(me: StaffIdentity): Promise<ReassignTargets> {
      const isAdmin = mayActor(me, 'admin.company');
      if (!isAdmin) requireActor(me, 'case.list.team');
      const list = await repo.activeMembers(db, me.corpId, isAdmin ? undefined : me.teamId);
      return { across_teams: isAdmin, list };
    },

    /**
     * The pool sweep, at start-up and every few minutes (app.ts), on the injected clock: cases left too long go
     * to the pool and their owners are told; cases near it warn their owners once per last touch.
     */
    async sweep(): Promise<{ pooled: number; warned: number; nudged: number; referrals: number }> {
      const at = now();
      const pooled = await db.transaction(async (tx) => {
        const rows = await sweepToPool(tx, at, T.poolReason);
        for (const c of rows)
          await tell(
            tx,
            c.corpId,
            'case-left',
            `${c.id}:${at.getTime()}`,
            c.ownerId,
            T.cards.left(c.name, T.swept),
            '/business/list',
          );
        return rows.length;
      });
      const near = await casesNearPool(db, at);
      let warned = 0;
      await db.transaction(async (tx) => {
        for (const c of near) {
          // One warning per case and due day: a new follow-up moves the day, and warns again when it nears.
          if (
            await tell(
              tx,
              c.corpId,
              'pool-warning',
              `${c.id}:${cstDay(c.dueAt)}`,
              c.ownerId,
              T.cards.warning(c.name, monthDay(c.dueAt)),
              casePath(c.id),
            )
          )
            warned += 1;
        }
      });
      const nudged = await nudge(at);
      const referrals = await poolReferrals(at);
      return { pooled, warned, nudged, referrals };
    },
  };
}

export type OwnershipService = ReturnType<typeof createOwnershipService>;
