import { createHmac, timingSafeEqual } from 'node:crypto';

/** Signed image addresses live at most this long (the issue allows up to 5 minutes). */
export const IMAGE_URL_TTL_SECONDS = 300;

export type ImageVariant = 'full' | 'thumb';

const signature = (secret: string, fileId: number, variant: ImageVariant, expires: number, staffId: number) =>
  createHmac('sha256', secret).update(`img:${fileId}:${variant}:${expires}:${staffId}`).digest('base64url');

/**
 * A short-lived address of one image for one staff member. The signature binds the file, the size, the
 * expiry and the viewer, so a copied URL is useless to anyone else and to everyone after five minutes;
 * the route still requires the viewer's session and re-checks the record.
 */
export function signImageUrl(
  secret: string,
  fileId: number,
  variant: ImageVariant,
  staffId: number,
  nowMs: number,
): string {
  const expires = Math.floor(nowMs / 1000) + IMAGE_URL_TTL_SECONDS;
  return `/common/img/${fileId}?v=${variant}&exp=${expires}&sig=${signature(secret, fileId, variant, expires, staffId)}`;
}

export function verifyImageSignature(
  secret: string,
  input: { fileId: number; variant: ImageVariant; expires: number; sig: string; staffId: number },
  nowMs: number,
): boolean {
  const now = Math.floor(nowMs / 1000);
  if (input.expires < now || input.expires > now + IMAGE_URL_TTL_SECONDS) return false;
  const expected = Buffer.from(signature(secret, input.fileId, input.variant, input.expires, input.staffId));
  const given = Buffer.from(input.sig);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
