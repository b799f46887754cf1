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
/** What a route line gives: path, summary, input schema, response schema, handler, and the route's config. */
type RouteLine<I extends z.ZodType, R extends z.ZodType> = [
  path: string,
  summary: string,
  input: I,
  response: R,
  handler: (me: Staff, input: z.output<I>) => Promise<z.input<R>>,
  config?: FastifyContextConfig,
];

export function staffRoutes(root: FastifyInstance, tags: string[]) {
  // A POST reads its input from the body, a GET from the query string; the rest is the same.
  const route = <I extends z.ZodType, R extends z.ZodType>(
    method: 'GET' | 'POST',
    ...[url, summary, input, response, handler, config = {}]: RouteLine<I, R>
  ) =>
    root.route({
      method,
      url,
      config,
      schema: {
        tags,
        summary,
        ...(method === 'POST' ? { body: input } : { querystring: input }),
        response: { 200: envelopeSchema(response) },
      },
      handler: async (request) =>
        ok(await handler(currentStaff(request), (method === 'POST' ? request.body : request.query) as z.output<I>)),
    });

  const post = <B extends z.ZodType, R extends z.ZodType>(...line: RouteLine<B, R>) => route('POST', ...line);
  const get = <Q extends z.ZodType, R extends z.ZodType>(...line: RouteLine<Q, R>) => route('GET', ...line);

  return { post, get };
}
