import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { envelopeSchema } from '@crm/domain/api/envelope';
import type { Endpoint } from '@crm/domain/endpoints';
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
  handler: RouteHandler<I, C, A>,
  options?: RouteOptions,
];

/** `request` for what only the request knows (the origin links point at, say). */
type RouteHandler<I extends z.ZodType, C, A> = (me: C, input: z.output<I>, request: FastifyRequest) => Promise<A>;

/**
 * `consumes` for the OpenAPI document of a route whose form carries a file (`['multipart/form-data']`);
 * `bodyLimit` for a JSON body larger than the server's default (a PDF sent as base64, say).
 */
type RouteOptions = { config?: FastifyContextConfig; msg?: string; consumes?: string[]; bodyLimit?: number };

/**
 * The same line where an endpoint contract (packages/domain/src/endpoints) names the path, summary and
 * schemas: the contract, the handler, the route's options.
 */
export type EndpointLine<I extends z.ZodType, R extends z.ZodType, C = Staff, A = z.input<R>> = [
  endpoint: Endpoint<I, R>,
  handler: RouteHandler<I, C, A>,
  options?: RouteOptions,
];

/** A registering function: either spelling of a route line, the handler answering `A` of the response. */
interface Register<C, Said extends boolean> {
  <I extends z.ZodType, R extends z.ZodType>(...line: RouteLine<I, R, C, Answer<R, Said>>): void;
  <I extends z.ZodType, R extends z.ZodType>(...line: EndpointLine<I, R, C, Answer<R, Said>>): void;
}
type Answer<R extends z.ZodType, S extends boolean> = S extends true ? Said<R> : z.input<R>;

/** The contract's spelling as the five-part line. */
const spelled = <I extends z.ZodType, R extends z.ZodType, C, A>(
  line: RouteLine<I, R, C, A> | EndpointLine<I, R, C, A>,
): RouteLine<I, R, C, A> => {
  if (typeof line[0] === 'string') return line as RouteLine<I, R, C, A>;
  const [{ path, summary, request, response }, handler, options] = line as EndpointLine<I, R, C, A>;
  return [path, summary, request, response, handler, options];
};

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
    ...[url, summary, input, response, handler, { config = {}, consumes, bodyLimit } = {}]: RouteLine<I, R, C, Said<R>>
  ) =>
    root.route({
      method,
      url,
      config,
      ...(bodyLimit && { bodyLimit }),
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

  const post: Register<C, false> = <B extends z.ZodType, R extends z.ZodType>(
    ...line: RouteLine<B, R, C> | EndpointLine<B, R, C>
  ) => void route('POST', ...saying(...spelled(line)));
  const get: Register<C, false> = <Q extends z.ZodType, R extends z.ZodType>(
    ...line: RouteLine<Q, R, C> | EndpointLine<Q, R, C>
  ) => void route('GET', ...saying(...spelled(line)));
  /** A POST whose handler answers `{data, msg}`: the service says which message fits. */
  const postSaid: Register<C, true> = <B extends z.ZodType, R extends z.ZodType>(
    ...line: RouteLine<B, R, C, Said<R>> | EndpointLine<B, R, C, Said<R>>
  ) => void route('POST', ...spelled(line));

  return { post, get, postSaid };
}
