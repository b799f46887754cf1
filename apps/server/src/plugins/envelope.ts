import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { API_CODE } from '@crm/domain/api/envelope';
import { AppError, TooManyError } from '../errors.ts';

const GENERIC_FAULT = '服务器开小差了，请稍后再试';

/**
 * Every answer is `{code, msg, data}`, errors included. Validation failures are business refusals
 * (HTTP 200, the first message, as the spec's forms show one message at a time); faults never show a
 * stack, only a request id to quote to support.
 */
export const envelopePlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((caught: FastifyError | AppError, request, reply) => {
    if (caught instanceof AppError) {
      if (caught instanceof TooManyError && caught.retryAfterSeconds) {
        void reply.header('retry-after', String(caught.retryAfterSeconds));
      }
      return reply.status(caught.httpStatus).send({ code: caught.code, msg: caught.message, data: null });
    }
    const error = caught;
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      return reply.status(200).send({ code: API_CODE.refused, msg: first?.message ?? '参数错误', data: null });
    }
    if (error.statusCode === 429) {
      return reply.status(429).send({ code: API_CODE.tooMany, msg: '请求过于频繁，请稍后再试', data: null });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500 && !isResponseSerializationError(error)) {
      // Malformed bodies, oversized uploads, unsupported media types: the client's fault, said plainly.
      // The image limit (10 MB, plugins/multipart.ts) says which limit it was; other 413s are the form's limits.
      const msg = error.code === 'FST_REQ_FILE_TOO_LARGE' ? '图片不能超过 10 MB' : error.statusCode === 413 ? '提交的内容过大' : '请求格式错误';
      return reply.status(error.statusCode).send({ code: API_CODE.refused, msg, data: null });
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .status(500)
      .send({ code: API_CODE.fault, msg: `${GENERIC_FAULT}（请求编号 ${request.id}）`, data: null });
  });
});
