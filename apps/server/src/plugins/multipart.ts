import multipart from '@fastify/multipart';
import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MAX_IMAGE_BYTES } from '@crm/domain/money';

/** A plain form (every call but the image uploads): a few short text fields and no file. */
export const FORM_BODY_BYTES = 64 * 1024;

/**
 * The route config of an image upload: one file up to 10 MB beside the form's fields. Routes without it
 * take plain forms only. Decoding and re-encoding (or reading, for OCR) cost CPU: a phone uploads a few
 * images a minute, a script far more, so every image route has the same per-person budget.
 */
export const IMAGE_UPLOAD_CONFIG = {
  multipartOptions: { limits: { files: 1, fileSize: MAX_IMAGE_BYTES } },
  rateLimit: { max: 60, timeWindow: '1 minute' },
} satisfies FastifyContextConfig;

/** A body over the route's allowance, refused from its declared length before a byte of it is read. */
class BodyTooLargeError extends Error {
  readonly statusCode = 413;
  constructor(readonly code: 'FST_REQ_FILE_TOO_LARGE' | 'FST_FORM_TOO_LARGE') {
    super(code === 'FST_REQ_FILE_TOO_LARGE' ? 'image too large' : 'form too large');
  }
}

/*
 * What busboy throws for a body that is not the multipart form its content type claims: plain Errors with no
 * status, raised while the body is read (before any schema or handler), so without this they answered 500. No
 * boundary, an empty or over-long one (streamsearch's needle), a body cut off before its closing boundary or
 * inside a part.
 */
const MALFORMED_MULTIPART =
  /^(Multipart: Boundary not found|Boundary required|Unexpected end of multipart data|\w+ terminated early due to unexpected end of multipart data|The needle (cannot be an empty String\/Buffer|cannot have a length bigger than 256)\.|Unsupported Content-Type\.|Missing Content-Type-header\.)$/;

/** Whether an error is the multipart parser's refusal of a broken body: the client's fault, answered 400. */
export function isMalformedMultipart(error: { message: string; statusCode?: number }, request: FastifyRequest) {
  return error.statusCode === undefined && request.isMultipart() && MALFORMED_MULTIPART.test(error.message);
}

/**
 * Spec §7: payloads arrive as multipart form data; fields become plain body values for the schemas.
 * Limits are per route: a plain form is 64 KB of fields and no file, an image upload (IMAGE_UPLOAD_CONFIG)
 * one file of at most 10 MB. The body is streamed through busboy with those limits, so at most the
 * route's allowance is ever held in memory; a declared length over it is refused with 413 at once.
 */
export const multipartPlugin = fp(async (app: FastifyInstance) => {
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fieldSize: FORM_BODY_BYTES, fields: 50, files: 0, fileSize: 0, parts: 60 },
  });
  app.addHook('onRequest', (request, _reply, done) => {
    if (!request.headers['content-type']?.startsWith('multipart/form-data')) return done();
    const limits = request.routeOptions.config.multipartOptions?.limits;
    const fileBytes = (limits?.files ?? 0) * (limits?.fileSize ?? 0);
    const declared = Number(request.headers['content-length'] ?? 0);
    done(
      declared > fileBytes + FORM_BODY_BYTES
        ? new BodyTooLargeError(fileBytes > 0 ? 'FST_REQ_FILE_TOO_LARGE' : 'FST_FORM_TOO_LARGE')
        : undefined,
    );
  });
});

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What a file over the route's limit is refused with; image uploads leave it out (the 10 MB message). */
    fileTooLargeMessage?: string;
  }
}
