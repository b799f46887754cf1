import type { SwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { isPublicRoute } from './plugins/public-routes.ts';
import { SESSION_COOKIE } from './plugins/session.ts';

/*
 * The OpenAPI document served at /api/docs (ARCHITECTURE: generated from the routes' own schemas). What the
 * generator cannot know is added here, once, for every route: the session cookie as the security scheme
 * (public routes opt out), the server, multipart form data beside JSON (the spec's client sends multipart),
 * the envelope of a 4xx answer, an operationId, and OpenAPI 3.0's reading of `nullable`. openapi.test.ts
 * lints the result with Redocly's recommended rules.
 */

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
const SECURITY = 'session';
const REFUSAL = 'Refusal';

/** `POST /api/admin/import/preview` → `postApiAdminImportPreview`: unique, since a method and a path are. */
export const operationIdOf = (method: string, path: string) =>
  method +
  path
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');

/**
 * OpenAPI 3.0 reads `nullable` only beside a `type`: zod's `.nullable()` on a union (or a union holding
 * `null`) comes out as `{ nullable: true, anyOf: [...] }`, which allows no null at all. The flag moves
 * onto each branch that has a type, where it means what zod meant.
 */
function fixNullable(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) fixNullable(item);
    return;
  }
  if (!isObject(node)) return;
  for (const value of Object.values(node)) fixNullable(value);
  if (node.nullable !== true || 'type' in node || '$ref' in node) return;
  const branches = node.anyOf ?? node.oneOf ?? node.allOf;
  if (!Array.isArray(branches)) return;
  for (const branch of branches) if (isObject(branch) && 'type' in branch) branch.nullable = true;
  delete node.nullable;
}

/** A file field a multipart body carries, which the zod schema leaves as `unknown`. */
function describeFiles(schema: unknown) {
  if (!isObject(schema) || !isObject(schema.properties)) return schema;
  const properties = Object.fromEntries(
    Object.entries(schema.properties).map(([name, value]) => [
      name,
      isObject(value) && Object.keys(value).length === 0 ? { type: 'string', format: 'binary' } : value,
    ]),
  );
  return { ...schema, properties };
}

/** The document as the generator made it, completed for every operation (see the comment above). */
export function completeDocument(document: Json, { serverUrl }: { serverUrl: string }): Json {
  const doc = structuredClone(document);
  doc.servers = [{ url: serverUrl, description: serverUrl === '/' ? '本服务（同源）' : '本服务' }];
  const components = isObject(doc.components) ? doc.components : {};
  doc.components = {
    ...components,
    securitySchemes: {
      ...(isObject(components.securitySchemes) ? components.securitySchemes : {}),
      [SECURITY]: {
        type: 'apiKey',
        in: 'cookie',
        name: SESSION_COOKIE,
        description: '登录后服务端下发的会话 Cookie（httpOnly）；未登录 401，无权限 403',
      },
    },
    schemas: {
      ...(isObject(components.schemas) ? components.schemas : {}),
      [REFUSAL]: {
        type: 'object',
        description: '统一信封：code 非 0 为拒绝，msg 为可直接展示的中文原因',
        properties: { code: { type: 'integer' }, msg: { type: 'string' }, data: { nullable: true, type: 'object' } },
        required: ['code', 'msg', 'data'],
      },
    },
  };
  doc.security = [{ [SECURITY]: [] }];
  const paths = isObject(doc.paths) ? doc.paths : {};
  for (const [path, item] of Object.entries(paths)) {
    if (!isObject(item)) continue;
    for (const method of METHODS) {
      const operation = item[method];
      if (!isObject(operation)) continue;
      operation.operationId ??= operationIdOf(method, path);
      if (isPublicRoute(method.toUpperCase(), path)) operation.security = [];
      const responses = isObject(operation.responses) ? operation.responses : {};
      operation.responses = {
        ...responses,
        '4XX': {
          description: '未登录 401、无权限 403、不存在 404、过大 413、过于频繁 429（业务拒绝为 HTTP 200、code 非 0）',
          content: { 'application/json': { schema: { $ref: `#/components/schemas/${REFUSAL}` } } },
        },
      };
      const body = operation.requestBody;
      if (isObject(body) && isObject(body.content)) {
        const content = body.content;
        const json = content['application/json'];
        // The API reads JSON, urlencoded and multipart alike (plugins/multipart.ts); the spec's client sends multipart.
        if (isObject(json) && !content['multipart/form-data']) content['multipart/form-data'] = { ...json };
        const form = content['multipart/form-data'];
        if (isObject(form)) form.schema = describeFiles(form.schema);
      }
    }
  }
  fixNullable(doc.paths);
  fixNullable(doc.components);
  return doc;
}

/** @fastify/swagger's options: zod schemas to JSON Schema per route, then the document completed. */
export function openApiOptions({ publicUrl }: { publicUrl: string | undefined }): SwaggerOptions {
  return {
    openapi: { info: { title: '贷款中介移动 CRM API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
    transformObject: (documentObject) =>
      'openapiObject' in documentObject
        ? completeDocument(documentObject.openapiObject, { serverUrl: publicUrl ?? '/' })
        : documentObject.swaggerObject,
  };
}
