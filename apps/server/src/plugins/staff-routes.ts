import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { envelopeSchema } from '@crm/domain/api/envelope';
import { currentStaff } from './session.ts';

export type Staff = ReturnType<typeof currentStaff>;

const answer = <T>(data: T, msg: string) => ({ code: 0, msg, data });

/**
 * One line per route for a module whose calls answer `{code: 0, msg, data}` to a staff session: the request
 * schema, the response schema (wrapped in the envelope) and a handler given the caller; `msg` is 'ok' unless
 * the route names its own (a write's "saved", say).
 *
 * The helpers register through the plain instance: the handler's own signature already ties its answer to
 * the response schema, which fastify's generic inference cannot follow through a helper.
 */
/**
 * What a route line gives: path, summary, input schema, response schema, handler, and the route's options.
 * The handler answers the data (`A`), or `{data, msg}` on the lines whose service picks the message.
 */
export type RouteLine<I extends z.ZodType, R extends z.ZodType, C = Staff, A = z.input<R>> = [
  path: string,
  summary: string,
  input: I,
  response: R,
  /** `request` for what only the request knows (the origin links point at, say). */
  handler: (me: C, input: z.output<I>, request: FastifyRequest) => Promise<A>,
  /** `consumes` for the OpenAPI document of a route whose form carries a file (`['multipart/form-data']`). */
  options?: { config?: FastifyContextConfig; msg?: string; consumes?: string[] },
];

export const staffRoutes = (root: FastifyInstance, tags: string[]) => callerRoutes(root, tags, currentStaff);

/** The same one-line routes for a call answered without a session (listed in public-routes.ts): no caller. */
export const openRoutes = (root: FastifyInstance, tags: string[]) => callerRoutes(root, tags, () => undefined);

/**
 * The handler of a write whose answer is its message alone (`data: null`): what the service returns, if
 * anything, stays on the server.
 */
export const answeringNull =
  <C, I>(write: (me: C, input: I) => Promise<unknown>) =>
  async (me: C, input: I): Promise<null> => {
    await write(me, input);
    return null;
  };

/** What a handler answers when the service, not the route, picks the message (a first check-in or a repeat). */
export type Said<R extends z.ZodType> = { data: z.input<R>; msg: string };

/** The same one-line routes for another kind of caller (an outside partner), named by `caller`. */
export function callerRoutes<C>(root: FastifyInstance, tags: string[], caller: (request: FastifyRequest) => C) {
  // A POST reads its input from the body, a GET from the query string; the rest is the same.
  const route = <I extends z.ZodType, R extends z.ZodType>(
    method: 'GET' | 'POST',
    ...[url, summary, input, response, handler, { config = {}, consumes } = {}]: RouteLine<I, R, C, Said<R>>
  ) =>
    root.route({
      method,
      url,
      config,
      schema: {
        tags,
        summary,
        ...(consumes && { consumes }),
        ...(method === 'POST' ? { body: input } : { querystring: input }),
        response: { 200: envelopeSchema(response) },
      },
      handler: async (request) => {
        const input = (method === 'POST' ? request.body : request.query) as z.output<I>;
        const { data, msg } = await handler(caller(request), input, request);
        return answer(data, msg);
      },
    });
  /** A route line whose answer is the data alone, under the line's `msg`. */
  const saying = <I extends z.ZodType, R extends z.ZodType>(
    ...[url, summary, input, response, handler, options = {}]: RouteLine<I, R, C>
  ): RouteLine<I, R, C, Said<R>> => [
    url,
    summary,
    input,
    response,
    async (me, q, request) => ({ data: await handler(me, q, request), msg: options.msg ?? 'ok' }),
    options,
  ];

  const post = <B extends z.ZodType, R extends z.ZodType>(...line: RouteLine<B, R, C>) =>
    route('POST', ...saying(...line));
  const get = <Q extends z.ZodType, R extends z.ZodType>(...line: RouteLine<Q, R, C>) =>
    route('GET', ...saying(...line));
  /** A POST whose handler answers `{data, msg}`: the service says which message fits. */
  const postSaid = <B extends z.ZodType, R extends z.ZodType>(...line: RouteLine<B, R, C, Said<R>>) =>
    route('POST', ...line);

  return { post, get, postSaid };
}
