import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { houseChannels, houseClients, houseRecommends } from '../../db/schema/house.ts';
import { idempotencyKeys } from '../../db/schema/idempotency.ts';
import { IDEMPOTENT_ROUTES } from '../../plugins/idempotency.ts';
import { testAppForFile } from '../../test/build-test-app.ts';
import { houseClientForm } from '../../test/factories-house.ts';
import { salesWorld } from '../../test/sales-world.ts';
import { postForBody, postForm } from '../../test/http.ts';
import { createIdempotencyRepository } from './idempotency.repository.ts';
import { createIdempotencyService, hashBody } from './idempotency.service.ts';

/* The Idempotency-Key header on the create calls (decision 046), one request at a time. */
type Body = { code: number; msg: string; data: { id: number } | null };
let clock = new Date('2026-11-23T08:00:00Z');
const test = testAppForFile({ now: () => clock });

const world = () => salesWorld(test);

const channel = (name = '中原地产') => ({ name, contact: '王经理', phone: '13911112222', remark: '' });
const send = (cookie: string, path: string, fields: Record<string, string | number>, key?: string) =>
  postForm(test.app, `/api/crm/${path}`, fields, {
    cookie,
    headers: key === undefined ? {} : { 'idempotency-key': key },
  });
const answer = async (...args: Parameters<typeof send>) => {
  const response = await send(...args);
  return {
    status: response.statusCode,
    body: response.json<Body>(),
    replayed: response.headers['idempotent-replayed'],
  };
};
/** What a refused call answers: its status, and an envelope of the code and message with no data. */
const refusal = (status: number, code: number, msg: string) => ({ status, body: { code, msg, data: null } });
const channelsOf = async (ownerId: number) =>
  test.db.select().from(houseChannels).where(eq(houseChannels.ownerId, ownerId));

describe('the idempotent routes', () => {
  it('are all registered, as POSTs', () => {
    for (const route of IDEMPOTENT_ROUTES)
      expect(test.app.routeTable.some((r) => r.method === route.method && r.url === route.url)).toBe(true);
  });
});

describe('Idempotency-Key', () => {
  it('without the header the call works as before: each submit makes a record', async () => {
    const w = await world();
    expect((await answer(w.cookies.sales, 'addHouseChannel', channel())).body.code).toBe(0);
    expect((await answer(w.cookies.sales, 'addHouseChannel', channel())).body.code).toBe(0);
    expect(await channelsOf(w.sales.id)).toHaveLength(2);
  });

  it.each(['short', 'has space 123', 'x'.repeat(65), '键键键键键键键键'])(
    'refuses the malformed key %j',
    async (key) => {
      const w = await world();
      const refused = await answer(w.cookies.sales, 'addHouseChannel', channel(), key);
      expect(refused).toMatchObject(refusal(200, 1, '请求标识格式不正确，请刷新页面后重新提交'));
      expect(await channelsOf(w.sales.id)).toHaveLength(0);
    },
  );

  it('replays the stored answer to a retry with the same key and content, making one record', async () => {
    const w = await world();
    const first = await answer(w.cookies.sales, 'addHouseChannel', channel(), 'fill-0001-abcd');
    const retry = await answer(w.cookies.sales, 'addHouseChannel', channel(), 'fill-0001-abcd');
    expect(first.body.code).toBe(0);
    expect(retry).toEqual({ status: 200, body: first.body, replayed: 'true' });
    expect(await channelsOf(w.sales.id)).toHaveLength(1);
  });

  it('refuses the same key with other content (422), and makes nothing more', async () => {
    const w = await world();
    expect((await answer(w.cookies.sales, 'addHouseChannel', channel(), 'fill-0002-abcd')).body.code).toBe(0);
    const other = await answer(w.cookies.sales, 'addHouseChannel', channel('另一家'), 'fill-0002-abcd');
    expect(other).toMatchObject(refusal(422, 422, '该请求标识已用于其他内容，请刷新页面后重新提交'));
    expect(await channelsOf(w.sales.id)).toHaveLength(1);
  });

  it('answers 409 while the first request with the key is still running', async () => {
    const w = await world();
    expect((await answer(w.cookies.sales, 'addHouseChannel', channel(), 'fill-0003-abcd')).body.code).toBe(0);
    // The reservation as it stands while the first request runs: content known, no answer yet.
    await test.db
      .update(idempotencyKeys)
      .set({ responseStatus: null, responseBody: null })
      .where(and(eq(idempotencyKeys.corpId, w.corp.id), eq(idempotencyKeys.key, 'fill-0003-abcd')));
    const retry = await answer(w.cookies.sales, 'addHouseChannel', channel(), 'fill-0003-abcd');
    expect(retry).toMatchObject(refusal(409, 409, '上一次提交仍在处理中，请稍后再试'));
    expect(await channelsOf(w.sales.id)).toHaveLength(1);
  });

  it('lets a retry run once the first request has gone a minute without answering (its process died)', async () => {
    const w = await world();
    const key = 'fill-0009-abcd';
    // What a crash leaves: the reservation of a request that never answered (and made nothing).
    await test.db.insert(idempotencyKeys).values({
      corpId: w.corp.id,
      principal: `staff:${w.sales.id}`,
      route: '/api/crm/addHouseChannel',
      key,
      bodyHash: hashBody(channel()),
      createdAt: new Date(clock.getTime() - 59_000),
    });
    expect((await answer(w.cookies.sales, 'addHouseChannel', channel(), key)).status).toBe(409);
    const stale = new Date(clock.getTime() - 61_000);
    await test.db
      .update(idempotencyKeys)
      .set({ createdAt: stale })
      .where(and(eq(idempotencyKeys.corpId, w.corp.id), eq(idempotencyKeys.key, key)));
    // Other content is still refused: the key named this fill.
    expect((await answer(w.cookies.sales, 'addHouseChannel', channel('链家'), key)).status).toBe(422);
    const retry = await answer(w.cookies.sales, 'addHouseChannel', channel(), key);
    expect(retry.body.code).toBe(0);
    const again = await answer(w.cookies.sales, 'addHouseChannel', channel(), key);
    expect(again.body).toEqual(retry.body);
    expect(await channelsOf(w.sales.id)).toHaveLength(1);
  });

  it("keeps each person's keys and each call's keys apart", async () => {
    const w = await world();
    const key = 'shared-key-0004';
    expect((await answer(w.cookies.sales, 'addHouseChannel', channel(), key)).body.code).toBe(0);
    expect((await answer(w.cookies.colleague, 'addHouseChannel', channel(), key)).body.code).toBe(0);
    const client = houseClientForm();
    const added = await answer(w.cookies.sales, 'addHouseClient', client, key);
    expect(added.body.code).toBe(0);
    expect(added.replayed).toBeUndefined();
    expect(await channelsOf(w.sales.id)).toHaveLength(1);
    expect(await channelsOf(w.colleague.id)).toHaveLength(1);
    expect(await test.db.select().from(houseClients).where(eq(houseClients.ownerId, w.sales.id))).toHaveLength(1);
  });

  it('gives the key back after a refusal, so the corrected form goes through with it', async () => {
    const w = await world();
    const refused = await answer(
      w.cookies.sales,
      'addHouseChannel',
      { ...channel(), channel_id: 1, name: '' },
      'fill-0005-abcd',
    );
    expect(refused.body).toMatchObject({ code: 1, msg: '请输入渠道名称' });
    const theirs = await postForBody<Body>(
      test.app,
      '/api/crm/addHouseClient',
      houseClientForm({ channel_id: 999999 }),
      { cookie: w.cookies.sales, headers: { 'idempotency-key': 'fill-0006-abcd' } },
    );
    expect(theirs.body).toMatchObject({ code: 1, msg: '渠道不存在或不属于你' });
    expect((await answer(w.cookies.sales, 'addHouseChannel', channel(), 'fill-0005-abcd')).body.code).toBe(0);
    const fixed = await answer(w.cookies.sales, 'addHouseClient', houseClientForm(), 'fill-0006-abcd');
    expect(fixed.body.code).toBe(0);
    const [{ n } = { n: -1 }] = (
      await test.db.execute<{ n: number }>(
        sql`select count(*)::int as n from idempotency_keys where corp_id = ${w.corp.id} and response_status is null`,
      )
    ).rows;
    expect(n).toBe(0);
  });

  it('takes the same key on each create call', async () => {
    const w = await world();
    expect(
      (
        await answer(
          w.cookies.sales,
          'addClient',
          { name: '测试客户', phone: '13912345678', id_number: '11010519491231002X', amount: '50000', term: '36' },
          'case-fill-0007',
        )
      ).body.code,
    ).toBe(0);
    const again = await answer(
      w.cookies.sales,
      'addClient',
      { name: '测试客户', phone: '13912345678', id_number: '11010519491231002X', amount: '50000', term: '36' },
      'case-fill-0007',
    );
    // Without the key this would be refused as a second open case for the ID number; the retry gets the first answer.
    expect(again).toMatchObject({ body: { code: 0, msg: '报单已提交' }, replayed: 'true' });
  });

  it('makes one recommendation of a recommend form sent again after a lost answer', async () => {
    const w = await world();
    const form = { name: '韩雪', phone: '13812344321', intent_amount: '800000', remark: '想置换' };
    const first = await answer(w.cookies.sales, 'addHouseRecommend', form, 'recommend-fill-0001');
    const retry = await answer(w.cookies.sales, 'addHouseRecommend', form, 'recommend-fill-0001');
    expect(first.body.code).toBe(0);
    expect(retry).toEqual({ status: 200, body: first.body, replayed: 'true' });
    expect(await test.db.select().from(houseRecommends).where(eq(houseRecommends.staffId, w.sales.id))).toHaveLength(1);
  });
});

describe('the service', () => {
  const service = () => createIdempotencyService({ repo: createIdempotencyRepository(test.db), now: () => clock });

  it('gives the key back after a fault, so a retry runs', async () => {
    const { corp } = await world();
    const scope = { corpId: corp.id, principal: 'staff:1', route: '/api/crm/addHouseChannel', key: 'fault-0001' };
    expect(await service().begin(scope, { a: 1 })).toEqual({ run: true });
    await service().finish(scope, 500, JSON.stringify({ code: 500, msg: '服务器开小差了', data: null }));
    expect(await service().begin(scope, { a: 1 })).toEqual({ run: true });
  });

  it('hashes the fields whatever their order', async () => {
    const { corp } = await world();
    const scope = { corpId: corp.id, principal: 'staff:1', route: '/api/crm/addHouseChannel', key: 'order-0001' };
    await service().begin(scope, { a: 1, b: 'x' });
    await service().finish(scope, 200, JSON.stringify({ code: 0, msg: 'ok', data: { id: 5 } }));
    expect(await service().begin(scope, { b: 'x', a: 1 })).toMatchObject({ run: false, status: 200 });
  });

  it('sweeps keys older than a day, and only those', async () => {
    const { corp } = await world();
    const at = (hoursAgo: number) => new Date(clock.getTime() - hoursAgo * 3600_000);
    const base = { corpId: corp.id, principal: 'staff:1', route: '/api/crm/addClient', bodyHash: 'h' };
    await test.db.insert(idempotencyKeys).values([
      { ...base, key: 'sweep-old-0001', createdAt: at(25) },
      { ...base, key: 'sweep-new-0001', createdAt: at(23) },
    ]);
    await service().sweepExpired();
    const left = await test.db
      .select({ key: idempotencyKeys.key })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.corpId, corp.id));
    expect(left.map((row) => row.key)).toEqual(['sweep-new-0001']);
    clock = new Date(clock.getTime() + 2 * 3600_000);
    await service().sweepExpired();
    expect(await test.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.corpId, corp.id))).toHaveLength(0);
  });
});
