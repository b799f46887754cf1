import type { FastifyError, FastifyInstance, FastifySchemaCompiler } from 'fastify';
import fp from 'fastify-plugin';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_CODE } from '@crm/domain/api/envelope';
import { requestErrorMap } from '@crm/domain/api/request-messages';
import { AppError, RefusedError, TooManyError } from '../errors.ts';
import { causeChain, sqlState } from '../log-scrub.ts';
import { isMalformedMultipart } from './multipart.ts';

const GENERIC_FAULT = '服务器开小差了，请稍后再试';
const UNAVAILABLE = '服务暂不可用，请稍后再试';

// Socket errors and PostgreSQL's connection-exception (08…) and operator-intervention (57P…) classes:
// the database is restarting or out of reach, not the request at fault.
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN']);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|terminating connection/i;

/** Whether an error, or one it wraps (drizzle wraps the driver's in `cause`), says the database is away. */
export function isDatabaseUnavailable(error: unknown): boolean {
  return causeChain(error).some(
    ({ code, message }) =>
      (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || /^(08|57P)/.test(code))) ||
      UNAVAILABLE_MESSAGES.test(message),
  );
}

/** Whether a parsed body, query or path holds a NUL character: PostgreSQL text cannot store one (22021). */
function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 4 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return false;
  return Object.values(value).some((inner) => holdsNul(inner, depth + 1));
}

const INVALID_CHARACTER = '内容包含无效字符';
const OUT_OF_RANGE = '参数超出范围';
const MALFORMED_BODY = '请求格式错误';

// zod's own wording where no request is being refused (the settings at start-up, a provider's answer in the
// log): the UI language rather than English.
z.config(z.locales.zhCN());

/**
 * Every route's body, query and path are parsed with requestErrorMap: a field without a message of its own
 * is refused as `<字段>: <问题>`, never in zod's type talk (期望 string，实际接收 undefined). The issues go to
 * the error handler in Fastify's own validation shape.
 */
export const requestValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data: unknown) => {
    const result = schema.safeParse(data, { error: requestErrorMap });
    if (result.success) return { value: result.data };
    return {
      error: result.error.issues.map((issue) => ({
        keyword: issue.code,
        instancePath: `/${issue.path.join('/')}`,
        schemaPath: `#/${issue.path.join('/')}/${issue.code}`,
        params: {},
        message: issue.message,
      })),
    };
  };

/**
 * Every answer is `{code, msg, data}`, errors included. Validation failures are business refusals
 * (HTTP 200, the first message, as the spec's forms show one message at a time); faults never show a
 * stack, only a request id to quote to support.
 */
export const envelopePlugin = fp(async (app: FastifyInstance) => {
  // Before any schema: a NUL byte in any field is refused whatever the route, so no text column meets one.
  app.addHook('preValidation', (request, _reply, done) => {
    const nul = holdsNul(request.body) || holdsNul(request.query) || holdsNul(request.params);
    done(nul ? new RefusedError(INVALID_CHARACTER) : undefined);
  });
  app.setErrorHandler((caught: FastifyError | AppError, request, reply) => {
    if (caught instanceof AppError) {
      // A refusal caused by a provider (SMS, say) keeps the provider's answer in the log.
      if (caught.cause !== undefined) request.log.warn({ err: caught.cause }, caught.message);
      if (caught instanceof TooManyError && caught.retryAfterSeconds) {
        void reply.header('retry-after', String(caught.retryAfterSeconds));
      }
      const field = caught instanceof RefusedError ? caught.field : undefined;
      return reply
        .status(caught.httpStatus)
        .send({ code: caught.code, msg: caught.message, data: null, ...(field ? { field } : {}) });
    }
    const error = caught;
    if (error.validation) {
      const first = error.validation[0];
      // A body-less POST fails at the root ("expected object, received null"): say what is missing instead.
      const isBodyMissing = first?.instancePath === '/' && first.keyword === 'invalid_type';
      const msg = isBodyMissing ? '请求参数缺失' : (first?.message ?? '参数错误');
      // The body's field at fault (instancePath "/term"), so the form can show msg under it.
      const field = error.validationContext === 'body' ? first?.instancePath.split('/')[1] : undefined;
      return reply.status(200).send({ code: API_CODE.refused, msg, data: null, ...(field ? { field } : {}) });
    }
    if (error.statusCode === 429) {
      return reply.status(429).send({ code: API_CODE.tooMany, msg: '请求过于频繁，请稍后再试', data: null });
    }
    if (isMalformedMultipart(error, request)) {
      // A client's broken body, not a fault: one info line saying why, no stack (decision 048).
      request.log.info({ reason: error.message }, 'malformed multipart body');
      return reply.status(400).send({ code: API_CODE.refused, msg: MALFORMED_BODY, data: null });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500 && !isResponseSerializationError(error)) {
      // Malformed bodies, oversized uploads, unsupported media types: the client's fault, said plainly.
      // The image limit (10 MB, plugins/multipart.ts) says which limit it was; other 413s are the form's limits.
      const msg =
        error.code === 'FST_REQ_FILE_TOO_LARGE'
          ? // A route uploading something other than an image names its own limit (the XLSX import's 2 MB).
            (request.routeOptions.config.fileTooLargeMessage ?? '图片不能超过 10 MB')
          : error.statusCode === 413
            ? '提交的内容过大'
            : MALFORMED_BODY;
      return reply.status(error.statusCode).send({ code: API_CODE.refused, msg, data: null });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).header('retry-after', '5').send({ code: API_CODE.fault, msg: UNAVAILABLE, data: null });
    }
    // The schemas bound every id, number and date (api/bounds.ts); should one slip through, PostgreSQL's
    // data exceptions (class 22: out of range, bad date, bad character) are still the input's fault.
    const code = sqlState(error);
    if (code?.startsWith('22')) {
      request.log.warn({ code, url: request.routeOptions.url }, 'input refused by the database');
      return reply.status(200).send({ code: API_CODE.refused, msg: OUT_OF_RANGE, data: null });
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .status(500)
      .send({ code: API_CODE.fault, msg: `${GENERIC_FAULT}（请求编号 ${request.id}）`, data: null });
  });
});
