import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { createCompany, createStaff } from '../test/factories.ts';
import { loginAs } from '../test/http.ts';
import { PRODUCTION_KEYS } from '../test/production-env.ts';

let test: TestApp;
let cookie: string;
let personId: number;

beforeAll(async () => {
  test = await buildTestApp();
  const company = await createCompany(test.db);
  const person = await createStaff(test.db, company.id);
  personId = person.id;
  cookie = await loginAs(test, person);
});
afterAll(() => test.close());

const userinfo = (headers: Record<string, string>) =>
  test.app.inject({
    method: 'POST',
    url: '/api/crm/userinfo',
    headers: { cookie, 'content-type': 'application/json', host: 'crm.example.com', ...headers },
    payload: { id: personId },
  });

describe('browser security', () => {
  it('sends a CSP without inline script, no framing, nosniff and a referrer policy on every answer', async () => {
    for (const url of ['/api/crm/corp', '/healthz', '/no-such-page']) {
      const response = await test.app.inject({ method: 'GET', url });
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(response.headers).toMatchObject({
        'x-frame-options': 'DENY',
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'same-origin',
      });
      // HSTS belongs to production only: a developer's http://localhost must stay reachable.
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('refuses a state-changing call from another origin, even a same-site one on another port', async () => {
    for (const origin of ['http://crm.example.com:8080', 'https://evil.example.net', 'null']) {
      const response = await userinfo({ origin });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ msg: '请求来源无效', data: null });
    }
  });

  it('serves a call from its own origin, and one without an Origin header', async () => {
    expect((await userinfo({ origin: 'http://crm.example.com' })).json()).toMatchObject({ code: 0 });
    expect((await userinfo({})).json()).toMatchObject({ code: 0 });
  });
});

describe('in production', () => {
  it('publishes no API documentation and sends HSTS', async () => {
    const production = await buildTestApp({
      config: {
        NODE_ENV: 'production',
        ALLOW_EMBEDDED_DB_IN_PRODUCTION: 'true',
        SMS_PROVIDER: 'tencent',
        ...PRODUCTION_KEYS,
      },
    });
    try {
      const docs = await production.app.inject({ method: 'GET', url: '/api/docs' });
      expect(docs.statusCode).toBe(404);
      const health = await production.app.inject({ method: 'GET', url: '/healthz' });
      expect(health.headers['strict-transport-security']).toContain('max-age=31536000');
    } finally {
      await production.close();
    }
  });

  it('keeps the documentation in development', async () => {
    const docs = await test.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(docs.statusCode).toBe(200);
  });
});

describe("the staff app's page", () => {
  // The head script that sets the display modes before the first paint (apps/web/src/lib/display-mode.ts).
  const snippet = 'document.documentElement.classList.add("elder-mode")';
  const page = `<html><head><script>${snippet}</script><script type="module" src="/assets/main-abc.js"></script></head></html>`;

  it('allows its inline script by its hash, and no other inline script, on the page alone', async () => {
    const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-csp-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), page);
    const withPage = await buildTestApp({ config: { WEB_DIST: webDist } });
    try {
      const hash = `'sha256-${createHash('sha256').update(snippet).digest('base64')}'`;
      const answer = await withPage.app.inject({ method: 'GET', url: '/index' });
      expect(answer.body).toContain(snippet);
      const csp = String(answer.headers['content-security-policy']);
      expect(csp).toContain(`script-src 'self' ${hash};`);
      expect(csp).not.toMatch(/unsafe-inline[^;]*;[^;]*script-src|script-src[^;]*unsafe-inline/);
      const api = await withPage.app.inject({ method: 'GET', url: '/api/crm/corp' });
      expect(String(api.headers['content-security-policy'])).not.toContain('sha256');
    } finally {
      await withPage.close();
      fs.rmSync(webDist, { recursive: true, force: true });
    }
  });

  it('serves the service worker from the root, never kept by the HTTP cache, under the same policy (decision 082)', async () => {
    const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-sw-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), page);
    fs.writeFileSync(path.join(webDist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    const withWorker = await buildTestApp({ config: { WEB_DIST: webDist } });
    try {
      const answer = await withWorker.app.inject({ method: 'GET', url: '/sw.js' });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      // A new deploy's worker is found on the next visit: the browser asks for it each time.
      expect(answer.headers['cache-control']).toBe('no-cache');
      // At the root its scope is the whole site: no Service-Worker-Allowed needed, and 'self' allows it.
      expect(answer.headers['service-worker-allowed']).toBeUndefined();
      expect(String(answer.headers['content-security-policy'])).toContain("default-src 'self'");
    } finally {
      await withWorker.close();
      fs.rmSync(webDist, { recursive: true, force: true });
    }
  });
});
