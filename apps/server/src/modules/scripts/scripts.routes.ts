import type { FastifyInstance } from 'fastify';
import * as S from '@crm/domain/endpoints/scripts';
import { staffRoutes } from '../../plugins/staff-routes.ts';
import type { ScriptsService } from './scripts.service.ts';
import { SCRIPT_TEXTS as T } from './scripts.texts.ts';

/** The approved scripts (issue 50 point 3, decision 080): the back office's and the chat sidebar's calls. */
export async function scriptsRoutes(root: FastifyInstance, { scripts }: { scripts: ScriptsService }) {
  const admin = staffRoutes(root, ['admin']);
  admin.get(S.adminScripts, (me) => scripts.adminList(me));
  admin.post(S.adminScriptSave, (me, form) => scripts.save(me, form), { msg: T.saved });
  admin.get(S.adminScriptUsage, (me) => scripts.usage(me));
  const sidebar = staffRoutes(root, ['chattergee']);
  sidebar.post(S.scripts, (me, q) => scripts.search(me, q));
  sidebar.post(S.scriptUse, (me, q) => scripts.use(me, q), { msg: T.used });
}
