import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { pickEncoding } from './compress.ts';

/*
 * On the wire: the built scripts go out as the .br or .gz the build wrote beside them, JSON answers above a
 * packet are compressed on the way out, and a client that accepts neither gets the plain bytes.
 */
// Large enough that compressing it is worth a packet, as the real page is (it carries the stylesheet inline).
const page = `<html><meta name="crm-mode" content="production"><style>${'.case-row{padding:12px}'.repeat(200)}</style></html>`;
const script = `export const big = ${JSON.stringify('贷款'.repeat(4000))};\n`;
let webDist: string;
let test: TestApp;
beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-dist-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'index.html'), page);
  fs.writeFileSync(path.join(webDist, 'assets', 'app-abc12345.js'), script);
  fs.writeFileSync(path.join(webDist, 'assets', 'app-abc12345.js.br'), brotliCompressSync(script));
  fs.writeFileSync(path.join(webDist, 'assets', 'app-abc12345.js.gz'), gzipSync(script));
  test = await buildTestApp({ config: { WEB_DIST: webDist } });
});
afterAll(async () => {
  await test.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const getScript = (acceptEncoding?: string) =>
  test.app.inject({
    method: 'GET',
    url: '/assets/app-abc12345.js',
    headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
  });

describe('compressed on the wire', () => {
  it("serves a built script as the build's brotli copy to a browser that takes brotli, cached for a year", async () => {
    const response = await getScript('gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.rawPayload.length).toBeLessThan(script.length / 10);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script);
  });

  it('falls back to gzip, then to the plain file', async () => {
    const gzipped = await getScript('gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(script);
    const plain = await getScript();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('compresses a large JSON answer for a client that accepts it, and leaves small ones alone', async () => {
    const docs = await test.app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'br' } });
    expect(docs.headers['content-encoding']).toBe('br');
    expect(docs.headers.vary).toMatch(/accept-encoding/i);
    const parsed = JSON.parse(brotliDecompressSync(docs.rawPayload).toString()) as { openapi: string };
    expect(parsed.openapi).toMatch(/^3\./);
    const gz = await test.app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const small = await test.app.inject({ method: 'GET', url: '/healthz', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ code: 0, msg: 'ok', data: null });
  });

  it('sends the page itself (every deep link) compressed as the browser asks, never cached', async () => {
    const getPage = (acceptEncoding?: string) =>
      test.app.inject({
        method: 'GET',
        url: '/business/list',
        headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
      });
    const brotli = await getPage('gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/^text\/html/);
    expect(brotli.headers['cache-control']).toBe('no-cache');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.rawPayload.length).toBeLessThan(page.length / 10);
    // The server still writes the mode into the page before compressing it.
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toContain('content="demo"');
    const gzipped = await getPage('gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(brotliDecompressSync(brotli.rawPayload).toString());
    const plain = await getPage();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('.case-row{padding:12px}');
  });

  it('reads Accept-Encoding as browsers send it', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding(undefined)).toBeNull();
  });
});
