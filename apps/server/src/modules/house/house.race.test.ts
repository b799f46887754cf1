import { and, eq } from 'drizzle-orm';
import { MAX_HOUSE_IMAGES_PER_CLIENT } from '@crm/domain/house';
import { describe, expect, it } from 'vitest';
import { files } from '../../db/schema/files.ts';
import { houseAudits, houseChannels, houseClients, houseImages, houseOwnerEvents } from '../../db/schema/house.ts';
import { signTasks } from '../../db/schema/sign.ts';
import { testAppForFile } from '../../test/build-test-app.ts';
import { createStaff } from '../../test/factories.ts';
import { createBrokerageUser, createChannel, createHouseClient } from '../../test/factories-house.ts';
import { makeJpeg, postFile } from '../../test/factories-money.ts';
import { expectBurst, loginAs, postForBody } from '../../test/http.ts';
import { salesWorld } from '../../test/sales-world.ts';

/*
 * One live signing task and one pending audit per house client under concurrent requests (they prove
 * something only in the PostgreSQL pass: PGlite runs one query at a time; they pass there too), and the
 * owner events of allotHouse.
 */
const NOW = new Date('2026-11-21T08:00:00Z');
const test = testAppForFile({ now: () => NOW });

async function world() {
  const sellers = await salesWorld(test);
  const finance = await createStaff(test.db, sellers.corp.id, { jobs: [4], isLeader: true });
  const steward = await createStaff(test.db, sellers.corp.id, { jobs: [5] });
  return {
    ...sellers,
    finance,
    steward,
    cookies: { ...sellers.cookies, finance: await loginAs(test, finance), steward: await loginAs(test, steward) },
  };
}
const post = (cookie: string, name: string, fields: Record<string, string | number>) =>
  postForBody<{ code: number; msg: string }>(test.app, `/api/crm/${name}`, fields, { cookie });
/** The same call sent `times` times at once, answered with each body. */
const burst = async (times: number, cookie: string, name: string, fields: Record<string, string | number>) =>
  (await Promise.all(Array.from({ length: times }, () => post(cookie, name, fields)))).map((a) => a.body);

describe('houseSignSubmit under concurrent submits', () => {
  it('makes one signing task for a client submitted eight times at once', async () => {
    const w = await world();
    const client = await createHouseClient(test.db, w.corp.id, w.sales.id, { stewardId: w.steward.id });
    const answers = await burst(8, w.cookies.steward, 'houseSignSubmit', {
      id: client.id,
      appointment_at: '2026-12-01T02:00:00Z',
      place: '工商银行静安支行',
    });
    expectBurst(answers, 1, '该客户已提交签约');
    expect(await test.db.select().from(signTasks).where(eq(signTasks.houseClientId, client.id))).toHaveLength(1);
  });
});

describe('setHouseBrokerage under concurrent requests', () => {
  it('holds one pending over-limit audit for a client asked five times at once', async () => {
    const w = await world();
    const client = await createHouseClient(test.db, w.corp.id, w.finance.id, { loanAmountFen: 200_000_000 });
    const receiver = await createBrokerageUser(test.db, w.corp.id, w.finance.id);
    const answers = await burst(5, w.cookies.finance, 'setHouseBrokerage', {
      id: client.id,
      rate: '2',
      user_ids: `${receiver.id}`,
    });
    expectBurst(answers, 1, '该客户的返佣正在等待审批');
    expect(await test.db.select().from(houseAudits).where(eq(houseAudits.houseClientId, client.id))).toHaveLength(1);
  });
});

describe('allotHouse writes an owner event', () => {
  it('records who handed a client and a channel from whom to whom, and nothing when the owner stays', async () => {
    const w = await world();
    const client = await createHouseClient(test.db, w.corp.id, w.sales.id, { teamId: w.team.id });
    const channel = await createChannel(test.db, w.corp.id, w.sales.id);
    const allotToColleague = async (kind: 'client' | 'channel', id: number) =>
      (await post(w.cookies.finance, 'allotHouse', { kind, id, staff_id: w.colleague.id })).body.code;
    expect(await allotToColleague('client', client.id)).toBe(0);
    expect(await allotToColleague('channel', channel.id)).toBe(0);
    expect(await allotToColleague('client', client.id)).toBe(0);
    const events = await test.db
      .select()
      .from(houseOwnerEvents)
      .where(eq(houseOwnerEvents.corpId, w.corp.id))
      .orderBy(houseOwnerEvents.id);
    expect(events).toEqual([
      expect.objectContaining({
        subject: 'client',
        subjectId: client.id,
        fromStaffId: w.sales.id,
        toStaffId: w.colleague.id,
        actorId: w.finance.id,
        createdAt: NOW,
      }),
      expect.objectContaining({
        subject: 'channel',
        subjectId: channel.id,
        fromStaffId: w.sales.id,
        toStaffId: w.colleague.id,
        actorId: w.finance.id,
        createdAt: NOW,
      }),
    ]);
    const [moved] = await test.db
      .select()
      .from(houseClients)
      .where(and(eq(houseClients.id, client.id)));
    expect(moved).toMatchObject({ ownerId: w.colleague.id, teamId: w.colleague.teamId });
    const [channelRow] = await test.db.select().from(houseChannels).where(eq(houseChannels.id, channel.id));
    expect(channelRow?.ownerId).toBe(w.colleague.id);
  });
});

describe('addHouseImg under concurrent uploads', () => {
  it('stops at the cap: twelve uploads at once for a client two short of it add two images', async () => {
    const w = await world();
    const client = await createHouseClient(test.db, w.corp.id, w.sales.id);
    const cookie = w.cookies.sales;
    const base = { corpId: w.corp.id, houseClientId: client.id };
    const stored = await test.db
      .insert(files)
      .values(
        Array.from({ length: MAX_HOUSE_IMAGES_PER_CLIENT - 2 }, (_, i) => ({
          ...base,
          ownerKind: 'house_client' as const,
          uploaderId: w.sales.id,
          storageKey: `house-race/${client.id}/${i}.jpg`,
          thumbKey: `house-race/${client.id}/${i}-t.jpg`,
          contentType: 'image/jpeg',
          bytes: 1,
          width: 1,
          height: 1,
          attachedAt: NOW,
        })),
      )
      .returning({ id: files.id });
    await test.db
      .insert(houseImages)
      .values(stored.map((file) => ({ ...base, houseType: 4, fileId: file.id, uploadedBy: w.sales.id })));
    const image = await makeJpeg({ width: 40, height: 30 });
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        postFile(test, '/api/crm/addHouseImg', { id: client.id, house_type: 4 }, image, { cookie }),
      ),
    );
    expectBurst(
      answers.map((a) => a.json<{ code: number; msg: string }>()),
      2,
      `每位客户最多上传 ${MAX_HOUSE_IMAGES_PER_CLIENT} 张资料图片`,
    );
    const images = await test.db.select().from(houseImages).where(eq(houseImages.houseClientId, client.id));
    expect(images).toHaveLength(MAX_HOUSE_IMAGES_PER_CLIENT);
    // The refused uploads left no file behind for the sweep.
    const kept = await test.db.select({ id: files.id }).from(files).where(eq(files.houseClientId, client.id));
    expect(kept).toHaveLength(MAX_HOUSE_IMAGES_PER_CLIENT);
  });
});
