import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ActivityDataPage,
  ActivityInfo,
  ActivityMine,
  CouponClaim,
  LotteryDraw,
  Redeemed,
  StaffActivity,
} from '@crm/domain/api/activity';
import { derivePool, normaliseCode, poolHash, seedCommitment, verifyRevealedPool } from '@crm/domain/activity';
import { createWechatMpAdapter } from '../../adapters/wechat-mp/index.ts';
import { startFakeWechatMp } from '../../adapters/wechat-mp/fake-wechat-mp-server.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createCompany, createStaff } from '../../test/factories.ts';
import { createPartner } from '../../test/factories-outside.ts';
import { cookieFrom, postForBody, postForm } from '../../test/http.ts';
import { sessionCookie, staffCookie } from '../../test/sessions.ts';
import {
  AT,
  author,
  authorInNewCompany,
  carSpec,
  couponSpec,
  lotterySpec,
  signinSpec,
} from './activity.test-helpers.ts';

type Body<T> = { code: number; msg: string; data: T };

let clock = AT;
let test: TestApp;
let fake: Awaited<ReturnType<typeof startFakeWechatMp>>;

beforeAll(async () => {
  fake = await startFakeWechatMp({ appId: 'wxapp', secret: 'wxsecret' });
  test = await buildTestApp({
    now: () => clock,
    wechatMp: createWechatMpAdapter({ appId: 'wxapp', secret: 'wxsecret', apiBase: fake.base }),
  });
});
afterAll(async () => {
  await test.close();
  await fake.close();
});

let visitors = 0;
const visitor = (corpId: number, openid = `oVisitor${++visitors}`) =>
  sessionCookie(test, { kind: 'visitor', corpId, openid });
const info = async (id: number) =>
  (await postForBody<Body<ActivityInfo>>(test.app, '/api/crm/getActivityinfo', { activity_id: id })).body;
const call = <T>(url: string, fields: Record<string, string | number>, cookie: string) =>
  postForBody<Body<T>>(test.app, url, fields, { cookie });

/** A visitor proving a phone with the server's SMS code (scene 'activity'). */
async function provePhone(cookie: string, phone: string) {
  const sent = await postForm(test.app, '/common/smsCode', { phone, scene: 'activity' });
  expect(sent.json<Body<unknown>>().code).toBe(0);
  const code = test.sms.lastCodeFor(phone) ?? '';
  const response = await postForm(test.app, '/api/crm/lotteryLogin', { phone, code }, { cookie });
  expect(response.json<Body<unknown>>()).toMatchObject({
    code: 0,
    data: { phone: `${phone.slice(0, 3)}****${phone.slice(7)}` },
  });
  return cookieFrom(response);
}

describe('the activity page (getActivityinfo, public)', () => {
  it('shows a lottery with its prizes and the published hashes; the seed only after the end, and it re-derives the pool', async () => {
    clock = AT;
    const { activity } = await authorInNewCompany(test, lotterySpec('lucky'));
    const before = await info(activity.id);
    expect(before).toMatchObject({
      code: 0,
      data: {
        type: 'lottery',
        status: 'running',
        title: '五一幸运大抽奖',
        lottery: { pool_size: 100, drawn: 0, seed: null },
      },
    });
    expect(before.data.lottery?.prizes.map((p) => [p.tier, p.name, p.stock])).toEqual([
      [1, '扫地机器人', 1],
      [2, '电饭煲', 3],
      [3, '定制水杯', 6],
    ]);
    expect(before.data.lottery?.seed_commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(before.data.lottery?.pool_hash).toMatch(/^[0-9a-f]{64}$/);

    clock = new Date(AT.getTime() + 4 * 86_400_000);
    const after = (await info(activity.id)).data;
    expect(after.status).toBe('ended');
    const seed = after.lottery?.seed ?? '';
    const composition = {
      size: after.lottery?.pool_size ?? 0,
      prizes: (after.lottery?.prizes ?? []).map((p) => ({ tier: p.tier, stock: p.stock })),
    };
    expect(seedCommitment(seed)).toBe(before.data.lottery?.seed_commitment);
    expect(poolHash(derivePool(seed, composition))).toBe(before.data.lottery?.pool_hash);
    expect(
      verifyRevealedPool({
        seed,
        seedCommitment: after.lottery?.seed_commitment ?? '',
        poolHash: after.lottery?.pool_hash ?? '',
        composition,
      }),
    ).toMatchObject({ seedMatches: true, poolMatches: true });
    clock = AT;
  });

  it('answers 活动不存在 for an unknown id and refuses a malformed one without a 5xx', async () => {
    expect((await postForBody(test.app, '/api/crm/getActivityinfo', { activity_id: 999999 })).status).toBe(404);
    const bad = await postForBody<Body<null>>(test.app, '/api/crm/getActivityinfo', { activity_id: 'abc' });
    expect(bad.status).toBeLessThan(500);
    expect(bad.body.code).not.toBe(0);
  });
});

describe('the visitor from WeChat (snsapi_base)', () => {
  it('signs a WeChat visitor in from the callback and sends them back to the page; a snapshot viewer gets no session', async () => {
    const { activity } = await authorInNewCompany(test, lotterySpec('oauth'));
    const start = await test.app.inject({
      method: 'GET',
      url: `/api/activity/oauth?activity=${activity.id}&to=${encodeURIComponent(`/activity/lottery?id=${activity.id}`)}`,
    });
    expect(start.statusCode).toBe(302);
    const to = new URL(start.headers.location ?? '');
    expect(to.searchParams.get('scope')).toBe('snsapi_base');
    const state = to.searchParams.get('state') ?? '';
    const cookies = `${cookieFrom(start, 'crm_activity_state')}; ${cookieFrom(start, 'crm_activity_back')}`;

    fake.issue('wx-code-1', 'oREAL1');
    const back = await test.app.inject({
      method: 'GET',
      url: `/api/activity/oauth/callback?code=wx-code-1&state=${encodeURIComponent(state)}`,
      headers: { cookie: cookies },
    });
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe(`/activity/lottery?id=${activity.id}`);
    const session = cookieFrom(back);
    const draw = await call<LotteryDraw>('/api/crm/lotteryDraw', { activity_id: activity.id }, session);
    expect(draw.body.code).toBe(0);

    fake.issue('wx-code-2', 'oVIRTUAL', { snapshot: true });
    const snapshot = await test.app.inject({
      method: 'GET',
      url: `/api/activity/oauth/callback?code=wx-code-2&state=${encodeURIComponent(state)}`,
      headers: { cookie: cookies },
    });
    expect(snapshot.statusCode).toBe(302);
    expect(snapshot.headers.location).toBe(`/activity/lottery?id=${activity.id}&wechat=snapshot`);
    expect(snapshot.cookies.find((c) => c.name === 'crm_session')).toBeUndefined();
  });

  it('refuses a callback whose state is not the one this browser started, and a return address off the site', async () => {
    const { activity } = await authorInNewCompany(test, carSpec('state'));
    fake.issue('wx-code-3', 'oREAL3');
    const forged = await test.app.inject({
      method: 'GET',
      url: `/api/activity/oauth/callback?code=wx-code-3&state=${activity.id}.forged`,
    });
    expect(forged.statusCode).toBeLessThan(500);
    expect(forged.json<Body<null>>()).toMatchObject({ msg: '授权已过期，请重新打开活动页面' });
    const offsite = await test.app.inject({
      method: 'GET',
      url: `/api/activity/oauth?activity=${activity.id}&to=${encodeURIComponent('https://evil.example/')}`,
    });
    expect(offsite.cookies.find((c) => c.name === 'crm_activity_back')?.value).toBe(
      `/activity/car/register/${activity.id}`,
    );
  });
});

describe('the lottery', () => {
  it('draws once per visitor: the second draw is refused and changes nothing', async () => {
    const { corp, activity } = await authorInNewCompany(test, lotterySpec('once'));
    const me = await visitor(corp.id);
    const first = await call<LotteryDraw>('/api/crm/lotteryDraw', { activity_id: activity.id }, me);
    expect(first.body).toMatchObject({ code: 0, data: { activity_id: activity.id, ticket: 0 } });
    expect([1, 2, 3, 4]).toContain(first.body.data.tier);
    const second = await call<LotteryDraw | null>('/api/crm/lotteryDraw', { activity_id: activity.id }, me);
    expect(second.body).toMatchObject({ msg: '您已参与过本次抽奖', data: null });
    expect(second.body.code).not.toBe(0);
    expect((await info(activity.id)).data.lottery?.drawn).toBe(1);
    const mine = await call<ActivityMine>('/api/crm/activityMine', { activity_id: activity.id }, me);
    expect(mine.body.data.draws).toEqual([first.body.data]);
  });

  it('hands out the pool in its committed order: winners get their prize and a code to redeem', async () => {
    clock = AT;
    const { corp, activity } = await authorInNewCompany(
      test,
      lotterySpec('order', {
        lottery: {
          pool_size: 10,
          prizes: [{ tier: 1, name: '扫地机器人', stock: 2, value_fen: 1000, redeem_note: '到店领取' }],
        },
      }),
    );
    const draws: LotteryDraw[] = [];
    for (let i = 0; i < 11; i++)
      draws.push(
        (await call<LotteryDraw>('/api/crm/lotteryDraw', { activity_id: activity.id }, await visitor(corp.id))).body
          .data,
      );
    // Pool of 10: the eleventh finds it empty and thanks them.
    expect(draws.map((d) => d.ticket)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, null]);
    expect(draws[10]).toMatchObject({ tier: 4, tier_label: '谢谢参与', prize: null, code: null });
    const winners = draws.filter((d) => d.tier === 1);
    expect(winners).toHaveLength(2);
    for (const w of winners) {
      expect(w.prize).toEqual({ name: '扫地机器人', redeem_note: '到店领取' });
      expect(w.code?.code).toMatch(/^[2-9A-HJKMNP-TV-Z]{5}-[2-9A-HJKMNP-TV-Z]{5}$/);
    }
    // After the end the revealed seed re-derives exactly what each ticket gave.
    clock = new Date(AT.getTime() + 4 * 86_400_000);
    const ended = (await info(activity.id)).data;
    const pool = derivePool(ended.lottery?.seed ?? '', { size: 10, prizes: [{ tier: 1, stock: 2 }] });
    expect(draws.slice(0, 10).map((d) => d.tier)).toEqual([...pool].map(Number));
    clock = AT;
  });

  it('refuses a draw before the start, after the end, in another company, or on another kind of activity', async () => {
    const corp = await createCompany(test.db);
    const later = await author(
      test,
      corp.id,
      lotterySpec('later', { starts_at: new Date(AT.getTime() + 86_400_000).toISOString() }),
    );
    const me = await visitor(corp.id);
    expect((await call('/api/crm/lotteryDraw', { activity_id: later.id }, me)).body).toMatchObject({
      msg: '活动尚未开始',
    });
    const car = await author(test, corp.id, carSpec('not-lottery'));
    expect((await call('/api/crm/lotteryDraw', { activity_id: car.id }, me)).body).toMatchObject({
      msg: '该活动不支持此操作',
    });
    const other = await createCompany(test.db);
    const theirs = await author(test, other.id, lotterySpec('theirs'));
    const refused = await call<null>('/api/crm/lotteryDraw', { activity_id: theirs.id }, me);
    expect(refused).toMatchObject({ status: 404, body: { msg: '活动不存在', data: null } });
    expect((await call('/api/crm/lotteryDraw', { activity_id: 'x' }, me)).status).toBeLessThan(500);
  });
});

describe('coupons', () => {
  it('needs a proved phone, claims once, and its codes say nothing of each other', async () => {
    const { corp, activity } = await authorInNewCompany(
      test,
      couponSpec('coupon', { coupon: { title: '满5000减300', value_fen: 30_000, stock: 3, valid_days: 7 } }),
    );
    const me = await visitor(corp.id);
    expect((await call('/api/crm/coupon', { activity_id: activity.id }, me)).body).toMatchObject({
      msg: '请先验证手机号',
    });
    const proved = await provePhone(me, '13800138001');
    const first = await call<CouponClaim>('/api/crm/coupon', { activity_id: activity.id }, proved);
    expect(first.body).toMatchObject({
      code: 0,
      msg: '领取成功',
      data: { kind: 'coupon', title: '满5000减300', value_fen: 30_000, already: false, redeemed_at: null },
    });
    expect(first.body.data.expires_at).toBe(new Date(AT.getTime() + 7 * 86_400_000).toISOString());
    const again = await call<CouponClaim>('/api/crm/coupon', { activity_id: activity.id }, proved);
    expect(again.body).toMatchObject({
      code: 0,
      msg: '您已领取过该优惠券',
      data: { code: first.body.data.code, already: true },
    });

    const others: string[] = [first.body.data.code];
    for (const phone of ['13800138002', '13800138003']) {
      const cookie = await provePhone(await visitor(corp.id), phone);
      others.push((await call<CouponClaim>('/api/crm/coupon', { activity_id: activity.id }, cookie)).body.data.code);
    }
    // Three claims in a row: no shared prefix or step between codes (random, ~49 bits each).
    expect(new Set(others).size).toBe(3);
    const raw = others.map((c) => normaliseCode(c) ?? '');
    expect(raw[0]?.slice(0, 4)).not.toBe(raw[1]?.slice(0, 4));
    expect(raw[1]?.slice(0, 4)).not.toBe(raw[2]?.slice(0, 4));
    const late = await provePhone(await visitor(corp.id), '13800138004');
    expect((await call('/api/crm/coupon', { activity_id: activity.id }, late)).body).toMatchObject({
      msg: '优惠券已领完',
    });
    expect((await info(activity.id)).data.coupon).toMatchObject({ stock: 3, left: 0 });
  });

  it('is redeemed by staff of its company once, by typed code in any case, before it expires', async () => {
    clock = AT;
    const { corp, activity } = await authorInNewCompany(test, couponSpec('redeem'));
    const clerk = await createStaff(test.db, corp.id, { name: '核销员' });
    const me = await provePhone(await visitor(corp.id), '13800138011');
    const claimed = (await call<CouponClaim>('/api/crm/coupon', { activity_id: activity.id }, me)).body.data;
    const stranger = await createStaff(test.db, (await createCompany(test.db)).id);
    expect(
      (await call('/api/crm/couponRedeem', { code: claimed.code }, await staffCookie(test, stranger))).status,
    ).toBe(404);
    const typed = claimed.code.replace('-', ' ').toLowerCase();
    const redeemed = await call<Redeemed>('/api/crm/couponRedeem', { code: typed }, await staffCookie(test, clerk));
    expect(redeemed.body).toMatchObject({
      code: 0,
      msg: '核销成功',
      data: { code: claimed.code, activity_title: '家装节满减券', redeemed_at: AT.toISOString() },
    });
    const twice = await call('/api/crm/couponRedeem', { code: claimed.code }, await staffCookie(test, clerk));
    expect(twice.body).toMatchObject({ msg: '该券码已于 2026-05-02 10:00 核销' });
    expect((await call('/api/crm/couponRedeem', { code: 'ABC' }, await staffCookie(test, clerk))).body).toMatchObject({
      msg: '券码格式错误',
    });

    const other = await provePhone(await visitor(corp.id), '13800138012');
    const expiring = (await call<CouponClaim>('/api/crm/coupon', { activity_id: activity.id }, other)).body.data;
    clock = new Date(AT.getTime() + 8 * 86_400_000);
    expect(
      (await call('/api/crm/couponRedeem', { code: expiring.code }, await staffCookie(test, clerk))).body,
    ).toMatchObject({
      msg: '该券码已过期',
    });
    clock = AT;
  });
});

describe('test-drive booking and the staff list', () => {
  it('books with the spec formats, attributes the share link, and staff see it (phone masked)', async () => {
    clock = AT;
    const { corp, activity } = await authorInNewCompany(test, carSpec('car'));
    const sales = await createStaff(test.db, corp.id, { name: '销售小王' });
    const list = await test.app.inject({
      method: 'GET',
      url: '/api/crm/activityList',
      headers: { cookie: await staffCookie(test, sales) },
    });
    const mine = list.json<Body<StaffActivity[]>>().data.find((a) => a.id === activity.id);
    expect(mine).toMatchObject({ type: 'car', status: 'running', entries: 0 });
    const ref = new URL(mine?.share_path ?? '', 'http://x').searchParams.get('ref') ?? '';
    expect(mine?.share_path).toMatch(new RegExp(`^/activity/car/register/${activity.id}\\?ref=s${sales.id}\\.`));

    const me = await visitor(corp.id);
    const form = {
      activity_id: activity.id,
      name: '张三',
      phone: '13900139000',
      car_model: '轩逸',
      date: '2026-05-03',
    };
    expect((await call('/api/crm/addActivityData', { ...form, phone: '1390013' }, me)).body.code).not.toBe(0);
    expect((await call('/api/crm/addActivityData', { ...form, car_model: '法拉利' }, me)).body).toMatchObject({
      msg: '请选择车型',
    });
    expect((await call('/api/crm/addActivityData', { ...form, date: '2026-05-01' }, me)).body).toMatchObject({
      msg: '试驾日期须在今天到活动结束之间',
    });
    expect((await call('/api/crm/addActivityData', { ...form, ref }, me)).body).toMatchObject({
      code: 0,
      msg: '预约成功',
    });
    expect((await call('/api/crm/addActivityData', { ...form, ref }, me)).body).toMatchObject({
      code: 0,
      msg: '您已提交过，无需重复提交',
      data: { already: true },
    });
    // A forged ref attributes nothing.
    await call(
      '/api/crm/addActivityData',
      { ...form, name: '李四', ref: `s${sales.id}.AAAAAAAAAAAAAAAAAAAAAA` },
      await visitor(corp.id),
    );

    const page = await call<ActivityDataPage>(
      '/api/crm/getActivityDataList',
      { activity_id: activity.id },
      await staffCookie(test, sales),
    );
    expect(page.body.data).toMatchObject({ total: 2, activity: { id: activity.id, type: 'car' } });
    expect(page.body.data.list.map((r) => [r.name, r.phone, r.answers, r.shared_by])).toEqual([
      ['李四', '139****9000', { car_model: '轩逸', date: '2026-05-03' }, null],
      ['张三', '139****9000', { car_model: '轩逸', date: '2026-05-03' }, '销售小王'],
    ]);
    const stranger = await createStaff(test.db, (await createCompany(test.db)).id);
    expect(
      (await call('/api/crm/getActivityDataList', { activity_id: activity.id }, await staffCookie(test, stranger)))
        .status,
    ).toBe(404);
    const rebateOnly = await createStaff(test.db, corp.id, { jobs: [6] });
    expect(
      (await call('/api/crm/getActivityDataList', { activity_id: activity.id }, await staffCookie(test, rebateOnly)))
        .status,
    ).toBe(403);
  });
});

describe('fair sign-in, visitor side', () => {
  it('registers, answers the questionnaire, and lists the visitor’s sign-ins; staff see them', async () => {
    const { corp, activity } = await authorInNewCompany(test, signinSpec('signin'));
    const staffer = await createStaff(test.db, corp.id);
    const me = await visitor(corp.id);
    expect(
      (await call('/api/crm/addActivityData', { activity_id: activity.id, kind: 'subscribe', answers: '{}' }, me)).body,
    ).toMatchObject({ msg: '请先完成报名' });
    expect(
      (await call('/api/crm/addActivityData', { activity_id: activity.id, name: '王五', phone: '13700137000' }, me))
        .body,
    ).toMatchObject({ code: 0, msg: '报名成功' });
    const partial = JSON.stringify({ area: '90-140㎡' });
    expect(
      (await call('/api/crm/addActivityData', { activity_id: activity.id, kind: 'subscribe', answers: partial }, me))
        .body,
    ).toMatchObject({ msg: '请回答全部问题' });
    const answers = JSON.stringify({ area: '90-140㎡', when: '半年内' });
    expect(
      (await call('/api/crm/addActivityData', { activity_id: activity.id, kind: 'subscribe', answers }, me)).body,
    ).toMatchObject({ code: 0, msg: '提交成功' });
    const list = await call<ActivityMine>('/api/crm/activityMine', {}, me);
    expect(list.body.data.entries.map((e) => [e.activity_title, e.kind])).toEqual([
      ['家装节现场签到', 'subscribe'],
      ['家装节现场签到', 'register'],
    ]);
    const page = await call<ActivityDataPage>(
      '/api/crm/getActivityDataList',
      { activity_id: activity.id },
      await staffCookie(test, staffer),
    );
    expect(page.body.data.list.map((r) => r.kind)).toEqual(['subscribe', 'register']);
  });
});

describe('who may call what', () => {
  it('a visitor session reaches only activity calls; staff, partners and channel agents not the visitor ones', async () => {
    const { corp, activity } = await authorInNewCompany(test, lotterySpec('who'));
    const owner = await createStaff(test.db, corp.id);
    const me = await visitor(corp.id);
    for (const [url, fields] of [
      ['/api/crm/getActivityDataList', { activity_id: activity.id }],
      ['/api/crm/couponRedeem', { code: 'ABCDE-FGHJK' }],
      ['/api/crm/clientList', {}],
      ['/api/crm/userinfo', { id: owner.id }],
      ['/api/crm/fairCheckin', { fair_id: 1 }],
      ['/api/houseloan/list', {}],
      ['/api/crm/updateOutsideClient', {}],
    ] as const)
      expect((await call(url, fields, me)).status, url).toBe(403);
    const staffSession = await staffCookie(test, owner);
    const partner = await sessionCookie(test, {
      kind: 'partner',
      corpId: corp.id,
      partnerId: (await createPartner(test.db, owner)).id,
    });
    for (const cookie of [staffSession, partner])
      for (const url of [
        '/api/crm/lotteryDraw',
        '/api/crm/coupon',
        '/api/crm/addActivityData',
        '/api/crm/activityMine',
        '/api/crm/lotteryLogin',
      ])
        expect((await call(url, { activity_id: activity.id }, cookie)).status, url).toBe(403);
    for (const url of [
      '/api/crm/lotteryDraw',
      '/api/crm/coupon',
      '/api/crm/lotteryLogin',
      '/api/crm/getActivityDataList',
    ])
      expect((await postForm(test.app, url, { activity_id: activity.id })).statusCode, url).toBe(401);
  });
});
