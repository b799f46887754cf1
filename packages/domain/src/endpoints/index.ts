import { z } from 'zod';

/**
 * One API call as both sides see it: where it is, what the OpenAPI document calls it, the request it takes
 * and the data its `{code, msg, data}` answer carries. The server registers a route from it, and a client
 * can send and parse with the same schemas.
 */
export interface Endpoint<I extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType> {
  path: string;
  summary: string;
  request: I;
  response: R;
}

/**
 * An endpoint contract, checked to be one; it keeps the schemas' own types for the route and the client, and
 * its path as a literal type, so an EndpointRef (endpoint-refs) naming another path fails to compile.
 */
export const endpoint = <I extends z.ZodType, R extends z.ZodType, const P extends string>(
  contract: Endpoint<I, R> & { path: P },
): Endpoint<I, R> & { path: P } => contract;

/** The request of a call that takes no fields (a plain list of options, say). */
export const noFieldsSchema = z.object({});

/** The data of a call whose answer is its message alone. */
export const nullSchema = z.null();
