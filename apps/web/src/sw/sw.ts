/*
 * The staff app's service worker (issue 49 point 1, decision 082), built by vite.config.ts into /sw.js as one
 * classic script. It keeps:
 * - the app shell: each page address as last loaded (network first; offline, the same address or /index);
 * - every script and stylesheet of /assets once loaded (cache first: their names change with their content);
 * - the answers of the reads that today's work needs (OFFLINE_READS: home, case lists and details, follow-ups,
 *   signing tasks, repayments, the case form's lists), network first, personal numbers masked, for the one
 *   person signed in: a sign-in, a sign-out or a 401 empties them.
 * Writes are not its business: the page queues them (lib/outbox.ts).
 */
import { maskAnswer, offlineKey } from './offline-answers.ts';

declare const __OFFLINE_READS__: readonly string[];
declare const __SESSION_PATHS__: readonly string[];

/* The few worker types this file uses (the web project's lib is the DOM's, not the worker's). */
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Response | Promise<Response>): void;
}
interface MessageEventLike extends ExtendableEvent {
  readonly data: unknown;
}
interface WorkerScope {
  readonly location: Location;
  readonly registration: { readonly scope: string };
  readonly clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: MessageEventLike) => void): void;
}
const worker = self as unknown as WorkerScope;

const SHELL = 'crm-shell';
const ASSETS = 'crm-assets';
const API = 'crm-api';
/** The scripts and stylesheets kept: a few builds' worth; the oldest go first. */
const MAX_ASSETS = 400;
/** Online but answering nothing (a lift, a basement): after this, a kept answer is shown instead of waiting on. */
const NETWORK_WAIT_MS = 6_000;
const READS = new Set(__OFFLINE_READS__);
const SESSION_CHANGES = new Set(__SESSION_PATHS__);
/** The page shown offline for an address never loaded: the home page's shell. */
const HOME = '/index';

worker.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      // The shell answers any address offline, even one this phone never opened online.
      const shell = await caches.open(SHELL);
      await shell.add(new Request(HOME, { credentials: 'same-origin' })).catch(() => undefined);
      await worker.skipWaiting();
    })(),
  );
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(worker.clients.claim());
});

/** The page sends what it loaded before this worker took it over (its first visit): kept like later loads. */
worker.addEventListener('message', (event) => {
  const data = event.data as { type?: unknown; urls?: unknown } | null;
  if (data?.type !== 'keep' || !Array.isArray(data.urls)) return;
  const urls = data.urls.filter((url): url is string => typeof url === 'string' && isAsset(new URL(url, origin())));
  event.waitUntil(
    caches.open(ASSETS).then(async (cache) => {
      for (const url of urls) if (!(await cache.match(url))) await cache.add(url).catch(() => undefined);
    }),
  );
});

const origin = () => worker.location.origin;
const isAsset = (url: URL) => url.origin === origin() && url.pathname.startsWith('/assets/');

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== origin()) return;
  if (request.method === 'POST' && SESSION_CHANGES.has(url.pathname)) {
    event.respondWith(sessionChange(request));
    return;
  }
  if (READS.has(url.pathname) && (request.method === 'GET' || request.method === 'POST')) {
    event.respondWith(read(request, url));
    return;
  }
  if (request.method !== 'GET') return;
  if (request.mode === 'navigate') event.respondWith(page(request, url));
  else if (isAsset(url)) event.respondWith(asset(request));
});

/** A sign-in or sign-out: whatever it answers, the kept answers were the previous person's. */
async function sessionChange(request: Request): Promise<Response> {
  const response = await fetch(request);
  await caches.delete(API);
  return response;
}

async function asset(request: Request): Promise<Response> {
  const cache = await caches.open(ASSETS);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) {
    await cache.put(request, response.clone());
    void trim(cache);
  }
  return response;
}

async function trim(cache: Cache): Promise<void> {
  const keys = await cache.keys();
  for (const key of keys.slice(0, Math.max(0, keys.length - MAX_ASSETS))) await cache.delete(key);
}

async function page(request: Request, url: URL): Promise<Response> {
  const cache = await caches.open(SHELL);
  try {
    const response = await fetch(request);
    if (response.ok && response.headers.get('content-type')?.startsWith('text/html'))
      await cache.put(url.pathname, response.clone());
    return response;
  } catch (error) {
    const kept = (await cache.match(url.pathname)) ?? (await cache.match(HOME));
    if (kept) return kept;
    throw error;
  }
}

/** A read's parameters: its query string and its body's fields (multipart, urlencoded or JSON), files left out. */
async function readFields(request: Request, url: URL): Promise<Array<[string, string]>> {
  const fields: Array<[string, string]> = [...url.searchParams.entries()];
  if (request.method !== 'POST') return fields;
  const type = request.headers.get('content-type') ?? '';
  if (type.includes('application/json')) {
    const body = (await request.json().catch(() => null)) as Record<string, unknown> | null;
    for (const [name, value] of Object.entries(body ?? {})) fields.push([name, JSON.stringify(value)]);
  } else if (type.includes('multipart/form-data') || type.includes('application/x-www-form-urlencoded')) {
    const form = await request.formData().catch(() => null);
    form?.forEach((value, name) => {
      if (typeof value === 'string') fields.push([name, value]);
    });
  }
  return fields;
}

/** Network first; its answer kept (masked) when it is a success; offline or stalled, the kept one. */
async function read(request: Request, url: URL): Promise<Response> {
  const key = offlineKey(origin(), url.pathname, await readFields(request.clone(), url));
  const cache = await caches.open(API);
  const network = fetch(request).then(async (response) => {
    if (response.status === 401) await caches.delete(API);
    else await keep(cache, key, response.clone());
    return response;
  });
  const kept = await cache.match(key);
  if (!kept) return network;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stalled = new Promise<Response>((resolve) => {
    timer = setTimeout(() => resolve(kept), NETWORK_WAIT_MS);
  });
  try {
    return await Promise.race([network, stalled]);
  } catch {
    return kept;
  } finally {
    clearTimeout(timer);
  }
}

async function keep(cache: Cache, key: string, response: Response): Promise<void> {
  if (!response.ok) return;
  const envelope = (await response.json().catch(() => null)) as { code?: unknown } | null;
  if (envelope?.code !== 0) return;
  const body = JSON.stringify(maskAnswer(envelope));
  await cache.put(
    key,
    new Response(body, {
      headers: { 'content-type': 'application/json; charset=utf-8', 'x-crm-offline': '1' },
    }),
  );
}
