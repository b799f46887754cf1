import { z } from 'zod';

/**
 * Every answer of the API: `{ code, msg, data }`, code 0 is success (ARCHITECTURE.md, the API contract).
 * data is null on every refusal, which answers with the same HTTP 200 and so the same response schema.
 * A refusal about one request field names it in `field` (e.g. `term`), so a form shows msg under that field.
 */
export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number().int(), msg: z.string(), data: data.nullable(), field: z.string().optional() });

export type Envelope<T> = { code: number; msg: string; data: T; field?: string };

/** Business refusal codes. HTTP status carries auth/permission/not-found; `code` says why in the body. */
export const API_CODE = {
  ok: 0,
  /** a business rule refused the request (bad field, wrong code): HTTP 200, msg shown as is */
  refused: 1,
  unauthenticated: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  /** an idempotency key sent again with other content (decision 046) */
  keyReused: 422,
  tooMany: 429,
  fault: 500,
} as const;
