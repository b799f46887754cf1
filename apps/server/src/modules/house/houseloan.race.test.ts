import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { houseClients } from '../../db/schema/house.ts';
import { testAppForFile } from '../../test/build-test-app.ts';
import { createCompany, createStaff } from '../../test/factories.ts';
import { createBrokerageUser, createChannel, createHouseClient } from '../../test/factories-house.ts';
import { loginAs, postForBody } from '../../test/http.ts';

/*
 * One steward per channel referral (decision 052): stewards racing to take the same referral. Proves
 * something only in the PostgreSQL pass (PGlite runs one query at a time); it passes there too. Without the
 * conditional update (steward_id is null) every steward "wins" and the last write holds the client.
 */
const test = testAppForFile({ now: () => new Date('2026-06-15T04:00:00Z') });

describe('allot under concurrent stewards', () => {
  it('gives a referral to exactly one of six stewards taking it at once', async () => {
    const corp = await createCompany(test.db);
    const sales = await createStaff(test.db, corp.id);
    const channel = await createChannel(test.db, corp.id, sales.id);
    const agent = await createBrokerageUser(test.db, corp.id, sales.id, { channelId: channel.id });
    const referral = await createHouseClient(test.db, corp.id, sales.id, {
      channelId: channel.id,
      channelAgentId: agent.id,
      source: 'channel',
    });
    const stewards = await Promise.all(Array.from({ length: 6 }, () => createStaff(test.db, corp.id, { jobs: [5] })));
    const cookies = await Promise.all(stewards.map((s) => loginAs(test, s)));
    const answers = await Promise.all(
      cookies.map((cookie) =>
        postForBody<{ code: number; msg: string }>(test.app, '/api/houseloan/allot', { id: referral.id }, { cookie }),
      ),
    );
    const winners = answers.filter((a) => a.body.code === 0);
    expect(winners).toHaveLength(1);
    expect(answers.filter((a) => a.body.code !== 0).every((a) => /^该客户已由.+接单$/.test(a.body.msg))).toBe(true);
    const [row] = await test.db.select().from(houseClients).where(eq(houseClients.id, referral.id));
    const winner = stewards[answers.findIndex((a) => a.body.code === 0)];
    expect(row?.stewardId).toBe(winner?.id);
  });
});
