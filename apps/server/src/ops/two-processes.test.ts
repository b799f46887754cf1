import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuery, testPostgres, withDatabase } from '../test/pg-admin.ts';

/*
 * Two real server processes on one PostgreSQL database, as behind a load balancer (docs/deploy.md): one
 * person's session works on either, alternately, and ends on both at once; the SMS limits are counted in
 * the database, so the second process knows what the first sent. Nothing here is per process.
 * PGlite is one process's embedded database by construction: this file needs DATABASE_URL, and the
 * PostgreSQL pass of .ci/run sets it.
 */
const postgres = testPostgres();
const url = postgres?.url;
const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tsx = path.resolve(serverRoot, '../../node_modules/.bin/tsx');

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

interface Server {
  base: string;
  child: ChildProcess;
  output: string[];
}

/**
 * One master key for both processes, as a deployment sets it (decision 074): each demo DATA_DIR would otherwise
 * make its own, and the second process could not open the keys the first one made.
 */
const masterKey = randomBytes(32).toString('base64');

async function startServer(databaseName: string, dataDir: string): Promise<Server> {
  const port = await freePort();
  const output: string[] = [];
  const child = spawn(tsx, ['src/server.ts'], {
    cwd: serverRoot,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'development',
      DEMO_MODE: 'true',
      // As the CI's pooler pass deploys it: DATABASE_URL through PgBouncer, the change feed directly.
      DATABASE_URL: withDatabase(postgres!.url, databaseName),
      DATABASE_POOLER: postgres!.pooler,
      LISTEN_DATABASE_URL: withDatabase(postgres!.directUrl, databaseName),
      DATA_DIR: dataDir,
      PII_MASTER_KEY: masterKey,
      WEB_DIST: '/nonexistent',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const base = `http://127.0.0.1:${port}`;
  for (let waited = 0; waited < 90_000; waited += 250) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output.join('')}`);
    const ready = await fetch(`${base}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { base, child, output };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server not ready: ${output.join('')}`);
}

const stop = (server: Server | undefined) =>
  new Promise<void>((resolve) => {
    if (!server || server.child.exitCode !== null) return resolve();
    server.child.once('exit', () => resolve());
    server.child.kill('SIGTERM');
  });

async function call(server: Server, pathname: string, body: unknown, cookie?: string) {
  const response = await fetch(`${server.base}${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    body: (await response.json()) as { code: number; msg: string; data: Record<string, unknown> | null },
    setCookie: response.headers.getSetCookie(),
  };
}

const title = url
  ? 'two server processes on one PostgreSQL database'
  : "two server processes: SKIPPED in the PGlite pass (PGlite is one process's embedded database); the PostgreSQL pass of .ci/run runs it";
describe.skipIf(!url)(title, () => {
  const name = `crm_two_${randomBytes(4).toString('hex')}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-two-'));
  let a: Server | undefined;
  let b: Server | undefined;

  beforeAll(async () => {
    await adminQuery(postgres!.directUrl, `create database ${name}`);
    // One after the other, as a rolling start does: the first migrates and seeds, the second finds both done.
    a = await startServer(name, path.join(dataDir, 'a'));
    b = await startServer(name, path.join(dataDir, 'b'));
  }, 200_000);

  afterAll(async () => {
    await Promise.all([stop(a), stop(b)]);
    await adminQuery(postgres!.directUrl, `drop database if exists ${name} with (force)`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('serves one session alternately on both processes, and a logout on one ends it on the other', async () => {
    if (!a || !b) throw new Error('servers did not start');
    const sent = await call(a, '/common/smsCode', { phone: '13800000002' });
    expect(sent.body.code).toBe(0);
    const code = String(sent.body.data?.verifyCode);
    // The code sent by A is checked by B.
    const login = await call(b, '/api/crm/login', { corp_id: 1, phone: '13800000002', code });
    expect(login.body).toMatchObject({ code: 0, data: { id: 2 } });
    const cookie = login.setCookie.map((line) => line.split(';')[0]).join('; ');
    expect(cookie).toContain('crm_session=');

    for (const server of [a, b, a, b, a, b]) {
      const me = await call(server, '/api/crm/userinfo', { id: 2 }, cookie);
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({ code: 0, data: { id: 2, user: { name: '李建国' } } });
    }

    expect((await call(a, '/api/crm/logout', {}, cookie)).body.code).toBe(0);
    const after = await call(b, '/api/crm/userinfo', { id: 2 }, cookie);
    expect(after.status).toBe(401);
  });

  it('counts the SMS limits in the database: a resend through the other process is refused', async () => {
    if (!a || !b) throw new Error('servers did not start');
    expect((await call(a, '/common/smsCode', { phone: '13800000003' })).body.code).toBe(0);
    const again = await call(b, '/common/smsCode', { phone: '13800000003' });
    expect(again.status).toBe(429);
    expect(again.body.msg).toMatch(/秒/);
  });
});
