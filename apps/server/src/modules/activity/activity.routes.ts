import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { activityPath } from '@crm/domain/api/activity';
import { rowIdSchema } from '@crm/domain/api/bounds';
import { envelopeSchema } from '@crm/domain/api/envelope';
import { WechatMpError, WechatSnapshotUserError, type WechatMpAdapter } from '../../adapters/wechat-mp/index.ts';
import { ForbiddenError, RefusedError } from '../../errors.ts';
import { currentPrincipal, servePrincipals } from '../../plugins/session.ts';
import { callerRoutes, openRoutes, staffRoutes } from '../../plugins/staff-routes.ts';
import { oauthCookieOptions, oauthRoundRoutes } from '../../plugins/wechat-oauth.ts';
import type { VisitorKey } from './activity.repository.ts';
import type { ActivityService } from './activity.service.ts';
import { ACTIVITY_TEXTS as T } from './activity.texts.ts';
import * as E from '@crm/domain/endpoints/activity';
import { ACTIVITY_OAUTH_PATH } from '@crm/domain/endpoint-refs';

export interface ActivityRoutesOptions {
  activity: ActivityService;
  wechatMp: WechatMpAdapter;
  secureCookies: boolean;
  publicUrl: string;
}

/** The OAuth round's state and where to go back, bound to this browser (10 minutes, httpOnly). */
const STATE_COOKIE = 'crm_activity_state';
const BACK_COOKIE = 'crm_activity_back';

function currentVisitor(request: FastifyRequest): VisitorKey {
  const principal = currentPrincipal(request);
  if (principal.kind !== 'visitor') throw new ForbiddenError(T.visitorOnly);
  return { corpId: principal.corpId, openid: principal.openid };
}

/** A page of this site to return to after WeChat: an activity page only, never another host. */
const backSchema = z
  .string()
  .max(300)
  .regex(/^\/(activity|interface)\/[\w/?=&.%-]*$/)
  .optional()
  .catch(undefined);
const oauthQuerySchema = z.object({ activity: rowIdSchema('活动编号无效'), to: backSchema });

/**
 * Marketing activities (spec §7 addActivityData, getActivityinfo, getActivityDataList, lotteryLogin, coupon;
 * decision 056). The visitor's calls serve only a visitor session; the staff's lists and redemption only
 * staff; the activity's page and the WeChat authorisation are public.
 */
export async function activityRoutes(root: FastifyInstance, options: ActivityRoutesOptions) {
  const { activity, wechatMp, secureCookies, publicUrl } = options;
  const app = root.withTypeProvider<ZodTypeProvider>();
  servePrincipals(app, ['visitor']);
  const tags = ['activity'];
  const cookie = oauthCookieOptions(secureCookies);
  const wechat = { wechatMp, origin: publicUrl, cookie, tags };

  openRoutes(root, tags).post(E.getActivityinfo, (_, q) => activity.info(q.activity_id));

  // WeChat web authorisation (snsapi_base, silent): the visitor's openid, from WeChat, on the server. A refused
  // state leaves the back cookie to expire with the round; the next entry writes it again.
  oauthRoundRoutes(root, wechat, {
    path: ACTIVITY_OAUTH_PATH,
    summaries: { entry: '活动页的微信公众号网页授权入口', callback: '活动页的微信公众号网页授权回调' },
    query: oauthQuerySchema,
    state: { cookie: STATE_COOKIE, refusal: T.wechatStateInvalid },
    start: async (query, reply) => {
      const a = await activity.activityForOauth(query.activity);
      void reply.setCookie(BACK_COOKIE, query.to ?? activityPath(a.type, a.id), cookie);
      return a.id;
    },
    finish: async (activityId, code, request, reply) => {
      const back = backSchema.parse(request.cookies[BACK_COOKIE]);
      void reply.clearCookie(BACK_COOKIE, { path: '/' });
      const a = await activity.activityForOauth(activityId);
      const to = back ?? activityPath(a.type, a.id);
      let openid: string;
      try {
        openid = await wechatMp.openidForCode(code);
      } catch (error) {
        // A 朋友圈 snapshot viewer has a virtual openid: no session; the page says to use the full service.
        if (error instanceof WechatSnapshotUserError)
          return reply.redirect(`${to}${to.includes('?') ? '&' : '?'}wechat=snapshot`, 302);
        if (error instanceof WechatMpError) throw new RefusedError(error.message, { cause: error });
        throw error;
      }
      app.setSessionCookie(reply, await activity.visitorSession(a.corpId, openid));
      return reply.redirect(to, 302);
    },
  });

  const visitor = callerRoutes(root, tags, currentVisitor);
  root.route({
    method: 'POST',
    url: E.lotteryLogin.path,
    schema: {
      tags,
      summary: E.lotteryLogin.summary,
      body: E.lotteryLogin.request,
      response: { 200: envelopeSchema(E.lotteryLogin.response) },
    },
    handler: async (request, reply) => {
      const { phone, code } = request.body as z.output<typeof E.lotteryLogin.request>;
      const { token, answer } = await activity.login(currentVisitor(request), phone, code);
      root.setSessionCookie(reply, token);
      return { code: 0, msg: T.loggedIn, data: answer };
    },
  });
  visitor.postSaid(E.addActivityData, (me, form) => activity.addData(me, form));
  visitor.post(E.lotteryDraw, (me, q) => activity.draw(me, q.activity_id));
  visitor.postSaid(E.coupon, (me, q) => activity.claimCoupon(me, q.activity_id));
  visitor.post(E.activityMine, (me, q) => activity.mine(me, q.activity_id));
  visitor.get(E.activityVisitor, (me) => activity.me(me));

  // The staff's side names its own principal.
  const staff = staffRoutes(root, tags);
  const staffOnly = { config: { principals: ['staff' as const] } };
  staff.get(E.activityList, (me, q) => activity.list(me, q.channel_id), staffOnly);
  staff.post(E.getActivityDataList, (me, q) => activity.dataList(me, q), staffOnly);
  staff.post(E.couponRedeem, (me, q) => activity.redeem(me, q.code), { ...staffOnly, msg: T.redeemed });
}
