import type { FastifyInstance } from 'fastify';

export interface ShutdownParts {
  app: FastifyInstance;
  closeDatabase: () => Promise<void>;
  graceMs: number;
  log: (message: string) => void;
}

/**
 * The graceful stop (decision 057): the listener closes at once (the load balancer's next try goes to
 * another process; a request arriving on a kept-alive connection meanwhile gets 503), requests in flight
 * finish and are answered, then the database closes. A request still running after `graceMs` does not
 * hold the process forever: the promise resolves 'timeout' and the caller exits anyway.
 */
export async function shutdownGracefully({ app, closeDatabase, graceMs, log }: ShutdownParts) {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), graceMs);
    timer.unref();
  });
  // A kept-alive connection whose request finishes after the listener closed would hold close() open:
  // idle connections are closed as they become idle.
  const idleSweep = setInterval(() => app.server.closeIdleConnections(), 50);
  idleSweep.unref();
  const closed = (async () => {
    await app.close();
    clearInterval(idleSweep);
    await closeDatabase();
    return 'closed' as const;
  })();
  const outcome = await Promise.race([closed, timeout]);
  clearTimeout(timer);
  clearInterval(idleSweep);
  if (outcome === 'timeout') log(`requests still running after ${graceMs} ms; exiting anyway`);
  return outcome;
}
