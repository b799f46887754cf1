import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.ts';
import type { ChangeFeed } from '../db/change-feed.ts';
import type { Principal } from '../modules/auth/principal.ts';
import { requestContext } from '../ops/request-context.ts';
import { hookRoutes } from './route-hooks.ts';

/*
 * Decision 064: the session behind a cookie, and the answers of the calls a phone makes most, kept in the
 * process while nothing in the database has changed. The change feed's generation moves on every committed
 * write (the tables' triggers, heard by every process) and on this process's own writes before their answer
 * leaves, so a user never sees his own write missing; another process's write is seen once its notification
 * arrives, milliseconds after the commit. Entries also end after `ttlMs` (answers that depend on the time of
 * day: the notices in force, what is overdue) and never outlive their session.
 */

/** How long a kept entry may serve at most, whatever the feed says. */
export const READ_CACHE_TTL_MS = 10_000;
/**
 * Entries kept at most; the oldest go first. A principal is a few hundred bytes; an answer a few KB (a page of
 * twenty cases ~8 KB), so the answers stay under ~40 MB.
 */
const MAX_PRINCIPALS = 20_000;
const MAX_ANSWERS = 5_000;

interface Entry<T> {
  value: T;
  /** The company whose version it was read at (decision 079). */
  corpId: number;
  version: number;
  /** Epoch ms after which the entry is not served. */
  until: number;
}

/** What a request that missed has to hand back for its answer to be kept. */
interface Ticket {
  key: string;
  corpId: number;
  version: number;
  startedAt: number;
}

export type ReadCache = ReturnType<typeof createReadCache>;

export function createReadCache({
  feed,
  now,
  ttlMs = READ_CACHE_TTL_MS,
  maxAnswers = MAX_ANSWERS,
}: {
  /** None: nothing is kept, every request reads the database (`READ_CACHE=off`). */
  feed: ChangeFeed | null;
  now: () => Date;
  ttlMs?: number;
  maxAnswers?: number;
}) {
  const principals = new Map<string, Entry<Principal>>();
  const answers = new Map<string, Entry<unknown>>();
  // A session is made of fewer tables than an answer (decision 079): a follow-up written in the company
  // ends its kept answers, not its kept sessions.
  const sessionVersion = (corpId: number) => feed?.sessionVersion(corpId) ?? -1;
  const answerVersion = (corpId: number) => feed?.version(corpId) ?? -1;

  const read = <T>(entries: Map<string, Entry<T>>, key: string, versionOf: (corpId: number) => number) => {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (feed?.live && entry.version === versionOf(entry.corpId) && now().getTime() < entry.until) return entry.value;
    entries.delete(key);
    return undefined;
  };
  const keep = <T>(entries: Map<string, Entry<T>>, key: string, entry: Entry<T>, maxEntries: number) => {
    entries.delete(key);
    entries.set(key, entry);
    if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
  };

  return {
    enabled: feed !== null,

    /** The principal kept for a session token, if any (the session guard's path without a promise). */
    keptPrincipal: (token: string): Principal | undefined => read(principals, token, sessionVersion),

    /** The principal of a session token, read through `load` (which throws for no session) when not kept. */
    async principal(token: string, load: () => Promise<{ principal: Principal; expiresAt: Date }>): Promise<Principal> {
      if (!feed) return (await load()).principal;
      // The token itself is the key: it is in this process's memory for the request anyway, and hashing it
      // was ~3 % of a kept answer's cost.
      const kept = read(principals, token, sessionVersion);
      if (kept) return kept;
      // The company is known only once the row is read: any company's session change meanwhile, and the
      // read is not kept (it may predate the change).
      const before = feed.anySessionVersion;
      const startedAt = now().getTime();
      const { principal, expiresAt } = await load();
      if (feed.live && feed.anySessionVersion === before) {
        const until = Math.min(startedAt + ttlMs, expiresAt.getTime());
        const { corpId } = principal;
        keep(principals, token, { value: principal, corpId, version: sessionVersion(corpId), until }, MAX_PRINCIPALS);
      }
      return principal;
    },

    /** A kept answer for this key, or the ticket to keep the one about to be read. */
    answer(key: string, corpId: number): { kept: unknown } | { ticket: Ticket } | null {
      if (!feed?.live) return null;
      const kept = read(answers, key, answerVersion);
      if (kept !== undefined) return { kept };
      return { ticket: { key, corpId, version: answerVersion(corpId), startedAt: now().getTime() } };
    },

    keepAnswer({ key, corpId, version, startedAt }: Ticket, value: unknown) {
      // A write in the company was heard, or the feed went deaf, while the value was read: it may predate it.
      if (!feed?.live || answerVersion(corpId) !== version) return;
      keep(answers, key, { value, corpId, version, until: startedAt + ttlMs }, maxAnswers);
    },

    /**
     * This process committed a write: its answer waits until the feed has heard it (decision 079), so the
     * writer's next request, on any process that heard it too, is never served what the write changed. A
     * settle that fails (the listening connection dropped) ends everything kept instead.
     */
    async wrote() {
      if (!feed) return;
      try {
        await feed.settled();
      } catch {
        feed.bump();
      }
    },

    /** Entries held now (for the tests). */
    size: () => ({ principals: principals.size, answers: answers.size }),
  };
}

/** Whose answer it is: a kept answer is only ever served to the principal it was read for. */
function principalKey(principal: Principal): string {
  switch (principal.kind) {
    case 'staff':
      return `staff:${principal.corpId}:${principal.staff.id}`;
    case 'partner':
      return `partner:${principal.corpId}:${principal.partnerId}`;
    case 'channel':
      return `channel:${principal.corpId}:${principal.channelAgentId}`;
    case 'visitor':
      return `visitor:${principal.corpId}:${principal.openid}`;
  }
}

/** The builder calls that can write; a transaction counts, whatever it does inside. */
const WRITING_CALLS: ReadonlySet<string | symbol> = new Set(['insert', 'update', 'delete', 'transaction', 'execute']);

/**
 * The database as the app's modules see it: a call that may write marks the request it runs in, so the read
 * cache moves on before that request answers (its notification may come back after the next request).
 * Reads (select, the prepared statements) pass untouched.
 */
export function markingWrites(db: Db): Db {
  return new Proxy(db, {
    get(target, property, receiver) {
      if (WRITING_CALLS.has(property)) {
        const context = requestContext.getStore();
        if (context) context.wrote = true;
      }
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    readCacheTicket: Ticket | null;
  }
}

/** The request's input as it arrived (parsed, not yet validated), or null when it cannot be a key. */
function inputKey(request: FastifyRequest): string | null {
  try {
    return JSON.stringify((request.method === 'GET' ? request.query : request.body) ?? null);
  } catch {
    return null;
  }
}

/**
 * Serves `routes` (pure reads: their answer depends on the principal, the input and the database alone) from
 * the cache, keeps their fresh answers, and moves the generation on after any request that wrote.
 *
 * A kept answer is the JSON text that was sent, found before validation by the input as it arrived: a hit
 * neither validates nor serialises again. Only an input that passed validation and was answered `code: 0`
 * was ever kept, so a hit cannot let an invalid input through.
 */
export const readCachePlugin = fp(
  async (app: FastifyInstance, { cache, routes }: { cache: ReadCache; routes: ReadonlySet<string> }) => {
    if (!cache.enabled) return;
    app.decorateRequest('readCacheTicket', null);

    hookRoutes(app, routes, {
      // A callback hook: a kept answer is sent without a promise (and then `done` is not called, as Fastify asks).
      preValidation: (request, reply, done) => {
        const input = request.principal ? inputKey(request) : null;
        const found =
          request.principal && input !== null
            ? cache.answer(
                `${principalKey(request.principal)}\n${request.method} ${request.routeOptions.url}\n${input}`,
                request.principal.corpId,
              )
            : null;
        // Said in the answer, as caches do: the tests and an operator's curl can tell a kept answer from a read.
        if (found && 'kept' in found) {
          void reply.header('x-cache', 'hit').type('application/json; charset=utf-8').send(found.kept);
          return;
        }
        if (found) request.readCacheTicket = found.ticket;
        done();
      },
      preSerialization: async (request: FastifyRequest, reply, payload: unknown) => {
        // Refusals are not kept: they carry the request's own message and cost nothing to answer again.
        if (reply.statusCode !== 200 || (payload as { code?: unknown } | null)?.code !== 0)
          request.readCacheTicket = null;
        return payload;
      },
    });

    // App-wide: every request that wrote is answered once the feed heard its write. Registered before compression (app.ts), so
    // a kept answer is the JSON text; a callback hook, so the requests that neither wrote nor are kept pass
    // without a promise.
    app.addHook('onSend', (request, _reply, payload, done) => {
      if (request.readCacheTicket && typeof payload === 'string') cache.keepAnswer(request.readCacheTicket, payload);
      if (!requestContext.getStore()?.wrote) return done(null, payload);
      void cache.wrote().then(() => done(null, payload));
    });
  },
);
