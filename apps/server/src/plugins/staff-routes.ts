import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { envelopeSchema } from '@crm/domain/api/envelope';
import { currentStaff } from './session.ts';

type Staff = ReturnType<typeof currentStaff>;

const ok = <T>(data: T) => ({ code: 0, msg: 'ok', data });

/**
 * One line per route for a module whose calls all answer `{code: 0, msg: 'ok', data}` to a staff session:
 * the request schema, the response schema (wrapped in the envelope) and a handler given the caller.
 *
 * The helpers register through the plain instance: the handler's own signature already ties its answer to
 * the response schema, which fastify's generic inference cannot follow through a helper.
 */
export function staffRoutes(root: FastifyInstance, tags: string[]) {
  const post = <B extends z.ZodType, R extends z.ZodType>(
    path: string,
    summary: string,
    body: B,
    response: R,
    handler: (me: Staff, input: z.output<B>) => Promise<z.input<R>>,
    config: FastifyContextConfig = {},
  ) =>
    root.post(
      path,
      { config, schema: { tags, summary, body, response: { 200: envelopeSchema(response) } } },
      async (request) => ok(await handler(currentStaff(request), request.body as z.output<B>)),
    );

  const get = <Q extends z.ZodType, R extends z.ZodType>(
    path: string,
    summary: string,
    querystring: Q,
    response: R,
    handler: (me: Staff, input: z.output<Q>) => Promise<z.input<R>>,
  ) =>
    root.get(
      path,
      { schema: { tags, summary, querystring, response: { 200: envelopeSchema(response) } } },
      async (request) => ok(await handler(currentStaff(request), request.query as z.output<Q>)),
    );

  return { post, get };
}
