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

/** Signed download links (an export's XLSX, decision 059) live as long as image links. */
const downloadSignature = (secret: string, subject: string, expires: number, staffId: number) =>
  createHmac('sha256', secret).update(`dl:${subject}:${expires}:${staffId}`).digest('base64url');

/**
 * A short-lived query string (`exp`, `sig`) for one download by one staff member: the signature binds the
 * subject (what is downloaded), the expiry and the person, like the image links above.
 */
export function signDownload(secret: string, subject: string, staffId: number, nowMs: number) {
  const exp = Math.floor(nowMs / 1000) + IMAGE_URL_TTL_SECONDS;
  return { exp, sig: downloadSignature(secret, subject, exp, staffId) };
}

export function verifyDownload(
  secret: string,
  input: { subject: string; exp: number; sig: string; staffId: number },
  nowMs: number,
): boolean {
  const now = Math.floor(nowMs / 1000);
  if (input.exp < now || input.exp > now + IMAGE_URL_TTL_SECONDS) return false;
  const expected = Buffer.from(downloadSignature(secret, input.subject, input.exp, input.staffId));
  const given = Buffer.from(input.sig);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
