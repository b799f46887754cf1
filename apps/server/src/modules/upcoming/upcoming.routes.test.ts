import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../../test/build-test-app.ts';
import { createCompany, createStaff } from '../../test/factories.ts';
import { staffCookie } from '../../test/sessions.ts';
import { upcomingCalls } from '../../test/route-table.ts';
import { upcomingRoutes } from './upcoming.routes.ts';

/**
 * The calls of spec §7 still answering 501, exactly. A feature that lands removes its calls here and from
 * UPCOMING in the same commit: building one without removing it (or leaving its stub behind) fails.
 */
const STILL_UNBUILT: string[] = [];

const fixture = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../../fixtures/spec-endpoints.json',
);
const { endpoints } = JSON.parse(fs.readFileSync(fixture, 'utf8')) as {
  endpoints: { method: 'GET' | 'POST'; path: string }[];
};

const test = testAppForFile();

describe('the API route table', () => {
  it('has every call of spec §7', () => {
    const missing = endpoints.filter(({ method, path: url }) => !test.app.hasRoute({ method, url }));
    expect(missing).toEqual([]);
    expect(endpoints.length).toBe(138);
  });

  it('answers every call of spec §7 from its module, none from the 501 stub', async () => {
    expect([...upcomingCalls].sort()).toEqual(STILL_UNBUILT);
    const corp = await createCompany(test.db);
    const cookie = await staffCookie(test, await createStaff(test.db, corp.id));
    // Every built call answers something else than the 501 stub (a refusal of empty input, say).
    for (const { method, path: url } of endpoints) {
      if (upcomingCalls.has(`${method} ${url}`)) continue;
      const response = await test.app.inject({ method, url, headers: { cookie } });
      expect(response.statusCode, `${method} ${url}`).not.toBe(501);
    }
  });

  it('answers a call whose feature is not built yet with 501 and the feature name', async () => {
    // No call of the spec is unbuilt any more: the stub is proven on a feature of its own.
    const app = Fastify();
    await app.register(upcomingRoutes, { features: { 试验功能: { post: ['/api/test/soon'] } } });
    const response = await app.inject({ method: 'POST', url: '/api/test/soon' });
    expect(response.statusCode).toBe(501);
    expect(response.json()).toEqual({ code: 501, msg: '功能建设中：试验功能', data: null });
    await app.close();
  });

  it('answers an unknown API path with the 404 envelope', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/crm/nothing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 404, msg: '接口不存在', data: null });
  });

  it('serves the OpenAPI document', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json<{ paths: object }>().paths)).toContain('/api/crm/login');
  });
});
