import type { Clock } from '../../clock.ts';
import type { z } from 'zod';
import { HOUSE_STATUS } from '@crm/domain/house';
import { toPage } from '@crm/domain/api/page';
import { type SignDetail, type SignTask, type auditRejectRequestSchema, type taskListRequestSchema, type updateTaskRequestSchema } from '@crm/domain/api/sign';
import { GRANT, JOB } from '@crm/domain/roles';
import { maskPhone } from '@crm/domain/validation';
import type { WecomAdapter } from '../../adapters/wecom/index.ts';
import { WecomError } from '../../adapters/wecom/index.ts';
import { ForbiddenError, NotFoundError, RefusedError } from '../../errors.ts';
import type { StaffIdentity } from '../staff/staff.repository.ts';
import type { SignRepository, TaskRow } from './sign.repository.ts';

type Me = StaffIdentity;

const TAKEN_MESSAGE = '手慢了，该任务已被其他签约员领取';

function requireSigner(me: Me) {
  if (!me.jobs.includes(JOB.SIGNING) || me.jobs.includes(JOB.REBATE_ONLY)) throw new ForbiddenError('仅签约中心可操作');
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toTask(row: TaskRow, revealPhone: boolean): SignTask {
  return {
    id: row.id,
    kind: row.houseClientId !== null ? 'house' : 'case',
    client_name: row.clientName,
    client_phone: revealPhone ? row.clientPhone : maskPhone(row.clientPhone),
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
  wecom: WecomAdapter;
  approvalTemplateId: string;
  now: Clock;
}

export function createSignService({ repo, wecom, approvalTemplateId, now }: SignServiceDeps) {
  /** A signing leader may open the lists of the signers of their own team. */
  async function mayViewSigner(me: Me, userId: number): Promise<boolean> {
    if (userId === me.id) return true;
    if (!me.isLeader || me.teamId === null) return false;
    const other = await repo.findStaff(me.corpId, userId);
    return other !== undefined && other.teamId === me.teamId && other.jobs.includes(JOB.SIGNING);
  }

  /** Whether the company granted this member the approval of rejected signings (staff_grants, decision 040). */
  const isRejectApprover = (me: Me) => me.grants.includes(GRANT.SIGN_REJECT_APPROVE);

  /** Who may open a task: anyone of the centre while open; then its signer, their leader, and the company's rejection approver for rejections. */
  async function mayViewTask(me: Me, task: TaskRow): Promise<boolean> {
    if (task.status === 'open' || task.signerId === me.id) return true;
    if ((task.status === 'rejected' || task.status === 'reject_approved') && isRejectApprover(me)) return true;
    return task.signerId !== null && me.isLeader && me.teamId !== null && task.signerTeamId === me.teamId;
  }

  async function visibleTask(me: Me, id: number) {
    requireSigner(me);
    const task = await repo.findTask(me.corpId, id);
    if (!task) throw new NotFoundError('任务不存在');
    if (!(await mayViewTask(me, task))) throw new ForbiddenError('无权查看该任务');
    return task;
  }

  return {
    async list(me: Me, query: z.output<typeof taskListRequestSchema>) {
      requireSigner(me);
      let rows;
      if (query.flag === 1) {
        rows = await repo.listTasks({ corpId: me.corpId, status: 'open', kind: query.kind }, query.cursor, query.limit);
      } else if (query.flag === 2) {
        const userId = query.userid || me.id;
        if (!(await mayViewSigner(me, userId))) throw new ForbiddenError('无权查看该签约员的任务');
        rows = await repo.listTasks({ corpId: me.corpId, signerId: userId, kind: query.kind }, query.cursor, query.limit);
      } else {
        if (!isRejectApprover(me)) throw new ForbiddenError('仅拒签审批人可查看');
        rows = await repo.listTasks({ corpId: me.corpId, status: 'rejected', kind: query.kind }, query.cursor, query.limit);
      }
      // The phone is for whoever holds the appointment; the open pool shows it masked.
      return toPage(rows, query.limit, (row) => toTask(row, row.signerId !== null));
    },

    async detail(me: Me, id: number): Promise<SignDetail> {
      const task = await visibleTask(me, id);
      const events = await repo.events(me.corpId, id);
      return {
        ...toTask(task, task.signerId !== null),
        bank: task.bank,
        loan_amount_fen: task.loanAmountFen,
        events: events.map((e) => ({ actor_name: e.actorName, from_status: e.fromStatus, to_status: e.toStatus, reason: e.reason, created_at: e.createdAt.toISOString() })),
      };
    },

    async take(me: Me, id: number) {
      requireSigner(me);
      const task = await repo.findTask(me.corpId, id);
      if (!task) throw new NotFoundError('任务不存在');
      // Someone was quicker (or it is done): the same answer as losing the race below.
      if (task.status !== 'open') throw new RefusedError(TAKEN_MESSAGE);
      return repo.transaction(async (tx) => {
        const at = now();
        const taken = await repo.take(tx, me.corpId, task.id, me.id, at);
        if (!taken) throw new RefusedError(TAKEN_MESSAGE);
        await repo.insertEvent(tx, { corpId: me.corpId, taskId: id, actorId: me.id, fromStatus: 'open', toStatus: 'taken', createdAt: at });
        return { id };
      });
    },

    /** The signer records the outcome: signed (the home-loan client is signed too) or rejected, with why. */
    async update(me: Me, input: z.output<typeof updateTaskRequestSchema>) {
      const task = await visibleTask(me, input.id);
      if (task.signerId !== me.id) throw new ForbiddenError('只能处理自己领取的任务');
      return repo.transaction(async (tx) => {
        const at = now();
        const moved = await repo.move(tx, { corpId: me.corpId, id: input.id, from: 'taken', signerId: me.id }, { status: input.outcome, outcomeNote: input.note, finishedAt: at });
        if (!moved) throw new RefusedError('任务状态已变化，请刷新');
        await repo.insertEvent(tx, { corpId: me.corpId, taskId: input.id, actorId: me.id, fromStatus: 'taken', toStatus: input.outcome, reason: input.note, createdAt: at });
        if (input.outcome === 'signed' && moved.houseClientId !== null) {
          await repo.setHouseClientStatus(tx, me.corpId, moved.houseClientId, HOUSE_STATUS.SIGNED);
        }
        return { id: input.id };
      });
    },

    /** The company's rejection approver (the spec's "value 29", a grant) confirms a rejection, or sends it back to the signer. */
    async auditReject(me: Me, input: z.output<typeof auditRejectRequestSchema>) {
      requireSigner(me);
      if (!isRejectApprover(me)) throw new ForbiddenError('仅拒签审批人可审批');
      const task = await repo.findTask(me.corpId, input.id);
      if (!task) throw new NotFoundError('任务不存在');
      return repo.transaction(async (tx) => {
        const at = now();
        const to = input.decision === 'approve' ? 'reject_approved' : 'taken';
        const moved = await repo.move(tx, { corpId: me.corpId, id: input.id, from: 'rejected' }, { status: to, finishedAt: to === 'taken' ? null : at });
        if (!moved) throw new RefusedError('该拒签已处理');
        await repo.insertEvent(tx, { corpId: me.corpId, taskId: input.id, actorId: me.id, fromStatus: 'rejected', toStatus: to, reason: input.reason, createdAt: at });
        if (to === 'reject_approved' && moved.houseClientId !== null) {
          await repo.setHouseClientStatus(tx, me.corpId, moved.houseClientId, HOUSE_STATUS.FAILED);
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
      if (task.signerId !== me.id || task.status !== 'rejected') throw new RefusedError('只能为自己的拒签任务发起审批');
      if (task.wecomSpNo !== null) throw new RefusedError('已发起企业微信审批');
      const self = await repo.findStaff(me.corpId, me.id);
      // The demo adapter has no corp members; it is given a stand-in creator so the flow runs offline.
      const creator = self?.wxworkId ?? (wecom.kind === 'demo' ? `demo-staff-${me.id}` : null);
      if (!creator) throw new RefusedError('请先在企业微信中登录一次以绑定账号');
      if (!(await repo.claimApproval(me.corpId, id, me.id))) throw new RefusedError('已发起企业微信审批');
      try {
        const spNo = await wecom.applyApproval({
          creatorUserId: creator,
          templateId: approvalTemplateId,
          fields: [
            { controlId: 'Text-client', text: task.clientName },
            { controlId: 'Text-reason', text: task.outcomeNote ?? '' },
          ],
          summary: ['签约拒签审批', `客户：${task.clientName}`, `原因：${task.outcomeNote ?? ''}`],
        });
        await repo.setApproval(me.corpId, id, spNo);
        return { sp_no: spNo };
      } catch (error) {
        await repo.setApproval(me.corpId, id, null);
        if (error instanceof WecomError) throw new RefusedError('企业微信审批发起失败，请稍后重试');
        throw error;
      }
    },
  };
}

export type SignService = ReturnType<typeof createSignService>;
