import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import pino, { type DestinationStream, type Logger } from 'pino';
import type { Db } from '../db/client.ts';
import { scrubbedErrorSerializer } from '../log-scrub.ts';

/*
 * The request id on every log line (decision 057). Fastify binds `reqId` to `request.log`; lines written
 * through the app's logger while a request runs (a service's `log` callback, a failed sweep it started)
 * get it from this store, which the app enters in its first hook for the rest of the request. `wrote` is set
 * when the request made a call that may write (plugins/read-cache.ts); `readFrom` is the read replica its lists
 * and dashboards read from (plugins/read-replicas.ts, decision 077).
 */
export const requestContext = new AsyncLocalStorage<{ reqId: string; wrote?: boolean; readFrom?: Db }>();

/** An id the load balancer sent is kept (one id across its log and ours) when it is a plain token. */
const FORWARDED_ID = /^[A-Za-z0-9._:-]{8,64}$/;
export const REQUEST_ID_HEADER = 'x-request-id';

export function requestIdOf(request: IncomingMessage): string {
  const sent = request.headers[REQUEST_ID_HEADER];
  return typeof sent === 'string' && FORWARDED_ID.test(sent) ? sent : randomUUID();
}

/**
 * Standard output written off the request path (decision 060): a line is handed to an asynchronous write
 * rather than a blocking write(1), and lines logged while a write is in flight go out together in the next
 * one. No minimum length: a quiet server's error line is not held back waiting for more. `flushSync` writes
 * what is left before the process exits.
 */
export const asyncStdout = (): pino.DestinationStream & { flushSync(): void } =>
  pino.destination({ dest: 1, sync: false });

/** The process's logger: scrubbed errors, and the running request's id on lines that do not bind one. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      serializers: { err: scrubbedErrorSerializer },
      mixin(_merge, _level, logger) {
        const context = requestContext.getStore();
        if (!context) return {};
        // request.log already binds reqId; a second copy would repeat the key in the JSON line.
        return 'reqId' in (logger as Logger).bindings() ? {} : { reqId: context.reqId };
      },
    },
    destination,
  );
}
