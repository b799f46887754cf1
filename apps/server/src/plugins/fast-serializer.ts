import fastJson from 'fast-json-stringify';
import type { FastifyInstance } from 'fastify';
import type { FastifyRouteSchemaDef } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Node = Record<string, unknown>;
type SerializerCompiler = Parameters<FastifyInstance['setSerializerCompiler']>[0];

/**
 * zod's nullable becomes `anyOf: [X, {type: 'null'}]`, which fast-json-stringify can only decide by running
 * ajv on every value; as `type: [X's type, 'null']` it is a null check.
 */
function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (!node || typeof node !== 'object') return node;
  const out: Node = {};
  for (const [key, value] of Object.entries(node)) out[key] = simplify(value);
  const anyOf = out.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const isNull = (s: Node) => s.type === 'null' && Object.keys(s).length === 1;
    const other = (anyOf as Node[]).find((s) => !isNull(s));
    if (other && (anyOf as Node[]).some(isNull) && typeof other.type === 'string') {
      const { anyOf: _anyOf, ...rest } = out;
      return { ...rest, ...other, type: [other.type, 'null'] };
    }
  }
  return out;
}

/**
 * The JSON schema of a response schema as it is sent, or null when zod's output cannot be one (a transform,
 * a date, a codec): those routes keep zod's serializer.
 */
export function responseJsonSchema(schema: z.ZodType): Node | null {
  try {
    const json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'throw', target: 'draft-7' }) as Node;
    const { $schema: _schema, ...rest } = json;
    return simplify(rest) as Node;
  } catch {
    return null;
  }
}

/** Compiles a zod response schema to a fast-json-stringify function; null when it cannot (see above). */
export function compileFastSerializer(schema: z.ZodType): ((data: unknown) => string) | null {
  const json = responseJsonSchema(schema);
  return json ? (fastJson(json) as (data: unknown) => string) : null;
}

/**
 * The serializer compiler of the app (decision 060): the hot routes named in `hot` ("POST /api/crm/userinfo")
 * answer through fast-json-stringify compiled once from their response schema's JSON schema, not through a
 * zod parse of every answer; every other route keeps zod's. Like zod's output, only the schema's properties
 * are written: a field the handler adds by mistake is not sent.
 */
export function hotRouteSerializerCompiler(hot: ReadonlySet<string>): SerializerCompiler {
  const compile = (route: FastifyRouteSchemaDef<z.ZodType>) => {
    if (hot.has(`${route.method} ${route.url}`)) {
      const fast = compileFastSerializer(route.schema);
      if (fast) return fast;
    }
    return zodSerializerCompiler(route);
  };
  return compile as unknown as SerializerCompiler;
}
