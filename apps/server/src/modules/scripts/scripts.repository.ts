import { and, asc, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { chatScripts, chatScriptUses } from '../../db/schema/scripts.ts';
import { staff } from '../../db/schema/staff.ts';
import { recordAudit } from '../admin/index.ts';

export type ScriptRow = typeof chatScripts.$inferSelect;
export interface ScriptValues {
  topic: ScriptRow['topic'];
  title: string;
  content: string;
  isActive: boolean;
}

const audited = (row: ScriptValues) => ({
  topic: row.topic,
  title: row.title,
  content: row.content,
  is_active: row.isActive,
});

/** `%`, `_` and `\` typed in a search are the words themselves, not LIKE's wildcards. */
const likeOf = (words: string) => `%${words.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

export function createScriptsRepository(db: Db) {
  return {
    /** The company's scripts by topic then age; `activeOnly` and a search narrow them (the sidebar's). */
    list(corpId: number, filter: { activeOnly: boolean; topic?: ScriptRow['topic']; words?: string }) {
      const words = filter.words ?? '';
      return db
        .select()
        .from(chatScripts)
        .where(
          and(
            eq(chatScripts.corpId, corpId),
            filter.activeOnly ? eq(chatScripts.isActive, true) : undefined,
            filter.topic ? eq(chatScripts.topic, filter.topic) : undefined,
            words === ''
              ? undefined
              : or(ilike(chatScripts.title, likeOf(words)), ilike(chatScripts.content, likeOf(words))),
          ),
        )
        .orderBy(
          // The topics in their fixed order (the domain's), then the most used first within one.
          sql`array_position(array['product','documents','fees','no-promise']::text[], ${chatScripts.topic})`,
          desc(chatScripts.uses),
          asc(chatScripts.id),
        );
    },

    /** Adds a script (no id) or rewrites one of the company's, with its audit line; null when not the company's. */
    save: (corpId: number, actorId: number, id: number | null, values: ScriptValues, at: Date) =>
      db.transaction(async (tx): Promise<ScriptRow | null> => {
        const mine = and(eq(chatScripts.corpId, corpId), eq(chatScripts.id, id ?? 0));
        const [before] = id === null ? [] : await tx.select().from(chatScripts).where(mine).for('update');
        if (id !== null && !before) return null;
        const set = { ...values, updatedBy: actorId, updatedAt: at };
        const [row] = before
          ? await tx.update(chatScripts).set(set).where(mine).returning()
          : await tx
              .insert(chatScripts)
              .values({ corpId, ...set })
              .returning();
        if (!row) return null;
        await recordAudit(tx, {
          corpId,
          actorId,
          action: before ? 'script.update' : 'script.add',
          entity: 'chat_script',
          entityId: row.id,
          before: before ? audited(before) : null,
          after: audited(row),
          at,
        });
        return row;
      }),

    /**
     * Counts one use of an active script of the company by `staffId`, in one transaction: the use's row and the
     * script's running count. Null when there is no such script; 'inactive' when it was switched off.
     */
    use: (corpId: number, staffId: number, id: number, externalUserid: string, at: Date) =>
      db.transaction(async (tx) => {
        const [row] = await tx
          .update(chatScripts)
          .set({ uses: sql`${chatScripts.uses} + 1` })
          .where(and(eq(chatScripts.corpId, corpId), eq(chatScripts.id, id), eq(chatScripts.isActive, true)))
          .returning({ uses: chatScripts.uses });
        if (!row) {
          const [there] = await tx
            .select({ id: chatScripts.id })
            .from(chatScripts)
            .where(and(eq(chatScripts.corpId, corpId), eq(chatScripts.id, id)));
          return there ? ('inactive' as const) : null;
        }
        await tx.insert(chatScriptUses).values({ corpId, scriptId: id, staffId, externalUserid, usedAt: at });
        return row.uses;
      }),

    /** Each member's uses of the company's scripts, most first. */
    usageByMember: (corpId: number) =>
      db
        .select({ staffId: chatScriptUses.staffId, name: staff.name, uses: sql<number>`count(*)::int` })
        .from(chatScriptUses)
        .innerJoin(staff, eq(staff.id, chatScriptUses.staffId))
        .where(eq(chatScriptUses.corpId, corpId))
        .groupBy(chatScriptUses.staffId, staff.name)
        .orderBy(sql`count(*) desc`, asc(chatScriptUses.staffId)),
  };
}

export type ScriptsRepository = ReturnType<typeof createScriptsRepository>;
