import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createCompany } from '../../test/factories.ts';
import { cookieCaller, postForBody } from '../../test/http.ts';
import { backOfficeCallers, type BackOfficeCallers } from './admin.test-helpers.ts';

/*
 * The rules a prize draw must obey, as the back office's activity form meets them (issue 51, decision 070):
 * the prize value ceiling, a complaint contact, no sharing or friend-assist options, and tiers and odds frozen
 * once published. Each refusal names the field it is about (the envelope's `field`), so the form shows it there.
 */

const AT = new Date('2030-06-01T02:00:00Z');
let test: TestApp;
let callers: BackOfficeCallers;
const call = cookieCaller(() => test.app);

beforeAll(async () => {
  test = await buildTestApp({ now: () => AT });
  callers = await backOfficeCallers(test, await createCompany(test.db, 'A公司'), await createCompany(test.db, 'B公司'));
});
afterAll(() => test.close());

const lottery = (key: string, overrides: Record<string, unknown> = {}) => ({
  key,
  type: 'lottery',
  title: '夏日抽奖',
  intro: '',
  cover_url: '',
  starts_at: '2030-07-01T01:00:00.000Z',
  ends_at: '2030-07-04T01:00:00.000Z',
  requires_phone: false,
  complaint_contact: '投诉电话 400-800-1234',
  published: false,
  fields: [],
  questions: [],
  lottery: {
    pool_size: 300,
    prize_redeem_days: 30,
    release: { every: 'day', rollover: false },
    prizes: [
      { tier: 1, name: '电动车', stock: 1, value_fen: 5_000_000, redeem_note: '' },
      { tier: 2, name: '保温杯', stock: 30, value_fen: 3_900, redeem_note: '' },
    ],
  },
  ...overrides,
});
type Refusal = { code: number; msg: string; field?: string };
const save = (cookie: string, activity: Record<string, unknown>) =>
  call<{ id: number }>(cookie, 'POST', '/api/admin/activities/save', { activity });
const info = (id: number) =>
  postForBody<Refusal & { data: unknown }>(test.app, '/api/crm/getActivityinfo', { activity_id: id });

describe('the activity rules in the back office (/api/admin/activities/save)', () => {
  it('saves a lottery whose top prize is exactly ¥50,000, a draft no visitor sees until it is published', async () => {
    const saved = await save(callers.admin, lottery('ceiling'));
    expect(saved.body).toMatchObject({ code: 0, msg: '已保存' });
    expect((await info(saved.body.data.id)).status).toBe(404);
    const published = await save(callers.admin, lottery('ceiling', { published: true }));
    expect(published.body.data.id).toBe(saved.body.data.id);
    const page = await info(saved.body.data.id);
    expect(page.body).toMatchObject({
      code: 0,
      data: {
        complaint_contact: '投诉电话 400-800-1234',
        lottery: {
          release: { every: 'day', rollover: false, periods: 4, current: null },
          prizes: [
            { tier: 1, name: '电动车', stock: 1, value_fen: 5_000_000, odds: '1/300（0.33%）' },
            { tier: 2, name: '保温杯', stock: 30, value_fen: 3_900, odds: '30/300（10%）' },
          ],
          thank_you_odds: '269/300（89.7%）',
        },
      },
    });
  });

  it('refuses a prize worth more than ¥50,000, a prize without a value and a missing complaint contact, at their fields', async () => {
    const over = lottery('over');
    over.lottery.prizes[1] = { ...over.lottery.prizes[1]!, value_fen: 5_000_001 };
    const tooDear = await save(callers.admin, over);
    expect(tooDear.body).toMatchObject({ code: 1, field: 'lottery.prizes.1.value_fen' });
    expect(tooDear.body.msg).toContain('单个奖品价值不能超过 ¥50,000');

    const unpriced = lottery('unpriced');
    const { value_fen: _dropped, ...withoutValue } = unpriced.lottery.prizes[0]!;
    const noValue = await save(callers.admin, {
      ...unpriced,
      lottery: { ...unpriced.lottery, prizes: [withoutValue] },
    });
    expect(noValue.body).toMatchObject({ code: 1, field: 'lottery.prizes.0.value_fen' });
    expect(noValue.body.msg).toContain('请填写奖品价值');

    const noContact = await save(callers.admin, lottery('no-contact', { complaint_contact: '  ' }));
    expect(noContact.body).toMatchObject({ code: 1, field: 'complaint_contact' });
    expect(noContact.body.msg).toContain('请填写投诉联系方式');
    const list = await call<{ list: { key: string }[] }>(callers.admin, 'GET', '/api/admin/activities');
    expect(list.body.data.list.map((a) => a.key).filter((k) => ['over', 'unpriced', 'no-contact'].includes(k))).toEqual(
      [],
    );
  });

  it('refuses an option that gates a draw on sharing, inviting or a friend’s help, by name, and any unknown option', async () => {
    const share = await save(callers.admin, lottery('share', { draw_requires_share: true }));
    expect(share.body.code).toBe(1);
    expect(share.body.msg).toContain('不能设置「draw_requires_share」：微信禁止以分享、邀请或好友助力');
    const base = lottery('assist');
    const assist = await save(callers.admin, { ...base, lottery: { ...base.lottery, friend_assists_per_draw: 3 } });
    expect(assist.body).toMatchObject({ code: 1, field: 'lottery' });
    expect(assist.body.msg).toContain('friend_assists_per_draw');
    const invite = await save(callers.admin, lottery('invite', { 邀请好友加抽: 1 }));
    expect(invite.body.msg).toContain('微信禁止');
    const odd = await save(callers.admin, lottery('odd', { lucky_colour: 'red' }));
    expect(odd.body.msg).toContain('不支持的设置：lucky_colour');
  });

  it('freezes tiers, values, counts, odds and the release plan once published; texts may still change', async () => {
    const published = lottery('frozen', { published: true });
    const first = await save(callers.admin, published);
    expect(first.body.code).toBe(0);
    const retitled = await save(callers.admin, { ...published, title: '夏日抽奖（新标题）', published: false });
    expect(retitled.body.code).toBe(0);
    // Still published: a later save cannot take it back.
    expect((await info(first.body.data.id)).body).toMatchObject({ code: 0, data: { title: '夏日抽奖（新标题）' } });
    const changes: Record<string, unknown>[] = [
      { lottery: { ...published.lottery, pool_size: 301 } },
      { lottery: { ...published.lottery, release: { every: 'day', rollover: true } } },
      { lottery: { ...published.lottery, prizes: [{ ...published.lottery.prizes[0]!, value_fen: 4_000_000 }] } },
      { ends_at: '2030-07-05T01:00:00.000Z' },
    ];
    for (const change of changes) {
      const refused = await save(callers.admin, { ...published, ...change });
      expect(refused.body).toMatchObject({ code: 1, field: 'lottery' });
      expect(refused.body.msg).toContain('如需调整，请用新编号新建活动');
    }
    const page = (await info(first.body.data.id)).body.data as { lottery: { pool_size: number } };
    expect(page.lottery.pool_size).toBe(300);
  });

  it('refuses a release plan that cannot hold its prizes or periods', async () => {
    const base = lottery('hourly');
    const tooMany = await save(callers.admin, {
      ...base,
      ends_at: '2030-10-01T01:00:00.000Z',
      lottery: { ...base.lottery, release: { every: 'hour', rollover: true } },
    });
    expect(tooMany.body).toMatchObject({ code: 1, field: 'lottery.release.every' });
    expect(tooMany.body.msg).toContain('最多 1488 期');
    const small = await save(callers.admin, {
      ...base,
      // 10 tickets a day; day 1 would hold the first prize and 10 of the second.
      lottery: {
        ...base.lottery,
        pool_size: 40,
        prizes: [base.lottery.prizes[0]!, { ...base.lottery.prizes[1]!, stock: 38 }],
      },
    });
    expect(small.body).toMatchObject({ code: 1, field: 'lottery.pool_size' });
  });

  it('is refused to a non-admin, a partner, and another company’s admin cannot read the activity', async () => {
    for (const cookie of [callers.plain, callers.partner]) {
      const refused = await save(cookie, lottery('not-mine'));
      expect(refused.status).toBe(403);
    }
    const mine = await save(callers.admin, lottery('mine'));
    const peek = await call(callers.otherAdmin, 'GET', `/api/admin/activities/entry?id=${mine.body.data.id}`);
    expect(peek.status).toBe(404);
  });
});
