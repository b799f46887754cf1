import { maskedRobotWebhook, robotKeyOf, type Robot, type RobotEvent } from '@crm/domain/api/robots';
import { WecomError, type WecomAdapter } from '../../adapters/wecom/index.ts';
import type { Clock } from '../../clock.ts';
import { NotFoundError, RefusedError } from '../../errors.ts';
import { requireActor, type Actor } from '../access/index.ts';
import type { RobotRow, RobotsRepository } from './robots.repository.ts';
import { ROBOT_TEXTS as T } from './robots.texts.ts';

const itemOf = (row: RobotRow): Robot => ({
  id: row.id,
  name: row.name,
  team_id: row.teamId,
  team_name: row.teamName,
  webhook: row.webhookKey === '' ? '' : maskedRobotWebhook(row.webhookKey),
  events: row.events as RobotEvent[],
  is_active: row.isActive,
  last_error: row.lastError,
  updated_at: row.updatedAt.toISOString(),
});

const reasonOf = (error: unknown) =>
  error instanceof WecomError
    ? `${error.errcode} ${error.errmsg ?? ''}`.trim()
    : error instanceof Error
      ? error.message
      : String(error);

/**
 * A company's WeCom group robots (issue 50 point 4, decision 076): the admin connects a group's webhook and picks
 * events; the events' posts are queued jobs (robots/index.ts announce), which `post` sends.
 */
export function createRobotsService(deps: { repo: RobotsRepository; wecom: WecomAdapter; now: Clock }) {
  const { repo, wecom, now } = deps;
  return {
    async list(me: Actor) {
      requireActor(me, 'admin.company');
      return { list: (await repo.list(me.corpId)).map(itemOf) };
    },

    async save(
      me: Actor,
      form: {
        id: number | null;
        name: string;
        team_id: number | null;
        webhook: string;
        events: RobotEvent[];
        is_active: boolean;
      },
    ) {
      requireActor(me, 'admin.company');
      if (form.team_id !== null && !(await repo.hasTeam(me.corpId, form.team_id)))
        throw new RefusedError(T.teamNotFound);
      const row = await repo.save(
        me.corpId,
        me.id,
        form.id,
        {
          name: form.name,
          teamId: form.team_id,
          webhookKey: form.webhook === '' ? null : robotKeyOf(form.webhook),
          events: form.events,
          isActive: form.is_active,
        },
        now(),
      );
      if (!row) throw new NotFoundError(T.notFound);
      return itemOf(row);
    },

    async remove(me: Actor, id: number) {
      requireActor(me, 'admin.company');
      if (!(await repo.remove(me.corpId, me.id, id, now()))) throw new NotFoundError(T.notFound);
      return null;
    },

    /** Posts a test message at once (not queued): the admin sees WeCom's refusal of a wrong webhook right away. */
    async test(me: Actor & { corpName: string }, id: number) {
      requireActor(me, 'admin.company');
      const robot = await repo.find(me.corpId, id);
      if (!robot) throw new NotFoundError(T.notFound);
      try {
        await wecom.postRobot(robot.webhookKey, { msgtype: 'markdown', content: T.testContent(me.corpName) });
      } catch (error) {
        await repo.noteOutcome(me.corpId, id, reasonOf(error));
        if (error instanceof WecomError && error.reason === 'api')
          throw new RefusedError(T.testFailed(error.errcode, error.errmsg ?? ''));
        throw error;
      }
      await repo.noteOutcome(me.corpId, id, '');
      return null;
    },

    /**
     * The queue's run of a robot-post job: a robot deleted or switched off since has nothing to post; a refusal
     * throws, and the queue tries again with its backoff.
     */
    async post(job: { corpId: number; payload: { robotId?: number; description: string } }) {
      const robot = job.payload.robotId === undefined ? undefined : await repo.find(job.corpId, job.payload.robotId);
      if (!robot?.isActive) return;
      try {
        await wecom.postRobot(robot.webhookKey, { msgtype: 'markdown', content: job.payload.description });
      } catch (error) {
        await repo.noteOutcome(job.corpId, robot.id, reasonOf(error));
        throw error;
      }
      await repo.noteOutcome(job.corpId, robot.id, '');
    },
  };
}

export type RobotsService = ReturnType<typeof createRobotsService>;
