import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityEntries, activityVisitors } from '../db/schema/activity.ts';
import { customerFilings } from '../db/schema/chatter.ts';
import { esignOrders } from '../db/schema/esign.ts';
import { outsideChannels, outsidePartners, outsideReferrals } from '../db/schema/outside.ts';
import { authorInNewCompany, carSpec } from '../modules/activity/activity.test-helpers.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { createStaff } from '../test/factories.ts';
import { createCase } from '../test/factories-cases.ts';
import { resealAll } from './reseal.ts';
import { rotateCompany } from './rotate.ts';
import { sealerOf } from './fields.ts';

/*
 * The partners', customer files', e-sign orders' and activity visitors' personal values (decision 074):
 * rows written before sealing existed (plain, as a restored backup holds them) are sealed by start-up's sweep
 * with their blind indexes, a null stays null, and keys:rotate moves them to the new data key with the cases.
 */

let test: TestApp;
beforeAll(async () => {
  test = await buildTestApp();
});
afterAll(() => test.close());

const PAGES = [{ title: '借款申请书', paragraphs: ['借款人：王五，身份证号 110101199003070011，手机 13500005555'] }];

/** One plain row in each table, as the release before sealing wrote them; answers their ids. */
async function plainRows() {
  const { corp, activity } = await authorInNewCompany(test, carSpec(`sealed-${Date.now()}`));
  const seller = await createStaff(test.db, corp.id);
  const theCase = await createCase(test.db, seller, {}, { consent: false });
  const one = async (query: ReturnType<typeof sql>) =>
    ((await test.db.execute(query)).rows[0] as { id: number } | undefined)?.id ?? 0;
  const partner = await one(sql`insert into outside_partners (corp_id, name, phone, staff_id, status)
    values (${corp.id}, '伙伴', '13700009901', ${seller.id}, 1) returning id`);
  const channel = await one(sql`insert into outside_channels (corp_id, partner_id, name, phone)
    values (${corp.id}, ${partner}, '门店', '13700009902') returning id`);
  const referral = await one(sql`insert into outside_referrals
    (corp_id, partner_id, name, phone, id_number, amount_fen, protected_until)
    values (${corp.id}, ${partner}, '客户', '13600009903', '110101199003070038', 100, now() + interval '30 days')
    returning id`);
  const filed =
    await one(sql`insert into customer_filings (corp_id, external_userid, staff_id, name, mobile, created_at)
    values (${corp.id}, 'wm-plain-1', ${seller.id}, '甲', '13700009904', now()) returning id`);
  const authed = await one(sql`insert into customer_filings
    (corp_id, external_userid, staff_id, name, mobile, real_name, id_number, authed_at, created_at)
    values (${corp.id}, 'wm-plain-2', ${seller.id}, '乙', '', '乙某', '11010519491231002X', now(), now()) returning id`);
  const order = await one(sql`insert into esign_orders
    (corp_id, staff_id, client_id, signer_name, signer_phone, signer_id_number, title, pages, original_sha256,
     chain_head, bank_card)
    values (${corp.id}, ${seller.id}, ${theCase.id}, '王五', '13500005555', '110101199003070011', '合同',
      ${JSON.stringify(PAGES)}, 'x', 'x', '6222020200112233445') returning id`);
  await test.db.execute(sql`insert into activity_visitors (corp_id, openid, phone, verified_at)
    values (${corp.id}, 'openid-plain', '13500006666', now())`);
  const entry = await one(sql`insert into activity_entries (corp_id, activity_id, openid, name, phone, created_at)
    values (${corp.id}, ${activity.id}, 'openid-plain', '访客', '13500007777', now()) returning id`);
  return { corp, partner, channel, referral, filed, authed, order, entry };
}

/** The stored text of every personal column of the rows, as a dump shows them. */
async function stored(corpId: number) {
  const result = await test.db.execute(sql`
    select phone as v from outside_partners where corp_id = ${corpId}
    union all select phone from outside_channels where corp_id = ${corpId}
    union all select phone from outside_referrals where corp_id = ${corpId}
    union all select id_number from outside_referrals where corp_id = ${corpId}
    union all select mobile from customer_filings where corp_id = ${corpId} and mobile <> ''
    union all select id_number from customer_filings where corp_id = ${corpId} and id_number is not null
    union all select signer_phone from esign_orders where corp_id = ${corpId}
    union all select signer_id_number from esign_orders where corp_id = ${corpId}
    union all select bank_card from esign_orders where corp_id = ${corpId}
    union all select pages from esign_orders where corp_id = ${corpId}
    union all select phone from activity_visitors where corp_id = ${corpId}
    union all select phone from activity_entries where corp_id = ${corpId}`);
  return (result.rows as { v: string }[]).map((row) => row.v);
}

describe('start-up seals the plain rows of the partner, customer-file, e-sign and activity tables', () => {
  it('seals each value with its blind indexes; reads answer the plain values; a missing ID number stays null', async () => {
    const rows = await plainRows();
    expect((await stored(rows.corp.id)).filter((v) => !v.startsWith('v1:'))).toHaveLength(12);

    const done = await resealAll(test.db);
    expect(done).toMatchObject({
      outside_partners: 1,
      outside_channels: 1,
      outside_referrals: 1,
      customer_filings: 2,
      esign_orders: 1,
      activity_visitors: 1,
      activity_entries: 1,
    });
    const values = await stored(rows.corp.id);
    expect(values).toHaveLength(12);
    expect(values.filter((v) => !v.startsWith('v1:'))).toEqual([]);
    expect(values.join('\n')).not.toMatch(/135000|136000|137000|110101/);
    // A second start finds nothing to do.
    expect(Object.values(await resealAll(test.db)).every((n) => n === 0)).toBe(true);

    const pii = await sealerOf(test.db, rows.corp.id);
    const [partner] = await test.db.select().from(outsidePartners).where(eq(outsidePartners.id, rows.partner));
    expect(partner).toMatchObject({ phone: '13700009901', phoneBidx: pii.index('phone', '13700009901') });
    const [referral] = await test.db.select().from(outsideReferrals).where(eq(outsideReferrals.id, rows.referral));
    expect(referral).toMatchObject({
      phone: '13600009903',
      phoneBidx: pii.index('phone', '13600009903'),
      phoneLast4Bidx: pii.last4('9903'),
      idNumber: '110101199003070038',
      idNumberBidx: pii.index('id_number', '110101199003070038'),
    });
    const [channel] = await test.db.select().from(outsideChannels).where(eq(outsideChannels.id, rows.channel));
    expect(channel?.phone).toBe('13700009902');
    const [filed] = await test.db.select().from(customerFilings).where(eq(customerFilings.id, rows.filed));
    expect(filed).toMatchObject({ mobile: '13700009904', idNumber: null, authedAt: null });
    const [authed] = await test.db.select().from(customerFilings).where(eq(customerFilings.id, rows.authed));
    expect(authed).toMatchObject({ mobile: '', idNumber: '11010519491231002X' });
    const [order] = await test.db.select().from(esignOrders).where(eq(esignOrders.id, rows.order));
    expect(order).toMatchObject({
      signerPhone: '13500005555',
      signerIdNumber: '110101199003070011',
      bankCard: '6222020200112233445',
      pages: PAGES,
    });
    const [visitor] = await test.db.select().from(activityVisitors).where(eq(activityVisitors.corpId, rows.corp.id));
    expect(visitor?.phone).toBe('13500006666');
    const [entry] = await test.db.select().from(activityEntries).where(eq(activityEntries.id, rows.entry));
    expect(entry?.phone).toBe('13500007777');
  });

  it('keys:rotate re-seals them under the new data key and drops the old one', async () => {
    const rows = await plainRows();
    await resealAll(test.db, { corpId: rows.corp.id });
    const report = await rotateCompany(test.db, rows.corp.id, { waitMs: 0 });
    expect(report.resealed).toMatchObject({
      outside_partners: 1,
      outside_channels: 1,
      outside_referrals: 1,
      customer_filings: 2,
      esign_orders: 1,
      activity_visitors: 1,
      activity_entries: 1,
    });
    expect(report.droppedKeyIds).toHaveLength(1);
    const keyIds = new Set((await stored(rows.corp.id)).map((v) => v.slice(3, 19)));
    expect([...keyIds]).toEqual([report.newKeyId]);
    const [order] = await test.db.select().from(esignOrders).where(eq(esignOrders.id, rows.order));
    expect(order?.pages).toEqual(PAGES);
    const [visitor] = await test.db.select().from(activityVisitors).where(eq(activityVisitors.corpId, rows.corp.id));
    expect(visitor?.phone).toBe('13500006666');
  });
});
