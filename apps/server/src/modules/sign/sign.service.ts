import type { Clock } from '../../clock.ts';
import type { z } from 'zod';
import { toPage } from '@crm/domain/api/page';
import {
  type SignDetail,
  type SignTask,
  type auditRejectRequestSchema,
  type taskListRequestSchema,
  type updateTaskRequestSchema,
} from '@crm/domain/api/sign';
import { maskPhone } from '@crm/domain/validation';
import type { WecomAdapter } from '../../adapters/wecom/index.ts';
import { WecomError } from '../../adapters/wecom/index.ts';
import { RefusedError } from '../../errors.ts';
import { requireActor, type Access } from '../access/index.ts';
import { moveCaseBySigning, requireConsent } from '../cases/index.ts';
import type { StaffIdentity } from '../staff/index.ts';
import type { SignRepository, SignStatus, TaskRow } from './sign.repository.ts';
import { SIGN_TEXTS } from './sign.texts.ts';

type Me = StaffIdentity;
type Tx = Parameters<SignRepository['insertEvent']>[0];

const requireSigner = (me: Me) => requireActor(me, 'sign.task.list');

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toTask(row: TaskRow): SignTask {
  return {
    id: row.id,
    kind: row.houseClientId !== null ? 'house' : 'case',
    client_id: row.clientId,
    client_name: row.clientName,
    client_phone: maskPhone(row.clientPhone),
    status: row.status,
    signer_id: row.signerId,
    signer_name: row.signerName,
    appointment_at: iso(row.appointmentAt),
    place: row.place,
    outcome_note: row.outcomeNote,
    wecom_sp_no: row.wecomSpNo || null,
    created_at: row.createdAt.toISOString(),
  };
}

export interface SignServiceDeps {
  repo: SignRepository;
  access: Access;
  wecom: WecomAdapter;
  approvalTemplateId: string;
  now: Clock;
}

export function createSignService({ repo, access, wecom, approvalTemplateId, now }: SignServiceDeps) {
  /** A task the caller may open (the access module: the centre's open pool, its signer, their leader, the approver). */
  const visibleTask = (
    me: Me,
    id: number,
    permission: 'sign.task.read' | 'sign.task.record' = 'sign.task.read',
  ): Promise<TaskRow> => access.require(me, permission, id);

  /** Every move of a task leaves a line in its history: who moved it, from where to where, why, and when. */
  const recordMove = (tx: Tx, me: Me, taskId: number, from: SignStatus, to: SignStatus, at: Date, reason?: string) =>
    repo.insertEvent(tx, {
      corpId: me.corpId,
      taskId,
      actorId: me.id,
      fromStatus: from,
      toStatus: to,
      reason,
      createdAt: at,
    });

  return {
    async list(me: Me, query: z.output<typeof taskListRequestSchema>) {
      requireSigner(me);
      let rows;
      if (query.flag === 1) {
        rows = await repo.listTasks({ corpId: me.corpId, status: 'open', kind: query.kind }, query.cursor, query.limit);
      } else if (query.flag === 2) {
        const userId = query.userid || me.id;
        await access.requireSignerList(me, userId);
        rows = await repo.listTasks(
          { corpId: me.corpId, signerId: userId, kind: query.kind },
          query.cursor,
          query.limit,
        );
      } else {
        requireActor(me, 'sign.reject.list');
        rows = await repo.listTasks(
          { corpId: me.corpId, status: 'rejected', kind: query.kind },
          query.cursor,
          query.limit,
        );
      }
      // Lists show the phone masked (spec §9); the task's page reveals it to whoever holds the appointment.
      return toPage(rows, query.limit, (row) => toTask(row));
    },

    /**
     * The task's client phone in full, to whoever holds or oversees the task (decision 065); the company's
     * audit log gets the line first: no log, no number.
     */
    async revealPhone(me: Me, id: number): Promise<{ value: string }> {
      const task = await access.require(me, 'sign.task.revealPhone', id);
      await repo.logPhoneReveal(me.corpId, task, { staffId: me.id, at: now() });
      return { value: task.clientPhone };
    },

    async detail(me: Me, id: number): Promise<SignDetail> {
      const task = await visibleTask(me, id);
      const events = await repo.events(me.corpId, id);
      return {
        // Masked for the holder too (decision 065): 查看 reveals it through the case's logged revealClient.
        ...toTask(task),
        bank: task.bank,
        loan_amount_fen: task.loanAmountFen,
        events: events.map((e) => ({
          actor_name: e.actorName,
          from_status: e.fromStatus,
          to_status: e.toStatus,
          reason: e.reason,
          created_at: e.createdAt.toISOString(),
        })),
      };
    },

    async take(me: Me, id: number) {
      const task = await access.require(me, 'sign.task.take', id);
      // Someone was quicker (or it is done): the same answer as losing the race below.
      if (task.status !== 'open') throw new RefusedError(SIGN_TEXTS.taken);
      return repo.transaction(async (tx) => {
        const at = now();
        // No signer travels to a client who has not consented, or withdrew (decision 073).
        if (task.clientId !== null) await requireConsent(tx, me.corpId, task.clientId);
        const taken = await repo.take(tx, me.corpId, task.id, me.id, at);
        if (!taken) throw new RefusedError(SIGN_TEXTS.taken);
        await recordMove(tx, me, id, 'open', 'taken', at);
        return { id };
      });
    },

    /** The signer records the outcome: signed (the home-loan client is signed too) or rejected, with why. */
    async update(me: Me, input: z.output<typeof updateTaskRequestSchema>) {
      const task = await visibleTask(me, input.id, 'sign.task.record');
      return repo.transaction(async (tx) => {
        const at = now();
        // A signed case goes to the bank (审批中) with the task; the case row is locked before the task row.
        if (input.outcome === 'signed' && task.clientId !== null) {
          const caseMoved = await moveCaseBySigning(tx, {
            corpId: me.corpId,
            clientId: task.clientId,
            to: 3,
            actorId: me.id,
            note: input.note,
            at,
          });
          if (!caseMoved) throw new RefusedError(SIGN_TEXTS.caseChanged);
        }
        const moved = await repo.move(
          tx,
          { corpId: me.corpId, id: input.id, from: 'taken', signerId: me.id },
          { status: input.outcome, outcomeNote: input.note, finishedAt: at },
        );
        if (!moved) throw new RefusedError(SIGN_TEXTS.taskChanged);
        await recordMove(tx, me, input.id, 'taken', input.outcome, at, input.note);
        if (input.outcome === 'signed' && moved.houseClientId !== null) {
          await repo.markHouseSigned(tx, me.corpId, moved.houseClientId, at);
        }
        return { id: input.id };
      });
    },

    /** The company's rejection approver (the spec's "value 29", a grant) confirms a rejection, or sends it back to the signer. */
    async auditReject(me: Me, input: z.output<typeof auditRejectRequestSchema>) {
      const task = await access.require(me, 'sign.reject.approve', input.id);
      return repo.transaction(async (tx) => {
        const at = now();
        const to = input.decision === 'approve' ? 'reject_approved' : 'taken';
        // A confirmed rejection fails the case's signing (签约失败), so the salesperson can correct and resubmit.
        if (to === 'reject_approved' && task.clientId !== null) {
          const caseMoved = await moveCaseBySigning(tx, {
            corpId: me.corpId,
            clientId: task.clientId,
            to: 2,
            actorId: me.id,
            note: task.outcomeNote ?? '',
            at,
          });
          if (!caseMoved) throw new RefusedError(SIGN_TEXTS.caseChanged);
        }
        const moved = await repo.move(
          tx,
          { corpId: me.corpId, id: input.id, from: 'rejected' },
          { status: to, finishedAt: to === 'taken' ? null : at },
        );
        if (!moved) throw new RefusedError(SIGN_TEXTS.rejectionDecided);
        await recordMove(tx, me, input.id, 'rejected', to, at, input.reason);
        if (to === 'reject_approved' && moved.houseClientId !== null) {
          await repo.markHouseSignFailed(tx, me.corpId, moved.houseClientId, { actorId: me.id, at });
        }
        return { id: input.id };
      });
    },

    /**
     * Sends the signer's rejection to WeCom's OA approval (wxWorkApprove) once. The claim is taken before
     * calling WeCom so two taps make one approval; a failed call gives the claim back.
     */
    async wxWorkApprove(me: Me, id: number) {
      const task = await visibleTask(me, id);
      if (task.signerId !== me.id || task.status !== 'rejected')
        throw new RefusedError(SIGN_TEXTS.approvalOwnRejectionOnly);
      if (task.wecomSpNo !== null) throw new RefusedError(SIGN_TEXTS.approvalAlreadySent);
      const self = await repo.findStaff(me.corpId, me.id);
      // The demo adapter has no corp members; it is given a stand-in creator so the flow runs offline.
      const creator = self?.wxworkId ?? (wecom.kind === 'demo' ? `demo-staff-${me.id}` : null);
      if (!creator) throw new RefusedError(SIGN_TEXTS.wecomNotBound);
      if (!(await repo.claimApproval(me.corpId, id, me.id))) throw new RefusedError(SIGN_TEXTS.approvalAlreadySent);
      try {
        const spNo = await wecom.applyApproval({
          creatorUserId: creator,
          templateId: approvalTemplateId,
          fields: [
            { controlId: 'Text-client', text: task.clientName },
            { controlId: 'Text-reason', text: task.outcomeNote ?? '' },
          ],
          summary: [
            SIGN_TEXTS.approvalTitle,
            SIGN_TEXTS.approvalClient(task.clientName),
            SIGN_TEXTS.approvalReason(task.outcomeNote ?? ''),
          ],
        });
        await repo.setApproval(me.corpId, id, spNo);
        return { sp_no: spNo };
      } catch (error) {
        await repo.setApproval(me.corpId, id, null);
        if (error instanceof WecomError) throw new RefusedError(SIGN_TEXTS.approvalFailed);
        throw error;
      }
    },
  };
}

export type SignService = ReturnType<typeof createSignService>;
