import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The WeCom identity the server itself obtained from WeCom's OAuth callback, carried to the login page
 * in a short-lived signed httpOnly cookie. The spec's login page receives `wxworkid` in the query string,
 * which anyone can type; autoLogin and binding trust it only when this cookie vouches for it.
 */
export const WECOM_IDENTITY_COOKIE = 'crm_wecom';
export const WECOM_IDENTITY_TTL_MS = 10 * 60_000;

export function signWecomIdentity(secret: string, identity: { corpId: number; userId: string }, now: number): string {
  const payload = Buffer.from(
    JSON.stringify({ c: identity.corpId, u: identity.userId, e: now + WECOM_IDENTITY_TTL_MS }),
  ).toString('base64url');
  return `${payload}.${mac(secret, payload)}`;
}

/** The verified WeCom userid for this company, or null when the cookie is missing, forged, stale or for another company. */
export function verifyWecomIdentity(
  secret: string,
  cookie: string | undefined,
  corpId: number,
  now: number,
): string | null {
  if (!cookie) return null;
  const [payload, signature] = cookie.split('.');
  if (!payload || !signature) return null;
  const expected = Buffer.from(mac(secret, payload), 'base64url');
  const given = Buffer.from(signature, 'base64url');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { c, u, e } = parsed as Record<string, unknown>;
    if (c !== corpId || typeof u !== 'string' || typeof e !== 'number' || e < now) return null;
    return u;
  } catch {
    return null;
  }
}

const mac = (secret: string, payload: string) =>
  createHmac('sha256', `wecom-identity:${secret}`).update(payload).digest('base64url');
