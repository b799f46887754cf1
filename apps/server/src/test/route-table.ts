import { z } from 'zod';
import { UPCOMING } from '../modules/upcoming/upcoming.routes.ts';

/** The spec's calls of modules not built yet (upcoming.routes.ts answers them 501 on purpose), as `METHOD /path`. */
export const upcomingCalls = new Set(
  Object.values(UPCOMING).flatMap(({ get = [], post = [] }) => [
    ...get.map((p) => `GET ${p}`),
    ...post.map((p) => `POST ${p}`),
  ]),
);

/** The field names of a route's request schema (body, query or path), through optional and default wrappers. */
export function fieldNames(schema: unknown): string[] {
  let current = schema as z.ZodType | undefined;
  for (let depth = 0; depth < 6 && current; depth += 1) {
    if (current instanceof z.ZodObject) return Object.keys(current.shape);
    if (current instanceof z.ZodOptional || current instanceof z.ZodNullable || current instanceof z.ZodDefault)
      current = current.unwrap() as z.ZodType;
    else if (current instanceof z.ZodPipe) current = current.in as z.ZodType;
    else return [];
  }
  return [];
}

/** Every field a route reads, from its body, query and path schemas. */
export const routeFields = (schema: { body?: unknown; querystring?: unknown; params?: unknown } | undefined) => [
  ...new Set([schema?.body, schema?.querystring, schema?.params].flatMap((part) => fieldNames(part))),
];
