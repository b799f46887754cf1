import type { z } from 'zod';
import {
  HANDOVER_KIND_LABELS,
  HANDOVER_KINDS,
  WECOM_TRANSFER_STATUS_LABELS,
  type HandoverAnswer,
  type HandoverKind,
  type handoverRequestSchema,
} from '@crm/domain/api/handover';
import type { TransferMode, WecomAdapter } from '../../adapters/wecom/index.ts';
import type { Clock } from '../../clock.ts';
import { NotFoundError, RefusedError } from '../../errors.ts';
import { requireActor } from '../access/index.ts';
import { endStaffSessions } from '../auth/index.ts';
import {
  handOverFollowUps,
  lockCasesHeldBy,
  putCaseInPool,
  recordOwnershipEvent,
  setCaseOwner,
} from '../cases/index.ts';
import { handOverHouse } from '../house/index.ts';
import { handOverCaseMoney } from '../money/index.ts';
import { handOverPartners } from '../outside/index.ts';
import { handOverSignTasks } from '../sign/index.ts';
import { updateStaffRow, type StaffIdentity } from '../staff/index.ts';
import { writeSheet } from '../adminio/index.ts';
import type { HandoverRepository, HandoverRow } from './handover.repository.ts';
import { HANDOVER_TEXTS as T } from './handover.texts.ts';

type Form = z.output<typeof handoverRequestSchema>;
type Unmoved = { kind: HandoverKind; name: string; reason: string };
type Wecom = HandoverRow['wecom'];

/** The job code of the signing centre (spec §6): a colleague with it takes over the signing tasks in hand. */
const SIGNING_JOB = 2;
const zero = () => Object.fromEntries(HANDOVER_KINDS.map((k) => [k, 0])) as Record<HandoverKind, number>;
const statusLabel = (contact: { errcode: number; status?: number }) =>
  contact.errcode !== 0
    ? T.unmoved.wecomRefused(contact.errcode)
    : (WECOM_TRANSFER_STATUS_LABELS[contact.status ?? 0] ?? String(contact.status));

/**
 * The handover of a staff member who leaves (离职继承) or changes post (在职继承), decision 066: the company
 * admin hands everything the person holds to a colleague (cases to the pool when asked) in one transaction,
 * may disable them, and signs them out everywhere; then their WeCom external contacts are transferred through
 * WeCom (an outside call, after the commit: the database's move never waits on WeCom), and the result is kept
 * for the answer, the polling of WeCom's takeover state, and the XLSX report.
 */
export function createHandoverService({
  repo,
  wecom,
  now,
}: {
  repo: HandoverRepository;
  wecom: WecomAdapter;
  now: Clock;
}) {
  const { db } = repo;

  async function answerOf(corpId: number, id: number): Promise<HandoverAnswer> {
    const found = await repo.find(db, corpId, id);
    if (!found) throw new NotFoundError(T.notFound);
    const { row } = found;
    return {
      id: row.id,
      from: { id: row.fromId, name: found.fromName },
      to: row.toId === null ? null : { id: row.toId, name: found.toName ?? '' },
      to_pool: row.toPool,
      disabled: row.disabled,
      signed_out: row.signedOut,
      created_at: row.createdAt.toISOString(),
      moved: { ...zero(), ...row.moved },
      unmoved: row.unmoved.map((u) => ({
        kind: u.kind as HandoverKind,
        kind_label: HANDOVER_KIND_LABELS[u.kind as HandoverKind] ?? u.kind,
        name: u.name,
        reason: u.reason,
      })),
      wecom: {
        mode: row.wecom.mode,
        contacts: row.wecom.contacts.map((c) => ({
          external_userid: c.externalUserid,
          errcode: c.errcode,
          status: c.status,
          status_label: statusLabel(c),
        })),
      },
    };
  }

  /** 在职 or 离职 in WeCom's terms: a member WeCom lists among the resigned, with their contacts waiting. */
  async function contactsOf(userid: string): Promise<{ mode: TransferMode; ids: string[] }> {
    const resigned = (await wecom.listUnassignedContacts())
      .filter((c) => c.handoverUserid === userid)
      .map((c) => c.externalUserid);
    if (resigned.length > 0) return { mode: 'resigned', ids: resigned };
    return { mode: 'employed', ids: await wecom.listFollowedContacts(userid) };
  }

  /** The WeCom part, after the commit: each contact's answer kept; a WeCom that does not answer is listed. */
  async function transferContacts(
    corpId: number,
    id: number,
    from: { wxworkId: string | null },
    to: { name: string; wxworkId: string | null } | null,
  ) {
    const found = await repo.find(db, corpId, id);
    if (!found) return;
    const unmoved = [...found.row.unmoved];
    const moved = { ...found.row.moved };
    const say = (reason: string) => unmoved.push({ kind: 'wecom_contacts', name: '', reason });
    let state: Wecom = { mode: 'none', handoverUserid: from.wxworkId ?? '', takeoverUserid: '', contacts: [] };
    if (!from.wxworkId) say(T.unmoved.wecomFromUnbound);
    else if (to === null) say(T.unmoved.wecomNoColleague);
    else if (!to.wxworkId) say(T.unmoved.wecomToUnbound);
    else {
      try {
        const { mode, ids } = await contactsOf(from.wxworkId);
        const answers =
          ids.length === 0
            ? []
            : await wecom.transferCustomers({
                mode,
                handoverUserid: from.wxworkId,
                takeoverUserid: to.wxworkId,
                externalUserids: ids,
                successMessage: T.successMessage(to.name),
              });
        state = {
          mode,
          handoverUserid: from.wxworkId,
          takeoverUserid: to.wxworkId,
          contacts: answers.map((a) => ({ externalUserid: a.externalUserid, errcode: a.errcode, status: 0 })),
        };
        moved.wecom_contacts = answers.filter((a) => a.errcode === 0).length;
        for (const a of answers)
          if (a.errcode !== 0) unmoved.push({ kind: 'wecom_contacts', name: a.externalUserid, reason: statusLabel(a) });
      } catch (error) {
        // WeCom's refusal of the whole call or no answer: the database's handover stands; the admin sees why.
        say(
          error instanceof Error && 'errcode' in error
            ? T.unmoved.wecomRefused(Number(error.errcode))
            : T.unmoved.wecomDown,
        );
      }
    }
    await repo.update(db, corpId, id, { moved, unmoved, wecom: state });
  }

  return {
    async handover(me: StaffIdentity, form: Form): Promise<HandoverAnswer> {
      requireActor(me, 'admin.company');
      if (form.from_id === me.id) throw new RefusedError(T.notYourself, { field: 'from_id' });
      const at = now();
      const corpId = me.corpId;
      const done = await repo.transaction(async (tx) => {
        // The person first, then their cases in id order: two handovers of one person queue here, and a pool
        // claim (which locks one case row) never waits for something this transaction waits for.
        const from = await repo.lockPerson(tx, corpId, form.from_id);
        if (!from) throw new NotFoundError(T.fromNotFound);
        let to: Awaited<ReturnType<typeof repo.person>> | null = null;
        if (form.to_id !== undefined) {
          to = (await repo.person(tx, corpId, form.to_id)) ?? null;
          if (!to || !to.isActive) throw new RefusedError(T.toInvalid, { field: 'to_id' });
        }
        const moved = zero();
        const unmoved: Unmoved[] = [];
        const cases = await lockCasesHeldBy(tx, corpId, from.id);
        const toPool = form.to_pool;
        const caseIds = cases.map((c) => c.id);

        // Follow-ups before the cases move: to the new owner with their case, else closed (listed).
        const follow = await handOverFollowUps(
          tx,
          corpId,
          from.id,
          !toPool && to ? { toId: to.id, caseIds } : null,
          at,
        );
        moved.follow_ups = follow.moved;
        for (const f of follow.closed)
          unmoved.push({
            kind: 'follow_ups',
            name: f.name,
            reason: toPool && caseIds.includes(f.clientId) ? T.unmoved.followUpPooled : T.unmoved.followUpClosed,
          });

        for (const c of cases) {
          if (toPool) {
            const reason = T.poolReason(from.name);
            await putCaseInPool(tx, corpId, c.id, at, reason);
            await recordOwnershipEvent(
              tx,
              { corpId, clientId: c.id, staffId: me.id, kind: 'pooled' },
              c.status,
              reason,
              at,
            );
          } else if (to) {
            await setCaseOwner(tx, corpId, c.id, { id: to.id, teamId: to.teamId }, at);
            await recordOwnershipEvent(
              tx,
              { corpId, clientId: c.id, staffId: me.id, kind: 'reassigned' },
              c.status,
              T.caseReason(from.name, to.name),
              at,
            );
          }
        }
        moved[toPool ? 'pooled_cases' : 'cases'] = cases.length;

        const money = await handOverCaseMoney(tx, corpId, caseIds, toPool || !to ? null : to.id);
        if (toPool) {
          if (money.repayments > 0)
            unmoved.push({
              kind: 'repayments',
              name: T.unmovedName.repayments(money.repayments),
              reason: T.unmoved.repaymentPooled,
            });
          if (money.rejections > 0)
            unmoved.push({
              kind: 'proof_rejections',
              name: T.unmovedName.rejections(money.rejections),
              reason: T.unmoved.rejectionPooled,
            });
        } else {
          moved.repayments = money.repayments;
          moved.proof_rejections = money.rejections;
        }

        const signer = to ? { id: to.id, name: to.name, isSigner: to.jobs.includes(SIGNING_JOB) } : null;
        const sign = await handOverSignTasks(tx, corpId, from.id, signer, me.id, at);
        moved.sign_tasks = sign.moved.length;
        for (const id of sign.reopened)
          unmoved.push({ kind: 'sign_tasks', name: T.unmovedName.signTask(id), reason: T.unmoved.signReopened });
        for (const id of sign.stayed)
          unmoved.push({ kind: 'sign_tasks', name: T.unmovedName.signTask(id), reason: T.unmoved.signStayed });

        // Partners and home loans have no pool: they go to the colleague, or stay and are listed.
        const partners = await handOverPartners(tx, corpId, from.id, to?.id ?? null);
        const house = await handOverHouse(tx, corpId, from.id, to ? { id: to.id, teamId: to.teamId } : null, me.id, at);
        const rest: [HandoverKind, { name: string }[]][] = [
          ['partners', partners.partners],
          ['house_clients', house.clients],
          ['house_channels', house.channels],
          ['brokerage_users', house.receivers],
          ['house_recommends', house.recommends],
        ];
        for (const [kind, rows] of rest) {
          if (to) moved[kind] = rows.length;
          else for (const r of rows) unmoved.push({ kind, name: r.name, reason: T.unmoved.needColleague });
        }
        if (to && !partners.inviteMoved && partners.partners.length > 0)
          unmoved.push({ kind: 'partners', name: '', reason: T.unmoved.inviteKept });

        if (form.disable) await updateStaffRow(tx, corpId, from.id, { isActive: false });
        const signedOut = await endStaffSessions(tx, corpId, from.id);
        const id = await repo.insert(tx, {
          corpId,
          fromId: from.id,
          toId: to?.id ?? null,
          toPool,
          disabled: form.disable,
          actorId: me.id,
          signedOut,
          moved,
          unmoved,
          wecom: { mode: 'none', handoverUserid: from.wxworkId ?? '', takeoverUserid: '', contacts: [] },
          createdAt: at,
        });
        return { id, from, to };
      });
      await transferContacts(corpId, done.id, done.from, done.to);
      return answerOf(corpId, done.id);
    },

    /** The handover again, with WeCom's takeover state of each contact asked anew. */
    async result(me: StaffIdentity, id: number): Promise<HandoverAnswer> {
      requireActor(me, 'admin.company');
      const found = await repo.find(db, me.corpId, id);
      if (!found) throw new NotFoundError(T.notFound);
      const state = found.row.wecom;
      if (state.mode !== 'none' && state.contacts.length > 0) {
        const states = new Map(
          (
            await wecom.transferResult({
              mode: state.mode,
              handoverUserid: state.handoverUserid,
              takeoverUserid: state.takeoverUserid,
            })
          ).map((s) => [s.externalUserid, s.status]),
        );
        await repo.update(db, me.corpId, id, {
          wecom: {
            ...state,
            contacts: state.contacts.map((c) => ({
              ...c,
              status: c.errcode === 0 ? (states.get(c.externalUserid) ?? c.status) : c.status,
            })),
          },
          checkedAt: now(),
        });
      }
      return answerOf(me.corpId, id);
    },

    /** The report: what moved per kind, what did not and why, each WeCom contact's state; one XLSX sheet. */
    async report(me: StaffIdentity, id: number) {
      requireActor(me, 'admin.company');
      const a = await answerOf(me.corpId, id);
      const day = a.created_at.slice(0, 16).replace('T', ' ');
      const rows: (string | number)[][] = [
        [
          T.report.sheetTitle,
          T.report.summary(a.from.name, a.to?.name ?? T.report.pool, day),
          '',
          a.disabled ? T.report.disabled : T.report.signedOut(a.signed_out),
        ],
        ...HANDOVER_KINDS.map((kind) => [HANDOVER_KIND_LABELS[kind], '', a.moved[kind], T.report.moved]),
        ...a.unmoved.map((u) => [u.kind_label, u.name, '', u.reason]),
        ...a.wecom.contacts
          .filter((c) => c.errcode === 0)
          .map((c) => [
            HANDOVER_KIND_LABELS.wecom_contacts,
            c.external_userid,
            '',
            T.unmoved.wecomStatus(c.status_label),
          ]),
      ];
      return { name: `handover-${a.id}.xlsx`, bytes: await writeSheet([...T.report.header], rows) };
    },
  };
}

export type HandoverService = ReturnType<typeof createHandoverService>;
