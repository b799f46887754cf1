import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as L from '@crm/domain/endpoints/ledger';
import { periodOf, previousPeriod } from '@crm/domain/ledger';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { loginAs, postForBody, type Envelope } from '../test/http.ts';
import { sessionCookie } from '../test/sessions.ts';
import { houseBrokerageUsers } from './schema/house.ts';
import { eq } from 'drizzle-orm';
import { partnersWith } from '../test/factories-outside.ts';
import { seedDemo } from './seed.ts';
import { sealerOf } from '../pii/fields.ts';

/* The commission ledger's demo (decision 067): what the README's walk-through taps on. */
let test: TestApp;
beforeAll(async () => {
  test = await buildTestApp();
  await seedDemo(test.db);
});
afterAll(() => test.close());

const call = async <T>(cookie: string, path: string, fields: Record<string, string | number> = {}) =>
  (await postForBody<Envelope<T>>(test.app, path, fields, { cookie })).body;
type List = { list: Record<string, unknown>[] };

describe('commission ledger demo data', () => {
  it('has a returned deal whose claw-back waits for 钱财务 (5), caused by 吴审批 (29)', async () => {
    const finance = await loginAs(test, { corpId: 1, phone: '13800000005' });
    const queue = await call<List>(finance, L.clawbackList.path);
    expect(queue.data.list).toEqual([
      expect.objectContaining({
        client_name: '邵佳',
        receiver_name: '李经纪（返佣人）',
        trigger: 'house_failed',
        amount_fen: 800_000,
        status: 'pending',
        proposed_by_name: '吴审批',
        can_decide: true,
      }),
    ]);
  });

  it("gives 张伙伴 and 李经纪 last month's statement", async () => {
    const last = previousPeriod(periodOf(new Date()));
    const [partner] = await partnersWith(test.db, { corpId: 1, phone: '13700000101' });
    // The receiver's phone is sealed (decision 074): found through its blind index.
    const [agent] = await test.db
      .select()
      .from(houseBrokerageUsers)
      .where(eq(houseBrokerageUsers.phoneBidx, (await sealerOf(test.db, 1)).index('phone', '13911110001') ?? ''));
    const partnerCookie = await sessionCookie(test, { kind: 'partner', corpId: 1, partnerId: partner?.id ?? 0 });
    const agentCookie = await sessionCookie(test, { kind: 'channel', corpId: 1, channelAgentId: agent?.id ?? 0 });
    expect((await call<List>(partnerCookie, L.statementList.path)).data.list).toEqual([
      expect.objectContaining({ period: last, closing_fen: 100_000, payable_fen: 100_000 }),
    ]);
    expect((await call<List>(agentCookie, L.statementList.path)).data.list).toEqual([
      expect.objectContaining({ period: last, credits_fen: 800_000, debits_fen: -800_000, closing_fen: 0 }),
    ]);
  });
});
