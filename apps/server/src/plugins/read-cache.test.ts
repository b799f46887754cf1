import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { handChangeFeed as handFeed } from '../db/change-feed.ts';
import type { Db } from '../db/client.ts';
import type { Principal } from '../modules/auth/principal.ts';
import { requestContext } from '../ops/request-context.ts';
import { createReadCache, markingWrites, readCachePlugin } from './read-cache.ts';

const T0 = Date.parse('2026-11-21T08:00:00Z');
const identity = {
  id: 7,
  corpId: 1,
  corpName: '演示公司',
  name: '王小明',
  jobs: [1],
  isLeader: false,
  teamId: 1,
  sex: 1,
};
const member: Principal = { kind: 'staff', corpId: 1, staff: { ...identity, grants: [] } };
const otherMember: Principal = { kind: 'staff', corpId: 1, staff: { ...identity, id: 8, grants: [] } };
const hourLater = new Date(T0 + 3_600_000);

/** A session loader that counts its reads, as the database would see them. */
function countingLoader(expiresAt = hourLater) {
  const loader = async () => {
    loader.reads += 1;
    return { principal: member, expiresAt };
  };
  loader.reads = 0;
  return loader;
}

describe('the kept session', () => {
  it('reads the session once while nothing changed, and again after any write was heard', async () => {
    const feed = handFeed();
    const cache = createReadCache({ feed, now: () => new Date(T0) });
    const load = countingLoader();
    expect(await cache.principal('token-a', load)).toEqual(member);
    await cache.principal('token-a', load);
    expect(load.reads).toBe(1);
    feed.hear('staff:1');
    await cache.principal('token-a', load);
    expect(load.reads).toBe(2);
  });

  it('is read again after ten seconds, and never kept past the end of its session', async () => {
    let now = T0;
    const cache = createReadCache({ feed: handFeed(), now: () => new Date(now) });
    const load = countingLoader();
    await cache.principal('token-a', load);
    now = T0 + 9_999;
    await cache.principal('token-a', load);
    expect(load.reads).toBe(1);
    now = T0 + 10_000;
    await cache.principal('token-a', load);
    expect(load.reads).toBe(2);

    const ending = countingLoader(new Date(now + 2_000));
    await cache.principal('token-b', ending);
    now += 2_000;
    await cache.principal('token-b', ending);
    expect(ending.reads).toBe(2);
  });

  it('keeps nothing read while a write was committed, nor while the feed cannot hear', async () => {
    const feed = handFeed();
    const cache = createReadCache({ feed, now: () => new Date(T0) });
    let reads = 0;
    const racing = async () => {
      reads += 1;
      // The member is switched off between this read and its answer.
      feed.hear('staff:1');
      return { principal: member, expiresAt: hourLater };
    };
    await cache.principal('token-a', racing);
    await cache.principal('token-a', racing);
    expect(reads).toBe(2);

    const load = countingLoader();
    feed.setLive(false);
    await cache.principal('token-c', load);
    await cache.principal('token-c', load);
    expect(load.reads).toBe(2);
  });

  it('without a feed (READ_CACHE=false) reads every time', async () => {
    const cache = createReadCache({ feed: null, now: () => new Date(T0) });
    const load = countingLoader();
    await cache.principal('token-a', load);
    await cache.principal('token-a', load);
    expect(load.reads).toBe(2);
  });
});

describe('what a change ends (decision 079)', () => {
  it("keeps a company's sessions through its other tables' changes and other companies' session changes", async () => {
    const feed = handFeed();
    const cache = createReadCache({ feed, now: () => new Date(T0) });
    const load = countingLoader();
    await cache.principal('token-a', load);
    feed.hear('follow_ups:1');
    feed.hear('clients:1');
    feed.hear('staff:2');
    await cache.principal('token-a', load);
    expect(load.reads).toBe(1);
    for (const change of ['staff:1', 'staff_grants:1', 'sessions:1', 'data_keys:', '']) {
      feed.hear(change);
      await cache.principal('token-a', load);
    }
    expect(load.reads).toBe(6);
  });

  it("keeps a company's answers through another company's writes, and ends them on its own or on a shared table's", () => {
    const feed = handFeed();
    const cache = createReadCache({ feed, now: () => new Date(T0) });
    const keepFor = (key: string, corpId: number) => {
      const found = cache.answer(key, corpId);
      if (!found || !('ticket' in found)) throw new Error('expected a ticket');
      cache.keepAnswer(found.ticket, key);
    };
    keepFor('mine', 1);
    keepFor('theirs', 2);
    feed.hear('follow_ups:2');
    expect(cache.answer('mine', 1)).toEqual({ kept: 'mine' });
    expect(cache.answer('theirs', 2)).toHaveProperty('ticket');
    feed.hear('cities:');
    expect(cache.answer('mine', 1)).toHaveProperty('ticket');
  });

  it('keeps no answer read while its company changed, even if the change came from another table', () => {
    const feed = handFeed();
    const cache = createReadCache({ feed, now: () => new Date(T0) });
    const found = cache.answer('mine', 1);
    if (!found || !('ticket' in found)) throw new Error('expected a ticket');
    feed.hear('money_records:1');
    cache.keepAnswer(found.ticket, 'stale');
    expect(cache.answer('mine', 1)).toHaveProperty('ticket');
  });
});

describe('kept answers', () => {
  it('keeps at most the number asked, the oldest going first', () => {
    const cache = createReadCache({ feed: handFeed(), now: () => new Date(T0), maxAnswers: 2 });
    for (const key of ['a', 'b', 'c']) {
      const found = cache.answer(key, 1);
      if (!found || !('ticket' in found)) throw new Error('expected a ticket');
      cache.keepAnswer(found.ticket, { key });
    }
    expect(cache.answer('a', 1)).toHaveProperty('ticket');
    expect(cache.answer('c', 1)).toEqual({ kept: { key: 'c' } });
    expect(cache.size().answers).toBe(2);
  });
});

describe('the read cache on routes', () => {
  /** A route that is kept, one that writes through the marked database, and a counter of reads. */
  async function appWithFeed(feed: ReturnType<typeof handFeed>) {
    const cache = createReadCache({ feed, now: () => new Date(T0) });
    const written: string[] = [];
    // A write whose notification comes back only when the feed is settled, as PostgreSQL's does.
    const insert = () => {
      written.push('row');
      feed.commit('follow_ups:1');
    };
    const db = markingWrites({ insert, select: () => written.length } as unknown as Db);
    const app = Fastify();
    app.decorateRequest('principal', null);
    app.addHook('onRequest', (request, _reply, done) => {
      request.principal = request.headers['x-who'] === 'other' ? otherMember : member;
      requestContext.run({ reqId: request.id }, done);
    });
    await app.register(readCachePlugin, { cache, routes: new Set(['POST /count']) });
    let reads = 0;
    app.post('/count', async () => {
      reads += 1;
      return { code: 0, msg: 'ok', data: (db as unknown as { select(): number }).select() };
    });
    app.post('/write', async () => {
      (db as unknown as { insert(): void }).insert();
      return { code: 0, msg: 'ok', data: null };
    });
    return { app, reads: () => reads };
  }
  const count = (app: Awaited<ReturnType<typeof appWithFeed>>['app'], who = 'me') =>
    app.inject({ method: 'POST', url: '/count', headers: { 'x-who': who }, payload: {} });

  it("serves a kept answer to its own principal only, and answers a write only once the feed heard it, so the writer's next read is fresh", async () => {
    const feed = handFeed();
    const { app, reads } = await appWithFeed(feed);
    expect((await count(app)).headers['x-cache']).toBeUndefined();
    const kept = await count(app);
    expect(kept.headers['x-cache']).toBe('hit');
    expect(kept.json()).toEqual({ code: 0, msg: 'ok', data: 0 });
    expect((await count(app, 'other')).headers['x-cache']).toBeUndefined();
    expect(reads()).toBe(2);

    await app.inject({ method: 'POST', url: '/write', payload: {} });
    const after = await count(app);
    expect(after.headers['x-cache']).toBeUndefined();
    expect(after.json()).toEqual({ code: 0, msg: 'ok', data: 1 });
    await app.close();
  });

  it('serves nothing kept while the feed cannot hear', async () => {
    const feed = handFeed();
    const { app, reads } = await appWithFeed(feed);
    await count(app);
    feed.setLive(false);
    expect((await count(app)).headers['x-cache']).toBeUndefined();
    expect(reads()).toBe(2);
    await app.close();
  });
});
