/**
 * Loading a route's chunk: a 120 s timeout (spec §9), one retry, then a named ChunkLoadError, which the
 * error page answers with one cache-busting reload (reloadOnceForChunk) and, should that fail too, a retry
 * button.
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
      forgetChunkReload();
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
// index.html, and sessionStorage remembers it so a chunk that still fails shows a retry button, not a loop.

/** sessionStorage key: when this tab last reloaded itself for a failed chunk. */
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

/** `href` with `_r=<now>` set, so the reload bypasses any cached index.html. */
export function cacheBustedUrl(href: string, now: number): string {
  const url = new URL(href);
  url.searchParams.set(CHUNK_RELOAD_PARAM, String(now));
  return url.href;
}

/** Whether this tab has already reloaded itself for a failed chunk (and not loaded one since). */
export function hasReloadedForChunk(env: ReloadEnv = browserEnv()): boolean {
  return safely(() => env.storage.getItem(CHUNK_RELOAD_KEY) !== null, true);
}

/** Reloads with a cache-busting URL, remembering it in sessionStorage. The retry button's action. */
export function reloadForChunk(env: ReloadEnv = browserEnv()): void {
  const now = env.now();
  safely(() => env.storage.setItem(CHUNK_RELOAD_KEY, String(now)), undefined);
  env.location.replace(cacheBustedUrl(env.location.href, now));
}

/**
 * After a ChunkLoadError: reloads the page once (answers true); answers false if this tab already did and
 * no chunk has loaded since, so the page shows a retry button instead of reloading in a loop.
 */
export function reloadOnceForChunk(env: ReloadEnv = browserEnv()): boolean {
  if (hasReloadedForChunk(env)) return false;
  reloadForChunk(env);
  return true;
}

/** A chunk loaded: a later failure may reload once more. */
export function forgetChunkReload(storage: ReloadEnv['storage'] | undefined = globalThis.sessionStorage): void {
  if (storage) safely(() => storage.removeItem(CHUNK_RELOAD_KEY), undefined);
}

/** The URL without the reload marker, for the address bar once the page has started (main.tsx). */
export function withoutReloadMarker(href: string): string | null {
  const url = new URL(href);
  if (!url.searchParams.has(CHUNK_RELOAD_PARAM)) return null;
  url.searchParams.delete(CHUNK_RELOAD_PARAM);
  return url.href;
}
