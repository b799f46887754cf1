import type { FastifyInstance } from 'fastify';
import { IMAGE_UPLOAD_CONFIG } from '../../plugins/multipart.ts';
import { servePrincipals } from '../../plugins/session.ts';
import { staffRoutes } from '../../plugins/staff-routes.ts';
import type { ChatterService } from './chatter.service.ts';
import { CHATTER_TEXTS as T } from './chatter.texts.ts';
import * as E from '@crm/domain/endpoints/chatter';

/**
 * /chattergee, the WeCom chat sidebar's wallet and points tool (spec §7's /api/chattergee/ calls, plus
 * authFiling, openPurse and pointList its screens need; decision 055), and the WeCom workbench.
 */
export async function chatterRoutes(root: FastifyInstance, { chatter }: { chatter: ChatterService }) {
  servePrincipals(root, ['staff']);
  const tags = ['chattergee'];
  const { get, post, postSaid } = staffRoutes(root, tags);

  post(E.initWxWorkConfig, (_me, q) => chatter.initWxWorkConfig(q.url));
  post(E.userlist, (me, q) => chatter.userlist(me, q.cursor, q.limit));
  post(E.pointList, (me, q) => chatter.history(me, q.id, q.cursor, q.limit));
  post(E.getIntegral, (me, q) => chatter.getIntegral(me, q.external_userid));
  get(E.workList, (me) => chatter.workList(me));
  post(E.addWorkList, (me, q) => chatter.addWorkList(me, q), {
    msg: T.workAdded,
  });
  get(E.test, () => chatter.oaTest());

  post(E.getFiling, (me, q) => chatter.getFiling(me, q.external_userid));
  post(E.addFiling, (me, q) => chatter.addFiling(me, q), { msg: T.filed });
  postSaid(E.openPurse, (me, q) => chatter.openPurse(me, q.id));
  postSaid(E.sendPoint, (me, q) => chatter.sendPoint(me, q));
  post(E.sendQrcode, (me, q) => chatter.sendQrcode(me, q.external_userid));
  post(E.authFiling, (me, { file, ...fields }) => chatter.authFiling(me, fields, file), {
    config: IMAGE_UPLOAD_CONFIG,
    consumes: ['multipart/form-data'],
    msg: T.authed,
  });
}
