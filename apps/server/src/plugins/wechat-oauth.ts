import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
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
