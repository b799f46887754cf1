import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@crm/domain/api/envelope';
import { pageRequestSchema } from '@crm/domain/api/page';
import {
  bestDetailQuerySchema,
  bestDetailSchema,
  bestListQuerySchema,
  bestListSchema,
  houseloanAddRequestSchema,
  houseloanAgentSchema,
  houseloanAllotRequestSchema,
  houseloanBrokerageSchema,
  houseloanContactSchema,
  houseloanDetailSchema,
  houseloanIdSchema,
  houseloanListRequestSchema,
  houseloanLoginRequestSchema,
  houseloanReferralPageSchema,
  houseloanSignSchema,
} from '@crm/domain/api/houseloan';
import { corpIdSchema } from '@crm/domain/validation';
import { requestOrigin } from '../../plugins/origin.ts';
import { WechatMpError, type WechatMpAdapter } from '../../adapters/wechat-mp/index.ts';
import type { Clock } from '../../clock.ts';
import { ForbiddenError, RefusedError } from '../../errors.ts';
import { IMAGE_UPLOAD_CONFIG } from '../../plugins/multipart.ts';
import { currentPrincipal, servePrincipals } from '../../plugins/session.ts';
import { callerRoutes, openRoutes, staffRoutes } from '../../plugins/staff-routes.ts';
import {
  newOauthState,
  oauthCookieOptions,
  takeOauthState,
  wechatCallbackQuerySchema,
} from '../../plugins/wechat-oauth.ts';
import { signWecomIdentity, verifyWecomIdentity } from '../auth/index.ts';
import type { AgentCaller, HouseloanService } from './houseloan.service.ts';
import { HOUSELOAN_TEXTS as T } from './houseloan.texts.ts';

export interface HouseloanRoutesOptions {
  houseloan: HouseloanService;
  wechatMp: WechatMpAdapter;
  secret: string;
  secureCookies: boolean;
  publicUrl: string | undefined;
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
  const origin = requestOrigin(publicUrl);
  const cookie = oauthCookieOptions(secureCookies);

  app.post(
    '/api/houseloan/login',
    {
      schema: {
        tags,
        summary: '渠道经纪人登录（短信验证码）',
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
  app.get(
    '/api/houseloan/oauth',
    { schema: { tags, summary: '微信公众号网页授权入口', querystring: oauthQuerySchema } },
    async (request, reply) => {
      const state = newOauthState(request.query.corp);
      void reply.setCookie(STATE_COOKIE, state, cookie);
      return reply.redirect(wechatMp.authorizeUrl(`${origin(request)}/api/houseloan/oauth/callback`, state), 302);
    },
  );
  app.get(
    '/api/houseloan/oauth/callback',
    { schema: { tags, summary: '微信公众号网页授权回调', querystring: wechatCallbackQuerySchema } },
    async (request, reply) => {
      const { code, state } = request.query;
      const corpId = takeOauthState(request, reply, { cookie: STATE_COOKIE, state, refusal: T.wechatStateInvalid });
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
  );

  // The ranking works outside WeChat and without a session (spec §2): numbers and businesses' names only.
  const open = openRoutes(root, tags);
  open.get('/api/houseloan/bestList', '本月渠道排行（公开）', bestListQuerySchema, bestListSchema, (_, q) =>
    houseloan.best(q.corp),
  );
  open.get('/api/houseloan/bestDetail', '渠道排行详情（公开）', bestDetailQuerySchema, bestDetailSchema, (_, q) =>
    houseloan.bestDetail(q.corp, q.id),
  );

  get('/api/houseloan/account', '我的渠道经纪人账号', z.object({}), houseloanAgentSchema, (me) =>
    houseloan.account(me),
  );
  post(
    '/api/houseloan/add',
    '渠道报单（房贷客户）',
    houseloanAddRequestSchema,
    z.object({ id: z.number().int() }),
    (me, form) => houseloan.add(me, form),
    { msg: T.added },
  );
  post(
    '/api/houseloan/authPhoto',
    '上传客户授权书照片',
    consentSchema,
    z.object({ id: z.number().int() }),
    (me, q) => houseloan.addConsent(me, q.id, q.file),
    { config: IMAGE_UPLOAD_CONFIG, msg: T.consentSaved },
  );
  post('/api/houseloan/list', '我的报单', houseloanListRequestSchema, houseloanReferralPageSchema, (me, q) =>
    houseloan.list(me, q),
  );
  post(
    '/api/houseloan/detail',
    '报单详情（状态、管家、签约与返佣）',
    houseloanIdSchema,
    houseloanDetailSchema,
    (me, q) => houseloan.detail(me, q.id),
  );
  post('/api/houseloan/brokerage', '我的返佣（已付、待付）', pageRequestSchema, houseloanBrokerageSchema, (me, q) =>
    houseloan.brokerage(me, q),
  );
  post('/api/houseloan/sign', '客户的签约预约', pageRequestSchema, houseloanSignSchema, (me, q) =>
    houseloan.appointments(me, q),
  );
  get(
    '/api/houseloan/bank',
    '可选银行',
    z.object({}),
    z.array(z.object({ id: z.number().int(), name: z.string() })),
    (me) => houseloan.banks(me),
  );
  get('/api/houseloan/service', '渠道的专属客户经理', z.object({}), houseloanContactSchema, (me) =>
    houseloan.service(me),
  );
  get('/api/houseloan/waiter', '报单的房贷管家', houseloanIdSchema, houseloanContactSchema.nullable(), (me, q) =>
    houseloan.steward(me, q.id),
  );
  get(
    '/api/houseloan/status',
    '报单状态选项',
    z.object({}),
    z.array(z.object({ value: z.string(), label: z.string() })),
    async () => houseloan.stages(),
  );

  // allot is the steward's (staff), so it names its own principal.
  const staff = staffRoutes(root, tags);
  staff.post(
    '/api/houseloan/allot',
    '房贷管家接单（财务组长可指定管家）',
    houseloanAllotRequestSchema,
    z.object({ id: z.number().int() }),
    (me, q) => houseloan.allot(me, q),
    { config: { principals: ['staff'] }, msg: T.taken },
  );
}
