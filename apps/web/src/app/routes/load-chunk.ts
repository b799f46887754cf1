/** Loading a route's chunk: a 120 s timeout (spec §9), one retry, then a named ChunkLoadError. */

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
      return await withTimeout(importer(), timeoutMs);
    } catch (error) {
      lastError = error;
    }
  }
  throw new ChunkLoadError(chunk, { cause: lastError });
}
