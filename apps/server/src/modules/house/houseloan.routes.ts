import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@crm/domain/api/envelope';
import { houseloanAgentSchema, houseloanIdSchema, houseloanLoginRequestSchema } from '@crm/domain/api/houseloan';
import { corpIdSchema } from '@crm/domain/validation';
import { WechatMpError, type WechatMpAdapter } from '../../adapters/wechat-mp/index.ts';
import type { Clock } from '../../clock.ts';
import { ForbiddenError, RefusedError } from '../../errors.ts';
import { IMAGE_UPLOAD_CONFIG } from '../../plugins/multipart.ts';
import { currentPrincipal, servePrincipals } from '../../plugins/session.ts';
import { callerRoutes, openRoutes, staffRoutes } from '../../plugins/staff-routes.ts';
import { oauthCookieOptions, oauthRoundRoutes } from '../../plugins/wechat-oauth.ts';
import { signWecomIdentity, verifyWecomIdentity } from '../auth/index.ts';
import type { AgentCaller, HouseloanService } from './houseloan.service.ts';
import { HOUSELOAN_TEXTS as T } from './houseloan.texts.ts';
import * as E from '@crm/domain/endpoints/houseloan';
import { HOUSELOAN_OAUTH_PATH } from '@crm/domain/endpoint-refs';

export interface HouseloanRoutesOptions {
  houseloan: HouseloanService;
  wechatMp: WechatMpAdapter;
  secret: string;
  secureCookies: boolean;
  publicUrl: string;
  now: Clock;
}

/** The WeChat user the server itself got from WeChat, carried to the login page (10 minutes, signed, httpOnly). */
const OPENID_COOKIE = 'crm_wechat_openid';
/** The OAuth round's state, bound to this browser so a callback cannot be replayed into another. */
const STATE_COOKIE = 'crm_wechat_state';
/** The identity cookie's signing purpose: an openid is never read from a WeCom cookie or the reverse. */
const openidSecret = (secret: string) => `wechat-mp:${secret}`;

function currentAgent(request: FastifyRequest): AgentCaller {
  const principal = currentPrincipal(request);
  if (principal.kind !== 'channel') throw new ForbiddenError(T.agentOnly);
  return { corpId: principal.corpId, agentId: principal.channelAgentId };
}

const consentSchema = houseloanIdSchema.extend({ file: z.instanceof(Buffer, { message: '请拍摄授权书' }) });
const oauthQuerySchema = z.object({ corp: corpIdSchema });

/**
 * The home-loan channel portal's calls (spec §7 /api/houseloan/*, decision 052): a channel agent's session,
 * but `allot` (a steward's, so staff) and the public login, WeChat authorisation and best list.
 */
export async function houseloanRoutes(root: FastifyInstance, options: HouseloanRoutesOptions) {
  const { houseloan, wechatMp, secret, secureCookies, publicUrl, now } = options;
  const app = root.withTypeProvider<ZodTypeProvider>();
  servePrincipals(app, ['channel']);
  const tags = ['houseloan'];
  const { post, get } = callerRoutes(root, tags, currentAgent);
  const cookie = oauthCookieOptions(secureCookies);
  const wechat = { wechatMp, origin: publicUrl, cookie, tags };

  app.post(
    E.login.path,
    {
      schema: {
        tags,
        summary: E.login.summary,
        body: houseloanLoginRequestSchema,
        response: { 200: envelopeSchema(houseloanAgentSchema) },
      },
    },
    async (request, reply: FastifyReply) => {
      const { corp_id, phone, code } = request.body as z.output<typeof houseloanLoginRequestSchema>;
      const verifiedOpenid = verifyWecomIdentity(
        openidSecret(secret),
        request.cookies[OPENID_COOKIE],
        corp_id,
        now().getTime(),
      );
      const { token, agent } = await houseloan.login({ corpId: corp_id, phone, code, verifiedOpenid });
      app.setSessionCookie(reply, token);
      if (verifiedOpenid) void reply.clearCookie(OPENID_COOKIE, { path: '/' });
      return { code: 0, msg: T.loggedIn, data: agent };
    },
  );

  // WeChat web authorisation (snsapi_base): the portal opened in WeChat learns who is there from WeChat.
  oauthRoundRoutes(root, wechat, {
    path: HOUSELOAN_OAUTH_PATH,
    summaries: { entry: '微信公众号网页授权入口', callback: '微信公众号网页授权回调' },
    query: oauthQuerySchema,
    state: { cookie: STATE_COOKIE, refusal: T.wechatStateInvalid },
    start: (query) => query.corp,
    finish: async (corpId, code, _request, reply) => {
      let openid: string;
      try {
        openid = await wechatMp.openidForCode(code);
      } catch (error) {
        if (error instanceof WechatMpError) throw new RefusedError(error.message, { cause: error });
        throw error;
      }
      const token = await houseloan.wechatSignIn(corpId, openid);
      if (token) {
        app.setSessionCookie(reply, token);
        return reply.redirect(`/houseloan/home/${encodeURIComponent(openid)}`, 302);
      }
      void reply.setCookie(
        OPENID_COOKIE,
        signWecomIdentity(openidSecret(secret), { corpId, userId: openid }, now().getTime()),
        cookie,
      );
      return reply.redirect(`/houseloan/login?corp=${corpId}`, 302);
    },
  });

  // The ranking works outside WeChat and without a session (spec §2): numbers and businesses' names only.
  const open = openRoutes(root, tags);
  open.get(E.bestList, (_, q) => houseloan.best(q.corp));
  open.get(E.bestDetail, (_, q) => houseloan.bestDetail(q.corp, q.id));

  get(E.account, (me) => houseloan.account(me));
  post(E.add, (me, form) => houseloan.add(me, form), { msg: T.added });
  post(
    E.authPhoto.path,
    E.authPhoto.summary,
    consentSchema,
    E.authPhoto.response,
    (me, q) => houseloan.addConsent(me, q.id, q.file),
    { config: IMAGE_UPLOAD_CONFIG, msg: T.consentSaved },
  );
  post(E.list, (me, q) => houseloan.list(me, q));
  post(E.detail, (me, q) => houseloan.detail(me, q.id));
  post(E.brokerage, (me, q) => houseloan.brokerage(me, q));
  post(E.sign, (me, q) => houseloan.appointments(me, q));
  get(E.bank, (me) => houseloan.banks(me));
  get(E.service, (me) => houseloan.service(me));
  get(E.waiter, (me, q) => houseloan.steward(me, q.id));
  get(E.status, async () => houseloan.stages());

  // allot is the steward's (staff), so it names its own principal.
  const staff = staffRoutes(root, tags);
  staff.post(E.allot, (me, q) => houseloan.allot(me, q), { config: { principals: ['staff'] }, msg: T.taken });
}
