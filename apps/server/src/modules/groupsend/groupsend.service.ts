import type { z } from 'zod';
import { activityPath } from '@crm/domain/api/activity';
import { CST_OFFSET_MS } from '@crm/domain/datetime';
import {
  GROUP_SENDS_PER_MONTH,
  type GroupAudience,
  type GroupPreview,
  type GroupSendDetail,
  type GroupSendRow,
  type groupSendCreateSchema,
} from '@crm/domain/api/groupsend';
import { toPage, type PageRequest } from '@crm/domain/api/page';
import { UPLOAD_IMAGE_MAX_BYTES, WecomError, type WecomAdapter } from '../../adapters/wecom/index.ts';
import { sniffImageFormat } from '../../images/image-processing.ts';
import type { Clock } from '../../clock.ts';
import { NotFoundError, RefusedError } from '../../errors.ts';
import { mayActor, requireActor, type Actor } from '../access/index.ts';
import type { AudienceFilter } from '../chatter/index.ts';
import type { GroupSendRepository, SendCounts, SendRow, SendLink } from './groupsend.repository.ts';
import { GROUP_SEND_TEXTS as T } from './groupsend.texts.ts';

/** The calendar month in China time (WeCom counts its four a natural month): 2026-11. */
export const chinaMonth = (at: Date) => new Date(at.getTime() + CST_OFFSET_MS).toISOString().slice(0, 7);

const iso = (at: Date | null) => (at ? at.toISOString() : null);
const fromSeconds = (s: number | null) => (s === null ? null : new Date(s * 1000));
const reasonOf = (error: WecomError) => `${error.errcode} ${error.errmsg ?? ''}`.trim();

interface Deps {
  repo: GroupSendRepository;
  wecom: WecomAdapter;
  now: Clock;
  /** The company's activities on now (modules/activity). */
  activitiesOn: (corpId: number, at: Date) => Promise<{ id: number; type: string; title: string; coverUrl: string }[]>;
  /** The owners, tags and sources a filter may pick (modules/chatter). */
  choices: (
    corpId: number,
    teamId: number | null,
  ) => Promise<{
    owners: { id: number; name: string; bound: boolean }[];
    tags: string[];
    sources: string[];
  }>;
  /** Names and contacts of files (modules/chatter). */
  filings: (corpId: number, ids: readonly number[]) => Promise<{ id: number; name: string; externalUserid: string }[]>;
  publicUrl: string;
}

/**
 * Group sends to customers (群发, issue 50 point 2, decision 080): a company admin picks among the company's
 * customers, a team leader among their team's; WeCom's tasks are made after the send's rows are committed (a
 * refusal releases the task's customers), and the results are fetched when asked.
 */
export function createGroupSendService(deps: Deps) {
  const { repo, wecom, now } = deps;

  /** An admin works on the whole company; a leader (who is no admin) on their team, and sees the sends they made. */
  const scopeOf = (me: Actor) => {
    requireActor(me, 'groupsend.manage');
    const admin = mayActor(me, 'admin.company');
    return { teamId: admin ? null : me.teamId, createdBy: admin ? null : me.id };
  };
  const filterOf = (me: Actor, teamId: number | null, a: GroupAudience): AudienceFilter => ({
    corpId: me.corpId,
    teamId,
    ownerIds: a.owner_ids,
    tags: a.tags,
    sources: a.sources,
  });

  const rowOf = (row: { send: SendRow; createdByName: string }, c: SendCounts): GroupSendRow => ({
    id: row.send.id,
    text: row.send.text,
    activity_title: row.send.link?.title ?? '',
    image_url: row.send.imageUrl,
    created_by: row.createdByName,
    created_at: row.send.createdAt.toISOString(),
    month: row.send.month,
    recipients: c.recipients,
    received: c.received,
    members: c.members,
    members_sent: c.membersSent,
    fetched_at: iso(row.send.fetchedAt),
  });

  async function detail(me: Actor, id: number): Promise<GroupSendDetail> {
    const { createdBy } = scopeOf(me);
    const row = await repo.find(me.corpId, id, createdBy);
    if (!row) throw new NotFoundError(T.notFound);
    const counts = (await repo.counts(me.corpId, [id])).get(id) ?? {
      recipients: 0,
      received: 0,
      members: 0,
      membersSent: 0,
    };
    const tasks = await repo.tasks(me.corpId, id);
    const people = await repo.recipients(me.corpId, id);
    const names = new Map(
      (
        await deps.filings(
          me.corpId,
          people.map((p) => p.filingId),
        )
      ).map((f) => [f.id, f.name]),
    );
    return {
      ...rowOf(row, counts),
      tasks: tasks.map((t) => ({
        staff_id: t.staffId,
        name: t.name,
        status: t.status,
        sent_at: iso(t.sentAt),
        customers: t.customers,
        error: t.error,
      })),
      customers: people.map((p) => ({
        filing_id: p.filingId,
        name: names.get(p.filingId) ?? '',
        owner_name: p.ownerName,
        status: p.status,
        sent_at: iso(p.sentAt),
      })),
    };
  }

  return {
    async options(me: Actor) {
      const { teamId } = scopeOf(me);
      const choices = await deps.choices(me.corpId, teamId);
      const activities = await deps.activitiesOn(me.corpId, now());
      return { ...choices, activities: activities.map((a) => ({ id: a.id, title: a.title })) };
    },

    async preview(me: Actor, audience: GroupAudience): Promise<GroupPreview> {
      const { teamId } = scopeOf(me);
      const month = chinaMonth(now());
      const parts = await repo.preview(filterOf(me, teamId, audience), month);
      return {
        month,
        limit: GROUP_SENDS_PER_MONTH,
        matched: parts.matched.length,
        sendable: parts.sendable.length,
        over_limit: parts.over.map((m) => ({
          filing_id: m.filingId,
          name: m.name,
          owner_name: m.ownerName,
          received: m.held,
        })),
        unbound: parts.unbound.length,
      };
    },

    async create(me: Actor, form: z.output<typeof groupSendCreateSchema>) {
      const { teamId } = scopeOf(me);
      const at = now();
      let link: SendLink | null = null;
      if (form.activity_id !== null) {
        const activity = (await deps.activitiesOn(me.corpId, at)).find((a) => a.id === form.activity_id);
        if (!activity) throw new RefusedError(T.activityNotFound, { field: 'activity_id' });
        link = {
          activityId: activity.id,
          title: activity.title,
          url: `${deps.publicUrl.replace(/\/+$/, '')}${activityPath(activity.type as Parameters<typeof activityPath>[0], activity.id)}`,
          picurl: activity.coverUrl,
        };
      }
      const made = await repo.create(filterOf(me, teamId, form), {
        createdBy: me.id,
        text: form.text,
        imageUrl: form.image_url,
        link,
        audience: { owner_ids: form.owner_ids, tags: form.tags, sources: form.sources },
        month: chinaMonth(at),
        excludeOverLimit: form.exclude_over_limit,
        at,
      });
      if (made.refused === 'none') throw new RefusedError(T.noMatch);
      if (made.refused === 'over')
        throw new RefusedError(T.overLimit(made.over.length), { field: 'exclude_over_limit' });
      if (made.refused === 'empty') throw new RefusedError(T.nobody);
      // WeCom's tasks, one per owner, after the commit: a slow WeCom holds no lock on the customers.
      for (const task of made.tasks) {
        try {
          const answer = await wecom.addMsgTemplate({
            sender: task.sender,
            externalUserids: task.customers.map((c) => c.externalUserid),
            text: form.text,
            imageUrl: form.image_url,
            link: link && { title: link.title, url: link.url, picurl: link.picurl, desc: T.linkDesc },
          });
          const refused = new Set(answer.failList);
          await repo.noteTask(me.corpId, task.taskId, {
            msgid: answer.msgid,
            failed: task.customers.filter((c) => refused.has(c.externalUserid)).map((c) => c.filingId),
          });
        } catch (error) {
          if (!(error instanceof WecomError)) throw error;
          await repo.noteTask(me.corpId, task.taskId, { error: reasonOf(error) });
        }
      }
      return detail(me, made.sendId);
    },

    /** Sends a picture to WeCom (media/uploadimg) and answers its address there, for a send to carry. */
    async uploadImage(me: Actor, file: unknown) {
      scopeOf(me);
      if (!Buffer.isBuffer(file) || file.length === 0) throw new RefusedError(T.imageMissing, { field: 'file' });
      const kind = sniffImageFormat(file);
      if (kind !== 'jpeg' && kind !== 'png') throw new RefusedError(T.imageKind, { field: 'file' });
      if (file.length > UPLOAD_IMAGE_MAX_BYTES) throw new RefusedError(T.imageTooLarge, { field: 'file' });
      try {
        const url = await wecom.uploadImage({
          bytes: file,
          filename: kind === 'png' ? 'image.png' : 'image.jpg',
          contentType: `image/${kind}`,
        });
        return { image_url: url };
      } catch (error) {
        if (error instanceof WecomError && error.reason === 'api')
          throw new RefusedError(T.imageRefused(error.errcode), { cause: error });
        if (error instanceof WecomError) throw new RefusedError(T.imageUnreachable, { cause: error });
        throw error;
      }
    },

    async list(me: Actor, page: PageRequest) {
      const { createdBy } = scopeOf(me);
      const rows = await repo.page(me.corpId, createdBy, page);
      const counts = await repo.counts(
        me.corpId,
        rows.map((r) => r.send.id),
      );
      return toPage(
        rows.map((r) => ({ ...r, id: r.send.id })),
        page.limit,
        (r) => rowOf(r, counts.get(r.id) ?? { recipients: 0, received: 0, members: 0, membersSent: 0 }),
      );
    },

    detail,

    /** Asks WeCom who sent and who received (get_groupmsg_task, get_groupmsg_send_result) and keeps the answer. */
    async refresh(me: Actor, id: number) {
      const { createdBy } = scopeOf(me);
      const row = await repo.find(me.corpId, id, createdBy);
      if (!row) throw new NotFoundError(T.notFound);
      const people = await repo.recipients(me.corpId, id);
      const filingOf = new Map(
        (
          await deps.filings(
            me.corpId,
            people.map((p) => p.filingId),
          )
        ).map((f) => [f.externalUserid, f.id]),
      );
      for (const task of await repo.tasks(me.corpId, id)) {
        if (task.msgid === '' || !task.userid) continue;
        try {
          const states = await wecom.groupMsgTasks(task.msgid);
          const mine = states.find((s) => s.userid === task.userid);
          const sends = await wecom.groupMsgSendResults(task.msgid, task.userid);
          await repo.applyResults(
            me.corpId,
            id,
            task.id,
            { status: mine?.status ?? task.status, sentAt: fromSeconds(mine?.sendTime ?? null) },
            sends.flatMap((s) => {
              const filingId = filingOf.get(s.externalUserid);
              return filingId === undefined ? [] : [{ filingId, status: s.status, sentAt: fromSeconds(s.sendTime) }];
            }),
          );
        } catch (error) {
          if (error instanceof WecomError) throw new RefusedError(T.unreachable, { cause: error });
          throw error;
        }
      }
      await repo.fetched(me.corpId, id, now());
      return detail(me, id);
    },
  };
}

export type GroupSendService = ReturnType<typeof createGroupSendService>;
