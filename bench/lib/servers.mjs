// The servers the bench scripts start (run.mjs, lighthouse.mjs): the product with a throwaway database, or
// any node entry, each in its own process group on a free port, stopped with the whole group.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, killGroup } from './processes.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const running = new Set();

process.on('exit', () => {
  for (const server of running) killGroup(server.child.pid, 'SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    console.error(`\nbench: ${signal}, stopping the servers`);
    process.exit(130);
  });
}

/** Spawns `node ...nodeArgs` on a free port and resolves once GET /healthz answers 200. */
export async function startServer(name, nodeArgs, env) {
  const port = await freePort();
  const childEnv = {
    ...process.env,
    ...env,
    PORT: String(port),
    HOST: '127.0.0.1',
  };
  // An undefined value means "not set at all" (the server rejects DATABASE_URL='' as an invalid URL).
  for (const [key, value] of Object.entries(childEnv)) if (value === undefined) delete childEnv[key];
  const child = spawn(process.execPath, nodeArgs, {
    cwd: repoRoot,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // its own process group, killed as a whole in stopServer
  });
  let log = '';
  const keep = (chunk) => (log = (log + chunk.toString()).slice(-20_000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const server = {
    name,
    child,
    exited,
    url: `http://127.0.0.1:${port}`,
    log: () => log,
  };
  running.add(server);

  const started = Date.now();
  // A shared machine at load 15 can take over a minute to start the product (the demo seed).
  const timeoutSeconds = Number(process.env.BENCH_START_TIMEOUT_S ?? 180);
  const deadline = started + timeoutSeconds * 1000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      running.delete(server);
      killGroup(child.pid, 'SIGKILL');
      throw new Error(`${name} exited before answering /healthz (code ${child.exitCode}):\n${log}`);
    }
    try {
      const response = await fetch(`${server.url}/healthz`);
      if (response.ok) {
        server.startMs = Date.now() - started;
        return server;
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  await stopServer(server);
  throw new Error(`${name} did not answer /healthz within ${timeoutSeconds} s:\n${log}`);
}

/** Stops every server still running (the end of a run, or a failure half-way). */
export async function stopAllServers() {
  for (const server of [...running]) await stopServer(server);
}

export async function stopServer(server) {
  if (!running.has(server)) return;
  const { child } = server;
  killGroup(child.pid, 'SIGTERM');
  let timer;
  const timedOut = await Promise.race([
    server.exited.then(() => false),
    new Promise((resolve) => (timer = setTimeout(() => resolve(true), 10_000))),
  ]);
  clearTimeout(timer);
  if (timedOut) console.error(`bench: ${server.name} ignored SIGTERM for 10 s; killing it`);
  // Whatever is left in the group (nothing, normally) goes too.
  killGroup(child.pid, 'SIGKILL');
  if (timedOut) await server.exited;
  running.delete(server);
}

/** The product, as `npm start` runs it, with a throwaway database. */
export async function startProduct(name, extraEnv) {
  // The compiled server (`npm run build -w @crm/server`), as production runs it. BENCH_SERVER_ENTRY benchmarks
  // another entry file (a patched TypeScript copy, say, run through tsx) in place of it.
  const entry = process.env.BENCH_SERVER_ENTRY;
  const entryArgs = entry ? ['--import', 'tsx', entry] : ['--enable-source-maps', 'apps/server/dist/server.js'];
  // BENCH_NODE_ARGS adds node flags (hot-path.mjs --profile passes --cpu-prof).
  const nodeFlags = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  return startServer(name, [...nodeFlags, ...entryArgs], {
    // NODE_ENV=test because the general rate limit (600 requests/minute per IP, app.ts) is lifted only there:
    // every load-test request comes from 127.0.0.1, so under any other NODE_ENV the run would measure 429s.
    // On the request path NODE_ENV=test changes nothing else (cookies are `secure` only in production).
    NODE_ENV: 'test',
    DEMO_MODE: 'true', // seeds the demo staff and hands out the SMS code in the answer
    LOG_LEVEL: 'warn',
    DATABASE_URL: undefined, // the embedded database unless extraEnv names one; never the caller's
    ...extraEnv,
  });
}

export function findChromium() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv)
    return fs.existsSync(fromEnv) ? { path: fromEnv } : { problem: `CHROMIUM_PATH=${fromEnv} does not exist` };
  const candidates = [
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
    '/usr/bin/google-chrome-stable',
  ];
  const found = candidates.find((candidate) => fs.existsSync(candidate));
  return found
    ? { path: found }
    : {
        problem: `no Chromium found (looked at ${candidates.join(', ')}); set CHROMIUM_PATH`,
      };
}
