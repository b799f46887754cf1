import { createHash } from 'node:crypto';
import { API_CODE } from '@crm/domain/api/envelope';
import type { Clock } from '../../clock.ts';
import { AppError, RefusedError } from '../../errors.ts';
import type { IdempotencyRepository, KeyScope } from './idempotency.repository.ts';
import { IDEMPOTENCY_TEXTS } from './idempotency.texts.ts';

/** A key is the browser's random id for one fill of a form: 8 to 64 URL-safe characters. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

/** How long a key is remembered: a retry comes within minutes; a day covers a phone left offline overnight. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 3600_000;

/**
 * How long a reservation without an answer holds the key. A create answers within seconds (the client gives
 * up after 10); one still unanswered after a minute belongs to a process that died, and a retry takes it over
 * rather than meet 409 until the day is out (decision 046).
 */
export const IN_FLIGHT_TTL_MS = 60_000;

/** The same key already named a submit with other content: a client bug or a stale page, never replayed. */
export class KeyReusedError extends AppError {
  constructor() {
    super(IDEMPOTENCY_TEXTS.keyReused, 422, API_CODE.keyReused);
  }
}

/** The first request with the key has not answered yet. */
export class InFlightError extends AppError {
  constructor() {
    super(IDEMPOTENCY_TEXTS.inFlight, 409, API_CODE.conflict);
  }
}

/** Key order does not change what was sent: the hash is of the fields sorted by name. */
function stableJson(value: unknown): string {
  if (Buffer.isBuffer(value)) return JSON.stringify(createHash('sha256').update(value).digest('hex'));
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export const hashBody = (body: unknown) => createHash('sha256').update(stableJson(body)).digest('hex');

/** What `begin` decides: run the handler (the key is ours), or answer with what the first request answered. */
export type Begin = { run: true } | { run: false; status: number; body: string };

export function createIdempotencyService({ repo, now }: { repo: IdempotencyRepository; now: Clock }) {
  return {
    /** The key of a request header, checked; undefined when the caller sent none (the call works as before). */
    parseKey(header: string | string[] | undefined): string | undefined {
      if (header === undefined) return undefined;
      if (typeof header !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(header))
        throw new RefusedError(IDEMPOTENCY_TEXTS.badKey);
      return header;
    },

    /**
     * Reserves the key for this request, or says what to answer instead: the stored answer of an earlier
     * success with the same content, 422 for other content, 409 while the first request still runs (for a
     * minute at most: then the retry runs).
     */
    async begin(scope: KeyScope, body: unknown): Promise<Begin> {
      const bodyHash = hashBody(body);
      // Twice: the first holder may release the key between our insert and our read (its handler failed).
      for (let attempt = 0; attempt < 2; attempt += 1) {
        if (await repo.reserve(scope, bodyHash, now())) return { run: true };
        const found = await repo.find(scope);
        if (!found) continue;
        if (found.bodyHash !== bodyHash) throw new KeyReusedError();
        if (found.responseStatus === null || found.responseBody === null) {
          const at = now();
          const staleBefore = new Date(at.getTime() - IN_FLIGHT_TTL_MS);
          if (await repo.takeOver(scope, bodyHash, at, staleBefore)) return { run: true };
          throw new InFlightError();
        }
        return { run: false, status: found.responseStatus, body: found.responseBody };
      }
      throw new InFlightError();
    },

    /** Remembers a success for the retries; anything else gives the key back (decision 046). */
    async finish(scope: KeyScope, status: number, body: string) {
      if (status === 200 && isSuccess(body)) await repo.complete(scope, status, body);
      else await repo.release(scope);
    },

    release: (scope: KeyScope) => repo.release(scope),

    /** Keys past their day, for the hourly housekeeping. */
    sweepExpired: () => repo.deleteOlderThan(new Date(now().getTime() - IDEMPOTENCY_KEY_TTL_MS)),
  };
}

function isSuccess(body: string): boolean {
  try {
    return (JSON.parse(body) as { code?: unknown }).code === API_CODE.ok;
  } catch {
    return false;
  }
}

export type IdempotencyService = ReturnType<typeof createIdempotencyService>;
