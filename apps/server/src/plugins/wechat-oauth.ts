import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { WechatMpAdapter } from '../adapters/wechat-mp/index.ts';
import { RefusedError } from '../errors.ts';

/*
 * The WeChat web authorisation round (snsapi_base) that the channel portal and the activity pages both make:
 * the entry route puts a state in a cookie bound to this browser and sends the browser to WeChat with it;
 * the callback route takes the state back and accepts it only from the browser that holds that cookie, so a
 * callback cannot be replayed into another browser.
 */

/** What WeChat's redirect back carries. */
export const wechatCallbackQuerySchema = z.object({
  code: z.string().trim().min(1).max(256),
  state: z.string().trim().min(1).max(128),
});

/** The round's own cookies: ten minutes, httpOnly, and `lax` so that WeChat's redirect back carries them. */
export const oauthCookieOptions = (secure: boolean) => ({
  httpOnly: true,
  sameSite: 'lax' as const,
  secure,
  path: '/',
  maxAge: 600,
});

/** A round's state: the id of what the round is for (a company, an activity), then randomness. */
export const newOauthState = (id: number) => `${id}.${randomBytes(12).toString('base64url')}`;

/**
 * The id a callback's state names, once the state is the one this browser was given; the state cookie is
 * cleared either way, and `refusal` is the message when the state is not this browser's.
 */
export function takeOauthState(
  request: FastifyRequest,
  reply: FastifyReply,
  { cookie, state, refusal }: { cookie: string; state: string; refusal: string },
): number {
  const expected = request.cookies[cookie];
  void reply.clearCookie(cookie, { path: '/' });
  const id = Number(state.split('.')[0]);
  if (!expected || expected !== state || !Number.isSafeInteger(id) || id <= 0) throw new RefusedError(refusal);
  return id;
}

/** Where a module's rounds go and how: WeChat's adapter, this site's origin, the cookies' options, the tags. */
export interface OauthSite {
  wechatMp: WechatMpAdapter;
  /** PUBLIC_URL: WeChat sends the visitor back there, never to the Host the request named. */
  origin: string;
  cookie: ReturnType<typeof oauthCookieOptions>;
  tags: string[];
}

/** What a module says of its round: where it starts, what it is for, and what the callback does. */
export interface OauthRound<Q extends z.ZodType> {
  /** The entry's path; WeChat sends the browser back to `${path}/callback`. */
  path: string;
  summaries: { entry: string; callback: string };
  /** The entry's query string. */
  query: Q;
  /** The state cookie's name, and the message when a callback's state is not this browser's. */
  state: { cookie: string; refusal: string };
  /** The id the round is for (a company, an activity), from the entry's query; it may set its own cookies. */
  start: (query: z.output<Q>, reply: FastifyReply) => Promise<number> | number;
  /** The callback's work once the state is this browser's: WeChat's code for the id the round was for. */
  finish: (id: number, code: string, request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;
}

/** The round's two GET routes, public: the entry that sends the browser to WeChat, and the callback. */
export function oauthRoundRoutes<Q extends z.ZodType>(root: FastifyInstance, site: OauthSite, round: OauthRound<Q>) {
  const { path, summaries } = round;
  const { tags } = site;
  root.route({
    method: 'GET',
    url: path,
    schema: { tags, summary: summaries.entry, querystring: round.query },
    handler: async (request, reply) => {
      const state = newOauthState(await round.start(request.query as z.output<Q>, reply));
      void reply.setCookie(round.state.cookie, state, site.cookie);
      return reply.redirect(site.wechatMp.authorizeUrl(`${site.origin}${path}/callback`, state), 302);
    },
  });
  root.route({
    method: 'GET',
    url: `${path}/callback`,
    schema: { tags, summary: summaries.callback, querystring: wechatCallbackQuerySchema },
    handler: async (request, reply) => {
      const { code, state } = request.query as z.output<typeof wechatCallbackQuerySchema>;
      const id = takeOauthState(request, reply, { ...round.state, state });
      return round.finish(id, code, request, reply);
    },
  });
}
