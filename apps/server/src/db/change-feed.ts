import pg from 'pg';

/** The channel every table's trigger notifies on commit (migration 0020, decision 064). */
export const CHANGE_CHANNEL = 'crm_change';
/** A payload of our own, sent through the channel to learn that everything before it was heard. */
const SYNC_PREFIX = 'sync:';
const RECONNECT_MS = { first: 200, most: 5_000 };

/**
 * What a process keeps of the database is good while `generation` stays the same and `live` is true
 * (decision 064). The generation moves on every write any process commits, on this process's own writes the
 * moment they are answered, and whenever the feed could have missed a notification.
 */
export interface ChangeFeed {
  readonly generation: number;
  /** False while no notification can be heard (the listening connection is down): keep nothing then. */
  readonly live: boolean;
  /** A write this process made: move on now rather than when its notification comes back. */
  bump(): void;
  /** Resolves once every write committed before the call has moved the generation. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/** The generation and liveness both feeds share; the driver-specific part only says what it heard. */
function feedState(initiallyLive: boolean) {
  let generation = 0;
  let live = initiallyLive;
  const waiting = new Map<string, () => void>();
  let nextSync = 0;
  return {
    get generation() {
      return generation;
    },
    get live() {
      return live;
    },
    bump: () => {
      generation += 1;
    },
    setLive(value: boolean) {
      live = value;
      // Whatever was kept while deaf, or just before, may be out of date: start a new generation either way.
      generation += 1;
    },
    heard(payload: string) {
      if (!payload.startsWith(SYNC_PREFIX)) {
        generation += 1;
        return;
      }
      waiting.get(payload)?.();
      waiting.delete(payload);
    },
    /** A sync payload to send, and the promise that resolves when it comes back. */
    syncToken() {
      const token = `${SYNC_PREFIX}${process.pid}:${(nextSync += 1)}`;
      return { token, heard: new Promise<void>((resolve) => waiting.set(token, resolve)) };
    },
    releaseAll() {
      for (const resolve of waiting.values()) resolve();
      waiting.clear();
    },
  };
}

/** The feed a driver hands out: the shared state, with the driver's own way to settle and to close. */
function feedOf(
  state: ReturnType<typeof feedState>,
  driver: { settled(): Promise<void>; close(): Promise<void> },
): ChangeFeed {
  return {
    get generation() {
      return state.generation;
    },
    get live() {
      return state.live;
    },
    bump: state.bump,
    settled: () => driver.settled(),
    close: () => driver.close(),
  };
}

/** PGlite delivers a notification before the committing query returns, so its feed is settled at all times. */
export async function pgliteChangeFeed(client: {
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
}): Promise<ChangeFeed> {
  const state = feedState(true);
  const unlisten = await client.listen(CHANGE_CHANNEL, (payload) => state.heard(payload));
  return feedOf(state, { settled: async () => undefined, close: () => unlisten() });
}

/**
 * PostgreSQL's feed is one connection of its own that only listens (a pooled connection cannot: it goes back
 * to the pool). Notifications from every session arrive in commit order, which is what `settled` relies on:
 * its own notification coming back means every earlier one has been heard. When the connection drops the
 * feed is not live until a new one listens again, and it retries with a growing pause.
 */
export async function postgresChangeFeed(url: string): Promise<ChangeFeed> {
  const state = feedState(false);
  let client: pg.Client | null = null;
  let closed = false;
  let pause = RECONNECT_MS.first;
  let retry: NodeJS.Timeout | null = null;

  const connect = async () => {
    // Named, so an operator can tell it from the pool's connections in pg_stat_activity.
    const next = new pg.Client({ connectionString: url, application_name: 'crm-change-feed' });
    next.on('notification', (message) => state.heard(message.payload ?? ''));
    next.on('error', () => dropped(next));
    next.on('end', () => dropped(next));
    await next.connect();
    await next.query(`listen ${CHANGE_CHANNEL}`);
    if (closed) {
      await next.end();
      return;
    }
    client = next;
    pause = RECONNECT_MS.first;
    state.setLive(true);
  };
  const dropped = (which: pg.Client) => {
    if (client !== which) return;
    client = null;
    state.setLive(false);
    state.releaseAll();
    which.end().catch(() => undefined);
    reconnectLater();
  };
  const reconnectLater = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      connect().catch(() => {
        pause = Math.min(pause * 2, RECONNECT_MS.most);
        reconnectLater();
      });
    }, pause);
    retry.unref();
  };

  // The first connection fails the start, with the driver's reason, as the pool's does.
  await connect();
  return feedOf(state, {
    async settled() {
      const listening = client;
      if (!listening) return;
      const { token, heard } = state.syncToken();
      await listening.query('select pg_notify($1, $2)', [CHANGE_CHANNEL, token]);
      await heard;
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const last = client;
      client = null;
      state.releaseAll();
      await last?.end();
    },
  });
}
