import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@crm/domain/api/envelope';
import type { WecomAdapter } from '../../adapters/wecom/index.ts';
import { SESSION_COOKIE, servePrincipals } from '../../plugins/session.ts';
import { openRoutes } from '../../plugins/staff-routes.ts';
import type { StaffRepository } from '../staff/index.ts';
import type { AuthService } from './auth.service.ts';
import type { Clock } from '../../clock.ts';
import { AUTH_TEXTS as T } from './auth.texts.ts';
import {
  signWecomIdentity,
  verifyWecomIdentity,
  WECOM_IDENTITY_COOKIE,
  WECOM_IDENTITY_TTL_MS,
} from './wecom-identity.ts';
import * as E from '@crm/domain/endpoints/auth';
import { WECOM_LOGIN_PATHS } from '@crm/domain/endpoint-refs';

export interface AuthRoutesOptions {
  auth: AuthService;
  staff: StaffRepository;
  wecom: WecomAdapter;
  secret: string;
  secureCookies: boolean;
  publicUrl: string;
  now: Clock;
}

const OAUTH_STATE_COOKIE = 'crm_oauth_state';
const wecomEntryQuery = z.object({ corp: z.coerce.number().int().positive() });
const wecomCallbackQuery = z.object({
  code: z.string().min(1).max(512),
  state: z.string().min(1).max(128),
});

export async function authRoutes(root: FastifyInstance, options: AuthRoutesOptions) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  // Every route here is public (plugins/public-routes.ts); any added later serves staff.
  servePrincipals(app, ['staff']);
  const { auth, staff, wecom, secret, secureCookies, now } = options;
  const shortCookie = { httpOnly: true, sameSite: 'lax', secure: secureCookies, path: '/' } as const;

  const open = openRoutes(root, ['auth']);
  open.get(E.corp, () => staff.listActiveCompanies());
  open.get(E.checkCaptcha, (_, q) => auth.checkCaptcha(q.phone));
  open.post(E.smsCode, (_, q, request) => auth.sendSmsCode(q.phone, request.ip, q.scene), { msg: T.sent });

  app.post(
    E.login.path,
    {
      schema: {
        tags: ['auth'],
        summary: E.login.summary,
        body: E.login.request,
        response: { 200: envelopeSchema(E.login.response) },
      },
    },
    async (request, reply) => {
      const { corp_id: corpId, phone, code, wxworkid } = request.body;
      const verified = verifyWecomIdentity(secret, request.cookies[WECOM_IDENTITY_COOKIE], corpId, now().getTime());
      if (wxworkid && verified !== wxworkid)
        request.log.warn({ corpId }, 'login named a WeCom id the server did not verify; not binding it');
      const session = await auth.login({
        corpId,
        phone,
        code,
        verifiedWxworkId: wxworkid && verified === wxworkid ? verified : null,
      });
      app.setSessionCookie(reply, session.token);
      void reply.clearCookie(WECOM_IDENTITY_COOKIE, { path: '/' });
      return { code: 0, msg: T.loginOk, data: { id: session.staff.id } };
    },
  );

  app.post(
    E.autoLogin.path,
    {
      schema: {
        tags: ['auth'],
        summary: E.autoLogin.summary,
        body: E.autoLogin.request,
        response: { 200: envelopeSchema(E.autoLogin.response) },
      },
    },
    async (request, reply) => {
      const { corp, wxworkid } = request.body;
      const verified = verifyWecomIdentity(secret, request.cookies[WECOM_IDENTITY_COOKIE], corp, now().getTime());
      if (verified !== wxworkid) return { code: 1, msg: T.wecomInvalid, data: null };
      const session = await auth.autoLogin({ corpId: corp, verifiedWxworkId: verified });
      app.setSessionCookie(reply, session.token);
      return { code: 0, msg: T.loginOk, data: { id: session.staff.id } };
    },
  );

  app.post(
    E.logout.path,
    { schema: { tags: ['auth'], summary: E.logout.summary, response: { 200: envelopeSchema(E.logout.response) } } },
    async (request, reply) => {
      await auth.logout(request.cookies[SESSION_COOKIE]);
      app.clearSessionCookie(reply);
      return { code: 0, msg: T.loggedOut, data: null };
    },
  );

  /*
   * WeCom entry (spec §4): corp 1 goes through WeCom's web login (wwlogin), other companies through the
   * in-app OAuth2 authorize page. Both come back to one callback with a code the server trades for the
   * member's userid; the state cookie ties the callback to this browser.
   */
  const startWecomLogin = (kind: 'web' | 'oauth') =>
    app.get(
      WECOM_LOGIN_PATHS[kind],
      {
        schema: {
          tags: ['auth'],
          summary: kind === 'web' ? '企业微信网页登录' : '企业微信授权登录',
          querystring: wecomEntryQuery,
        },
      },
      async (request, reply) => {
        const state = `${request.query.corp}.${randomBytes(16).toString('base64url')}`;
        void reply.setCookie(OAUTH_STATE_COOKIE, state, { ...shortCookie, maxAge: WECOM_IDENTITY_TTL_MS / 1000 });
        const callback = `${options.publicUrl}/api/wechat/callback`;
        const target = kind === 'web' ? wecom.webLoginUrl(callback, state) : wecom.oauthAuthorizeUrl(callback, state);
        return reply.redirect(target);
      },
    );
  startWecomLogin('web');
  startWecomLogin('oauth');

  app.get(
    '/api/wechat/callback',
    { schema: { tags: ['auth'], summary: '企业微信授权回调', querystring: wecomCallbackQuery } },
    async (request, reply) => {
      const { code, state } = request.query;
      const expected = request.cookies[OAUTH_STATE_COOKIE];
      void reply.clearCookie(OAUTH_STATE_COOKIE, { path: '/' });
      const corpId = Number(state.split('.')[0]);
      if (!expected || expected !== state || !Number.isInteger(corpId) || corpId <= 0) {
        return reply.redirect(`/login?error=${encodeURIComponent(T.wecomInvalid)}`);
      }
      let userId: string;
      try {
        userId = await wecom.getUserIdByCode(code);
      } catch (error) {
        request.log.warn({ err: error }, 'WeCom code exchange failed');
        return reply.redirect(`/login?error=${encodeURIComponent(T.wecomInvalid)}`);
      }
      void reply.setCookie(WECOM_IDENTITY_COOKIE, signWecomIdentity(secret, { corpId, userId }, now().getTime()), {
        ...shortCookie,
        maxAge: WECOM_IDENTITY_TTL_MS / 1000,
      });
      return reply.redirect(`/login?corp=${corpId}&wxworkid=${encodeURIComponent(userId)}`);
    },
  );
}
