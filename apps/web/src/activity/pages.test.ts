import * as E from '@crm/domain/endpoints/activity';
import * as EAuth from '@crm/domain/endpoints/auth';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { derivePool, poolHash, seedCommitment } from '@crm/domain/activity';
import type { ActivityInfo, ActivityMine } from '@crm/domain/api/activity';
import { fail, installFakeApi, ok, type Answers, type FakeApi, on } from '../test/fake-api.ts';
import { renderActivityPage } from './pages.ts';

/*
 * The visitor pages (decision 056) against a stubbed API: what a visitor sees and what each tap sends. The
 * pages are plain DOM, so the tests drive them directly.
 */

/** The fake server of the last `stubApi`: what the page asked, answered by endpoint (test/fake-api.ts). */
let api: FakeApi;
const stubApi = (answers: Answers) => {
  api = installFakeApi(answers);
};

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Released over four days, undrawn tickets lapsing: the plan is part of the committed pool (decision 070). */
const release = { every: 'day' as const, rollover: false, periods: 4 };
const composition = {
  size: 20,
  prizes: [
    { tier: 1, stock: 1 },
    { tier: 3, stock: 2 },
  ],
  release,
};
const seed = 'f'.repeat(64);
const pool = derivePool(seed, composition);

function lottery(overrides: Partial<ActivityInfo> = {}): ActivityInfo {
  return {
    id: 7,
    corp_id: 1,
    type: 'lottery',
    title: '五一幸运大抽奖',
    intro: '每人一次',
    cover_url: '',
    starts_at: '2026-05-01T00:00:00Z',
    ends_at: '2026-05-05T00:00:00Z',
    status: 'running',
    requires_phone: false,
    complaint_contact: '投诉电话 400-800-1234',
    fields: [],
    questions: [],
    fair: null,
    lottery: {
      pool_size: 20,
      prizes: [
        {
          tier: 1,
          name: '扫地机器人',
          stock: 1,
          value_fen: 199_900,
          odds: '1/20（5%）',
          left_now: 1,
          redeem_note: '到店领取',
        },
        { tier: 3, name: '水杯', stock: 2, value_fen: 3_900, odds: '2/20（10%）', left_now: 0, redeem_note: '' },
      ],
      seed_commitment: seedCommitment(seed),
      pool_hash: poolHash(pool, release),
      drawn: 3,
      seed: null,
      thank_you_odds: '17/20（85%）',
      release: { ...release, current: 2 },
    },
    coupon: null,
    ...overrides,
  };
}

const noneYet: ActivityMine = { phone: null, entries: [], draws: [], codes: [] };
/** A draw that won the first prize, with its redemption code. */
const firstPrize: ActivityMine['draws'][number] = {
  activity_id: 7,
  ticket: 2,
  tier: 1,
  tier_label: '一等奖',
  prize: { name: '扫地机器人', redeem_note: '到店领取' },
  code: {
    kind: 'prize',
    code: 'ABCDE-FGHJK',
    title: '扫地机器人',
    value_fen: 0,
    expires_at: '2026-06-04T16:00:00Z',
    redeemed_at: null,
  },
  drawn_at: '2026-05-02T02:00:00Z',
};

async function open(path: string) {
  const root = document.createElement('main');
  const went: string[] = [];
  const replaced: string[] = [];
  await renderActivityPage({
    root,
    url: new URL(path, 'http://localhost'),
    go: (to) => went.push(to),
    replace: (to) => replaced.push(to),
  });
  return { root, went, replaced };
}

const click = (el: Element | null | undefined) => (el as HTMLElement).click();
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the section entry (spec §2: /activity, empty, redirects to test)', () => {
  it.each([
    ['/activity', '/activity/test'],
    ['/activity/', '/activity/test'],
    ['/activity?from=menu', '/activity/test?from=menu'],
  ])('puts %s in place of itself as %s and shows the test page', async (path, to) => {
    stubApi([]);
    const { root, replaced, went } = await open(path);
    expect(replaced).toEqual([to]);
    expect(went).toEqual([]);
    expect(root.querySelector('h1')?.textContent).toBe('活动');
    expect(root.textContent).toContain('请从活动链接或二维码进入');
    expect(api.calls).toEqual([]);
  });

  it('shows the test page at /activity/test, where it already is', async () => {
    stubApi([]);
    const { root, replaced } = await open('/activity/test');
    expect(replaced).toEqual([]);
    expect(root.querySelector('h1')?.textContent).toBe('活动');
    expect(document.title).toBe('活动');
  });
});

describe('the lottery page', () => {
  it('shows the prizes and the published hashes, draws on a tap and opens the prize page', async () => {
    stubApi([
      on(E.getActivityinfo, ok(lottery())),
      on(E.activityVisitor, ok({ corp_id: 1, phone: null })),
      on(E.activityMine, ok(noneYet)),
      on(E.lotteryDraw, ok(firstPrize)),
    ]);
    const { root, went } = await open('/activity/lottery?id=7');
    expect(root.querySelector('h1')?.textContent).toBe('五一幸运大抽奖');
    // The odds panel: each tier's prize, value, count, odds and what is left today; then the plan.
    const rows = [...root.querySelectorAll('table.act-odds tr')].map((tr) =>
      [...tr.children].map((cell) => cell.textContent),
    );
    expect(rows).toEqual([
      ['奖项', '奖品', '价值', '数量', '每次中奖概率', '今日剩余'],
      ['一等奖', '扫地机器人', '¥1999.00', '1', '1/20（5%）', '1'],
      ['三等奖', '水杯', '¥39.00', '2', '2/20（10%）', '0'],
      ['谢谢参与', '—', '—', '—', '17/20（85%）', '—'],
    ]);
    expect(root.textContent).toContain(
      '奖品按天分 4 期平均投放，现为第 2 期；当期未抽完的奖券作废，不顺延。发放计划已计入奖池哈希。',
    );
    expect(root.textContent).toContain('投诉与咨询：投诉电话 400-800-1234');
    expect(root.textContent).toContain(seedCommitment(seed));
    expect(root.textContent).toContain('奖池 20 张，已抽 3 张');
    click([...root.querySelectorAll('button')].find((b) => b.textContent === '立即抽奖'));
    await settle();
    expect(api.calls.at(-1)).toMatchObject({ path: E.lotteryDraw.path, fields: { activity_id: '7' } });
    expect(went).toEqual(['/activity/lottery/Prize?id=7']);
  });

  it('sends a visitor without a session to WeChat and back to the same page', async () => {
    stubApi([on(E.getActivityinfo, ok(lottery())), on(E.activityVisitor, fail('登录已失效，请重新登录', 401, 401))]);
    const { went } = await open('/interface/lottery?id=7');
    expect(went).toEqual([`/api/activity/oauth?activity=7&to=${encodeURIComponent('/interface/lottery?id=7')}`]);
  });

  it('asks for the phone first where the activity wants it, and says when the draw is refused', async () => {
    stubApi([
      on(E.getActivityinfo, ok(lottery({ requires_phone: true }))),
      on(E.activityVisitor, ok({ corp_id: 1, phone: null })),
      on(E.activityMine, ok(noneYet)),
    ]);
    const { root } = await open('/activity/lottery?id=7');
    expect(root.querySelector('a.act-button')?.getAttribute('href')).toBe('/activity/lottery/login?id=7');
    expect(root.textContent).not.toContain('立即抽奖');

    stubApi([
      on(E.getActivityinfo, ok(lottery())),
      on(E.activityVisitor, ok({ corp_id: 1, phone: '138****0001' })),
      on(E.activityMine, ok(noneYet)),
      on(E.lotteryDraw, fail('您已参与过本次抽奖')),
    ]);
    const again = await open('/activity/lottery?id=7');
    click([...again.root.querySelectorAll('button')].find((b) => b.textContent === '立即抽奖'));
    await settle();
    expect(again.root.querySelector('[role="alert"]')?.textContent).toBe('您已参与过本次抽奖');
    expect(again.went).toEqual([]);
  });

  it('counts the SMS resend down from 59 with the one countdown, and offers a new code at zero', async () => {
    stubApi([
      on(E.getActivityinfo, ok(lottery({ requires_phone: true }))),
      on(E.activityVisitor, ok({ corp_id: 1, phone: null })),
      on(EAuth.smsCode, ok({ verifyCode: '123456' })),
    ]);
    const { root } = await open('/activity/lottery/login?id=7');
    const send = [...root.querySelectorAll('button')].find((b) => b.textContent === '获取验证码')!;
    (root.querySelector('#act-phone') as HTMLInputElement).value = '13800000001';
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      click(send);
      await vi.advanceTimersByTimeAsync(0);
      expect(send.textContent).toBe('59 秒后重发');
      expect(send.disabled).toBe(true);
      expect((root.querySelector('#act-code') as HTMLInputElement).value).toBe('123456');
      await vi.advanceTimersByTimeAsync(58_000);
      expect(send.textContent).toBe('1 秒后重发');
      expect(send.disabled).toBe(true);
      await vi.advanceTimersByTimeAsync(1000);
      expect(send.textContent).toBe('获取验证码');
      expect(send.disabled).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('after the end shows the seed, and the visitor re-derives the plan-based pool on the phone', async () => {
    const ended = lottery({ status: 'ended' });
    if (ended.lottery) ended.lottery.seed = seed;
    stubApi([on(E.getActivityinfo, ok(ended))]);
    const { root } = await open('/activity/lottery?id=7');
    expect(root.textContent).toContain(seed);
    click([...root.querySelectorAll('button')].find((b) => b.textContent === '在本机核验奖池'));
    expect(root.querySelector('[role="status"]')?.textContent).toBe(
      '核验通过：种子与承诺一致，推导出的奖池与公布的哈希一致',
    );

    const tampered = lottery({ status: 'ended' });
    if (tampered.lottery) tampered.lottery.seed = 'e'.repeat(64);
    stubApi([on(E.getActivityinfo, ok(tampered))]);
    const bad = await open('/activity/lottery?id=7');
    click([...bad.root.querySelectorAll('button')].find((b) => b.textContent === '在本机核验奖池'));
    expect(bad.root.querySelector('[role="status"]')?.textContent).toBe('核验失败：种子或奖池与公布的哈希不一致');
  });

  it('shows the prize won, how to redeem it and its code', async () => {
    stubApi([
      on(E.getActivityinfo, ok(lottery())),
      on(E.activityVisitor, ok({ corp_id: 1, phone: null })),
      on(
        E.activityMine,
        ok({
          ...noneYet,
          draws: [firstPrize],
        }),
      ),
    ]);
    const { root } = await open('/activity/lottery/Prize?id=7');
    expect(root.textContent).toContain('恭喜您抽中一等奖：扫地机器人');
    expect(root.textContent).toContain('领取方式：到店领取');
    expect(root.querySelector('.act-code')?.textContent).toBe('ABCDE-FGHJK');
    expect(root.textContent).toContain('有效期至 2026-06-05 00:00');
  });

  it('says so when the activity cannot load, and retries on a tap', async () => {
    stubApi([on(E.getActivityinfo, fail('x', 500, 500))]);
    const { root } = await open('/activity/lottery?id=7');
    expect(root.querySelector('[role="alert"]')?.textContent).toBe('加载失败，请检查网络后重试');
    expect(root.querySelector('button')?.textContent).toBe('重试');
  });

  it('refuses a WeChat snapshot page with the way out', async () => {
    stubApi([]);
    const { root } = await open('/activity/lottery?id=7&wechat=snapshot');
    expect(root.textContent).toContain('使用完整服务');
    expect(api.calls).toEqual([]);
  });
});

describe('the car booking page', () => {
  it('sends the form with the share link, keeps the input when refused, then opens the success page', async () => {
    let refuse = true;
    stubApi([
      on(
        E.getActivityinfo,
        ok(
          lottery({
            type: 'car',
            title: '试驾季',
            lottery: null,
            fields: [{ name: 'car_model', label: '车型', options: ['轩逸', '天籁'] }],
          }),
        ),
      ),
      on(E.activityVisitor, ok({ corp_id: 1, phone: null })),
      on(E.addActivityData, () => (refuse ? fail('试驾日期须在今天到活动结束之间') : ok({ id: 1, already: false }))),
    ]);
    const { root, went } = await open('/activity/car/register/7?ref=s1.abc');
    const input = (id: string) => root.querySelector<HTMLInputElement | HTMLSelectElement>(`#act-${id}`);
    expect(root.querySelector('label[for="act-name"]')?.textContent).toBe('姓名');
    (input('name') as HTMLInputElement).value = '张三';
    (input('phone') as HTMLInputElement).value = '13900139000';
    (input('car_model') as HTMLSelectElement).value = '轩逸';
    (input('date') as HTMLInputElement).value = '2026-05-03';
    root.querySelector('form')?.dispatchEvent(new Event('submit', { cancelable: true }));
    await settle();
    expect(api.lastCall(E.addActivityData).fields).toEqual({
      activity_id: '7',
      name: '张三',
      phone: '13900139000',
      car_model: '轩逸',
      date: '2026-05-03',
      ref: 's1.abc',
    });
    expect(root.querySelector('[role="alert"]')?.textContent).toBe('试驾日期须在今天到活动结束之间');
    expect((input('name') as HTMLInputElement).value).toBe('张三');
    refuse = false;
    root.querySelector('form')?.dispatchEvent(new Event('submit', { cancelable: true }));
    await settle();
    expect(went).toEqual(['/activity/car/success?id=7']);
  });
});

describe('the fair sign-in pages', () => {
  it('lists the visitor’s sign-ins, or says there are none', async () => {
    const signin = lottery({ type: 'signin', title: '家装节签到', lottery: null });
    stubApi([
      on(E.getActivityinfo, ok(signin)),
      on(E.activityVisitor, ok({ corp_id: 1, phone: null })),
      on(E.activityMine, ok(noneYet)),
    ]);
    expect((await open('/activity/signin/list?id=7')).root.textContent).toContain('还没有签到记录');
    stubApi([
      on(E.getActivityinfo, ok(signin)),
      on(E.activityVisitor, ok({ corp_id: 1, phone: null })),
      on(
        E.activityMine,
        ok({
          ...noneYet,
          entries: [
            {
              id: 1,
              activity_id: 7,
              activity_title: '家装节签到',
              type: 'signin',
              kind: 'register',
              name: '王五',
              phone: '137****7000',
              answers: {},
              created_at: '2026-05-02T02:00:00Z',
            },
          ],
        }),
      ),
    ]);
    expect((await open('/activity/signin/list?id=7')).root.textContent).toContain('家装节签到 · 2026-05-02 10:00');
  });
});
