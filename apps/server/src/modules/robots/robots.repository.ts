import { and, arrayContains, asc, eq, isNull, ne, or } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { teamRobots } from '../../db/schema/robots.ts';
import { teams } from '../../db/schema/staff.ts';
import { keyring } from '../../pii/keyring.ts';
import { recordAudit } from '../admin/index.ts';

type Executor = Db | Tx;
export type RobotRow = typeof teamRobots.$inferSelect & { teamName: string };

export interface RobotValues {
  name: string;
  teamId: number | null;
  /** The plain key, to be sealed; null keeps the stored one (an edit that left the webhook blank). */
  webhookKey: string | null;
  events: string[];
  isActive: boolean;
}

/** What the audit line keeps of a robot: never the key, which is a credential. */
const audited = (row: { name: string; teamId: number | null; events: string[]; isActive: boolean }) => ({
  name: row.name,
  team_id: row.teamId,
  events: row.events,
  is_active: row.isActive,
});

const columns = {
  id: teamRobots.id,
  corpId: teamRobots.corpId,
  teamId: teamRobots.teamId,
  name: teamRobots.name,
  webhookKey: teamRobots.webhookKey,
  events: teamRobots.events,
  isActive: teamRobots.isActive,
  lastError: teamRobots.lastError,
  updatedAt: teamRobots.updatedAt,
};

/**
 * The active robots of a company that hear `event` of a case in `teamId`: the company's own (no team) and that
 * team's. Read inside the transaction of the change, so a post is queued with the event or not at all.
 */
export function robotsHearing(ex: Executor, corpId: number, teamId: number | null, event: string) {
  return ex
    .select({ id: teamRobots.id })
    .from(teamRobots)
    .where(
      and(
        eq(teamRobots.corpId, corpId),
        eq(teamRobots.isActive, true),
        arrayContains(teamRobots.events, [event]),
        teamId === null ? isNull(teamRobots.teamId) : or(isNull(teamRobots.teamId), eq(teamRobots.teamId, teamId)),
      ),
    )
    .orderBy(asc(teamRobots.id));
}

export function createRobotsRepository(db: Db) {
  const list = (ex: Executor, corpId: number, id?: number) =>
    ex
      .select({ ...columns, teamName: teams.name })
      .from(teamRobots)
      .leftJoin(teams, eq(teams.id, teamRobots.teamId))
      .where(and(eq(teamRobots.corpId, corpId), id === undefined ? undefined : eq(teamRobots.id, id)))
      .orderBy(asc(teamRobots.id))
      .then((rows) => rows.map((row) => ({ ...row, teamName: row.teamName ?? '' })));

  return {
    list: (corpId: number): Promise<RobotRow[]> => list(db, corpId),
    find: async (corpId: number, id: number): Promise<RobotRow | undefined> => (await list(db, corpId, id))[0],

    /** Whether the team is the company's. */
    async hasTeam(corpId: number, teamId: number) {
      const [row] = await db
        .select({ id: teams.id })
        .from(teams)
        .where(and(eq(teams.corpId, corpId), eq(teams.id, teamId)));
      return row !== undefined;
    },

    /**
     * Adds a robot (no id) or rewrites one of the company's, with its audit line in the same transaction (decision
     * 057); the key is sealed with the company's data key (decision 074). Null when the id is not the company's.
     */
    save: (corpId: number, actorId: number, id: number | null, values: RobotValues, at: Date) =>
      db.transaction(async (tx): Promise<RobotRow | null> => {
        const mine = and(eq(teamRobots.corpId, corpId), eq(teamRobots.id, id ?? 0));
        const [before] = id === null ? [] : await tx.select(columns).from(teamRobots).where(mine).for('update');
        if (id !== null && !before) return null;
        const sealer = values.webhookKey === null ? null : await keyring.forCompany(tx, corpId);
        const set = {
          name: values.name,
          teamId: values.teamId,
          events: values.events,
          isActive: values.isActive,
          updatedAt: at,
          ...(sealer && values.webhookKey !== null
            ? { webhookKey: sealer.seal('team_robots.webhook_key', values.webhookKey), lastError: '' }
            : {}),
        };
        const [row] = before
          ? await tx.update(teamRobots).set(set).where(mine).returning({ id: teamRobots.id })
          : await tx
              .insert(teamRobots)
              .values({ corpId, webhookKey: '', ...set })
              .returning({ id: teamRobots.id });
        if (!row) return null;
        const after = (await list(tx, corpId, row.id))[0];
        if (!after) return null;
        await recordAudit(tx, {
          corpId,
          actorId,
          action: before ? 'robot.update' : 'robot.add',
          entity: 'team_robot',
          entityId: row.id,
          before: before ? { ...audited(before), webhook_changed: values.webhookKey !== null } : null,
          after: audited(after),
          at,
        });
        return after;
      }),

    /** Deletes one of the company's robots with its audit line; answers whether it was there. */
    remove: (corpId: number, actorId: number, id: number, at: Date) =>
      db.transaction(async (tx) => {
        const [gone] = await tx
          .delete(teamRobots)
          .where(and(eq(teamRobots.corpId, corpId), eq(teamRobots.id, id)))
          .returning(columns);
        if (!gone) return false;
        await recordAudit(tx, {
          corpId,
          actorId,
          action: 'robot.delete',
          entity: 'team_robot',
          entityId: gone.id,
          before: audited(gone),
          after: null,
          at,
        });
        return true;
      }),

    /** WeCom's words of the robot's last failed post; '' after one went through. */
    async noteOutcome(corpId: number, id: number, error: string) {
      const text = error.slice(0, 200);
      // Written only when it changes: a robot that keeps posting fine writes nothing.
      await db
        .update(teamRobots)
        .set({ lastError: text })
        .where(and(eq(teamRobots.corpId, corpId), eq(teamRobots.id, id), ne(teamRobots.lastError, text)));
    },
  };
}

export type RobotsRepository = ReturnType<typeof createRobotsRepository>;
