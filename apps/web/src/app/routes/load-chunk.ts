/**
 * Loading a route's chunk: a 120 s timeout (spec §9), one retry, then a named ChunkLoadError, which the
 * error page answers with one cache-busting reload (reloadOnceForChunk) and, should that fail too, a retry
 * button. The guard against a reload loop is kept per chunk: only that chunk loading clears it.
 */

export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  readonly chunk: string;

  constructor(chunk: string, options?: { cause?: unknown }) {
    super(`Loading chunk ${chunk} failed`, options);
    this.name = 'ChunkLoadError';
    this.chunk = chunk;
  }
}

export function isChunkLoadError(error: unknown): error is ChunkLoadError {
  return error instanceof Error && error.name === 'ChunkLoadError';
}

// How each engine words a dynamic import() that could not fetch its file (Chromium, Safari, Firefox), and Vite's
// preload helper for a chunk's stylesheet. A component's own lazy import (React.lazy) fails with these, not
// with ChunkLoadError.
const DYNAMIC_IMPORT_FAILURE =
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i;

/**
 * The chunk a failed load names, or null when `error` is no failed load: a route chunk's id (ChunkLoadError)
 * or, for a component's own lazy import, the file's address in the engine's message.
 */
export function failedChunkOf(error: unknown): string | null {
  if (isChunkLoadError(error)) return error.chunk;
  if (!(error instanceof Error) || !DYNAMIC_IMPORT_FAILURE.test(error.message)) return null;
  return /\S+\.(?:js|css)\b/.exec(error.message)?.[0] ?? error.message;
}

function withTimeout<T>(promise: Promise<T>, timeoutMs: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

export type LoadChunkOptions = { timeoutMs?: number; retries?: number };

/** Runs `importer` (a dynamic import) with a timeout, retrying once before giving up with ChunkLoadError. */
export async function loadChunk<T>(
  chunk: string,
  importer: () => Promise<T>,
  { timeoutMs = CHUNK_LOAD_TIMEOUT_MS, retries = 1 }: LoadChunkOptions = {},
): Promise<T> {
  let lastError: unknown;
  for (let attempt = 0; attempt <= retries; attempt += 1) {
    try {
      const module = await withTimeout(importer(), timeoutMs);
      forgetChunkReload(chunk);
      return module;
    } catch (error) {
      lastError = error;
    }
  }
  throw new ChunkLoadError(chunk, { cause: lastError });
}

// Chromium remembers a failed dynamic import for the life of the document, so retrying the same import()
// fails again at once. The usual cause is a new deploy (the old chunk names are gone): only a new document
// with a fresh index.html recovers. The reload carries `?_r=<time>` so no cache answers with the old
// index.html, and sessionStorage remembers which chunk it reloaded for, so a chunk that still fails shows a
// retry button, not a loop. Only that chunk loading forgets it: the reloaded page loads other chunks first
// (the shell's, the home page's), and forgetting on any of them reloaded a blocked file's page forever.

/** sessionStorage key: the chunks this tab reloaded itself for, each with when (JSON `{ chunk: time }`). */
export const CHUNK_RELOAD_KEY = 'crm-chunk-reload-at';
/** The query parameter that makes the reload's URL new to every cache. */
export const CHUNK_RELOAD_PARAM = '_r';

export type ReloadEnv = {
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  location: Pick<Location, 'href' | 'replace'>;
  now: () => number;
};

const browserEnv = (): ReloadEnv => ({
  storage: window.sessionStorage,
  location: window.location,
  now: () => Date.now(),
});

// sessionStorage throws in some private modes; then the marker is lost and the retry button stands in.
function safely<T>(action: () => T, fallback: T): T {
  try {
    return action();
  } catch {
    return fallback;
  }
}

type ReloadMarks = Record<string, number>;

/** The chunks reloaded for; anything else under the key (an older build's bare time) counts as none. */
function readMarks(storage: ReloadEnv['storage']): ReloadMarks {
  const raw = storage.getItem(CHUNK_RELOAD_KEY);
  if (raw === null) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as ReloadMarks) : {};
  } catch {
    return {};
  }
}

/** `href` with `_r=<now>` set, so the reload bypasses any cached index.html. */
export function cacheBustedUrl(href: string, now: number): string {
  const url = new URL(href);
  url.searchParams.set(CHUNK_RELOAD_PARAM, String(now));
  return url.href;
}

/** Whether this tab has already reloaded itself for `chunk` (and not loaded it since). */
export function hasReloadedForChunk(chunk: string, env: ReloadEnv = browserEnv()): boolean {
  return safely(() => typeof readMarks(env.storage)[chunk] === 'number', true);
}

/** Reloads with a cache-busting URL, remembering `chunk` in sessionStorage. The retry button's action. */
export function reloadForChunk(chunk: string, env: ReloadEnv = browserEnv()): void {
  const now = env.now();
  safely(
    () => env.storage.setItem(CHUNK_RELOAD_KEY, JSON.stringify({ ...readMarks(env.storage), [chunk]: now })),
    undefined,
  );
  env.location.replace(cacheBustedUrl(env.location.href, now));
}

/**
 * After a failed chunk: reloads the page once (answers true); answers false if this tab already did for this
 * chunk and has not loaded it since, so the page shows a retry button instead of reloading in a loop.
 */
export function reloadOnceForChunk(chunk: string, env: ReloadEnv = browserEnv()): boolean {
  if (hasReloadedForChunk(chunk, env)) return false;
  reloadForChunk(chunk, env);
  return true;
}

/** `chunk` loaded: a later failure of it may reload once more. Other chunks' marks stay. */
export function forgetChunkReload(
  chunk: string,
  storage: ReloadEnv['storage'] | undefined = globalThis.sessionStorage,
): void {
  if (!storage) return;
  safely(() => {
    const marks = readMarks(storage);
    if (typeof marks[chunk] !== 'number') return;
    delete marks[chunk];
    if (Object.keys(marks).length === 0) storage.removeItem(CHUNK_RELOAD_KEY);
    else storage.setItem(CHUNK_RELOAD_KEY, JSON.stringify(marks));
  }, undefined);
}

/** The URL without the reload marker, for the address bar once the page has started (main.tsx). */
export function withoutReloadMarker(href: string): string | null {
  const url = new URL(href);
  if (!url.searchParams.has(CHUNK_RELOAD_PARAM)) return null;
  url.searchParams.delete(CHUNK_RELOAD_PARAM);
  return url.href;
}
