import type { z } from 'zod';
import type { Script, scriptSaveSchema, ScriptTopic } from '@crm/domain/api/scripts';
import type { Clock } from '../../clock.ts';
import { NotFoundError, RefusedError } from '../../errors.ts';
import { requireActor, type Actor } from '../access/index.ts';
import type { ScriptRow, ScriptsRepository } from './scripts.repository.ts';
import { SCRIPT_TEXTS as T } from './scripts.texts.ts';

const itemOf = (row: ScriptRow): Script => ({
  id: row.id,
  topic: row.topic,
  title: row.title,
  content: row.content,
  is_active: row.isActive,
  uses: row.uses,
  updated_at: row.updatedAt.toISOString(),
});

/**
 * The approved scripts (话术库, issue 50 point 3, decision 080): company admins keep them; any colleague (not a
 * rebate-only user) finds the active ones in the chat sidebar and puts one into the chat, which counts a use.
 */
export function createScriptsService(deps: { repo: ScriptsRepository; now: Clock }) {
  const { repo, now } = deps;
  return {
    async adminList(me: Actor) {
      requireActor(me, 'admin.company');
      return { list: (await repo.list(me.corpId, { activeOnly: false })).map(itemOf) };
    },

    async save(me: Actor, form: z.output<typeof scriptSaveSchema>) {
      requireActor(me, 'admin.company');
      const row = await repo.save(
        me.corpId,
        me.id,
        form.id,
        { topic: form.topic, title: form.title, content: form.content, isActive: form.is_active },
        now(),
      );
      if (!row) throw new NotFoundError(T.notFound);
      return itemOf(row);
    },

    async usage(me: Actor) {
      requireActor(me, 'admin.company');
      const members = await repo.usageByMember(me.corpId);
      return {
        total: members.reduce((sum, m) => sum + m.uses, 0),
        members: members.map((m) => ({ staff_id: m.staffId, name: m.name, uses: m.uses })),
      };
    },

    async search(me: Actor, q: { topic?: ScriptTopic; q: string }) {
      requireActor(me, 'script.use');
      return { list: (await repo.list(me.corpId, { activeOnly: true, topic: q.topic, words: q.q })).map(itemOf) };
    },

    async use(me: Actor, q: { id: number; external_userid: string }) {
      requireActor(me, 'script.use');
      const uses = await repo.use(me.corpId, me.id, q.id, q.external_userid, now());
      if (uses === null) throw new NotFoundError(T.notFound);
      if (uses === 'inactive') throw new RefusedError(T.inactive);
      return { uses };
    },
  };
}

export type ScriptsService = ReturnType<typeof createScriptsService>;
