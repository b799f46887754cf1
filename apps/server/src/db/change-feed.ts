import pg from 'pg';

/** The channel every table's trigger notifies on commit (migration 0020, decision 064). */
export const CHANGE_CHANNEL = 'crm_change';
/** A payload of our own, sent through the channel to learn that everything before it was heard. */
const SYNC_PREFIX = 'sync:';
const RECONNECT_MS = { first: 200, most: 5_000 };

/**
 * The tables a session's principal is read from (auth.repository's `auth_session_principal`): a change to one of
 * them, in a company, ends that company's kept sessions; any other change leaves them alone (decision 079).
 */
export const SESSION_TABLES: ReadonlySet<string> = new Set(['sessions', 'staff', 'staff_grants', 'companies']);

/**
 * What a process keeps of the database is good while its version stays the same and `live` is true
 * (decisions 064, 079). Each notification names the table and the company of the rows a commit changed
 * (`table:corp`, migration 0038), so a write moves on only that company's versions; a change with no company
 * (a shared table, a truncate, an old payload) and any moment the feed could have missed one move every
 * version on. Versions only grow: each is a sum of counters that only grow.
 */
export interface ChangeFeed {
  /** Moves on with every change heard: what the tests count. */
  readonly generation: number;
  /** False while no notification can be heard (the listening connection is down): keep nothing then. */
  readonly live: boolean;
  /** Moves on with every change heard that a company's answers may be made of. */
  version(corpId: number): number;
  /** Moves on with every change heard to what a company's sessions are made of (SESSION_TABLES). */
  sessionVersion(corpId: number): number;
  /** Moves on with a change heard to any company's sessions: a session read before its company is known. */
  readonly anySessionVersion: number;
  /** Everything kept may be out of date: move every version on. */
  bump(): void;
  /** Resolves once every write committed before the call has been heard. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/** The versions and liveness both feeds share; the driver-specific part only says what it heard. */
function feedState(initiallyLive: boolean) {
  /** Changes that concern every company. */
  let everyone = 0;
  /** Per company: changes of any table, and of the session tables. */
  const companies = new Map<number, { any: number; sessions: number }>();
  let sessionsAnywhere = 0;
  let heardInAll = 0;
  let live = initiallyLive;
  const waiting = new Map<string, () => void>();
  let nextSync = 0;
  const bumpEveryone = () => {
    everyone += 1;
    heardInAll += 1;
  };
  const company = (corpId: number) => {
    let counters = companies.get(corpId);
    if (!counters) companies.set(corpId, (counters = { any: 0, sessions: 0 }));
    return counters;
  };
  return {
    get generation() {
      return heardInAll;
    },
    get live() {
      return live;
    },
    version: (corpId: number) => everyone + (companies.get(corpId)?.any ?? 0),
    sessionVersion: (corpId: number) => everyone + (companies.get(corpId)?.sessions ?? 0),
    get anySessionVersion() {
      return everyone + sessionsAnywhere;
    },
    bump: bumpEveryone,
    setLive(value: boolean) {
      live = value;
      // Whatever was kept while deaf, or just before, may be out of date: start anew either way.
      bumpEveryone();
    },
    heard(payload: string) {
      if (payload.startsWith(SYNC_PREFIX)) {
        waiting.get(payload)?.();
        waiting.delete(payload);
        return;
      }
      const colon = payload.indexOf(':');
      const corpId = colon > 0 ? Number(payload.slice(colon + 1)) : NaN;
      if (!(Number.isInteger(corpId) && corpId > 0) || payload.endsWith(':')) {
        bumpEveryone();
        return;
      }
      heardInAll += 1;
      const counters = company(corpId);
      counters.any += 1;
      if (SESSION_TABLES.has(payload.slice(0, colon))) {
        counters.sessions += 1;
        sessionsAnywhere += 1;
      }
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
    version: state.version,
    sessionVersion: state.sessionVersion,
    get anySessionVersion() {
      return state.anySessionVersion;
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

/**
 * A feed moved by hand, for the tests: `hear` is a notification arriving now (`'table:corp'`, or `''` for one
 * that concerns everyone); `commit` one that arrives at the next `settled()`, as a real commit's would.
 */
export function handChangeFeed() {
  const state = feedState(true);
  const pending: string[] = [];
  const feed = feedOf(state, {
    settled: async () => {
      for (const payload of pending.splice(0)) state.heard(payload);
    },
    close: async () => undefined,
  });
  return Object.assign(feed, {
    hear: (payload = '') => state.heard(payload),
    commit: (payload = '') => void pending.push(payload),
    setLive: (live: boolean) => state.setLive(live),
  });
}
