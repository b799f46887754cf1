import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './test/build-test-app.ts';

type Operation = {
  operationId?: string;
  security?: unknown[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
};

describe('the OpenAPI document at /api/docs', () => {
  let test: TestApp;
  let source: string;
  let doc: {
    servers?: { url: string }[];
    security?: unknown[];
    components: { securitySchemes?: Record<string, unknown> };
    paths: Record<string, Record<string, Operation>>;
  };

  beforeAll(async () => {
    test = await buildTestApp();
    const response = await test.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    source = response.body;
    doc = JSON.parse(source) as typeof doc;
  }, 120_000);
  afterAll(() => test.close());

  it("passes Redocly's recommended rules with no error", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source, absoluteRef: 'openapi.json', config });
    const errors = problems
      .filter((problem) => problem.severity === 'error')
      .map((problem) => `${problem.ruleId} ${problem.location[0]?.pointer ?? ''}: ${problem.message}`);
    expect(errors).toEqual([]);
  }, 60_000);

  it('names the session cookie as the security scheme, and public routes need none', () => {
    expect(doc.components.securitySchemes).toEqual({
      session: expect.objectContaining({ type: 'apiKey', in: 'cookie', name: 'crm_session' }),
    });
    expect(doc.security).toEqual([{ session: [] }]);
    expect(doc.paths['/api/crm/login']?.post?.security).toEqual([]);
    expect(doc.paths['/api/admin/import/commit']?.post?.security).toBeUndefined();
    // The server is the configured public address (PUBLIC_URL, issue 38.7), as every link the server hands out.
    expect(doc.servers).toEqual([expect.objectContaining({ url: test.config.publicUrl })]);
  });

  it('offers multipart form data beside JSON, with files as binary', () => {
    const login = doc.paths['/api/crm/login']?.post;
    expect(Object.keys(login?.requestBody?.content ?? {})).toEqual(['application/json', 'multipart/form-data']);
    expect(login?.operationId).toBe('postApiCrmLogin');
    const preview = doc.paths['/api/admin/import/preview']?.post?.requestBody?.content['multipart/form-data'];
    expect(preview?.schema.properties?.file).toEqual({ type: 'string', format: 'binary' });
  });
});
