import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../clock.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { tinyPng } from '../../test/factories-faq.ts';
import { createFaqRepository, createFaqService } from '../faq/index.ts';
import { createCompany } from '../../test/factories.ts';
import { cookieCaller } from '../../test/http.ts';
import { backOfficeCallers, type BackOfficeCallers } from './admin.test-helpers.ts';

const paper = (code: string, title = '合规小测') => `
code: ${code}
kind: exam
title: ${title}
pass_score: 60
time_limit_minutes: 10
assign:
  - all: true
questions:
  - type: judge
    text: 可以代客户签字。
    answer: false
    points: 100
`;
const activity = (corpId: number, key: string) => `
corp_id: ${corpId}
activities:
  - key: ${key}
    type: coupon
    title: 满减券${key}
    starts_at: 2030-07-01T09:00:00+08:00
    ends_at: 2030-07-31T21:00:00+08:00
    complaint_contact: 投诉电话 400-800-1234
    coupon: { title: 满5000减300, value_fen: 30000, stock: 10, valid_days: 30 }
`;

/** Exam papers and activities in the back office (decision 057): the files their commands load, uploaded. */
describe('the back office files (/api/admin/papers, /api/admin/activities)', () => {
  let test: TestApp;
  let callers: BackOfficeCallers;
  let corpA: { id: number };
  let corpB: { id: number };

  const call = cookieCaller(() => test.app);
  const audit = async (cookie: string) =>
    (await call<{ list: { action: string; after: unknown }[] }>(cookie, 'GET', '/api/admin/audit')).body.data.list;

  beforeAll(async () => {
    test = await buildTestApp();
    corpA = await createCompany(test.db, 'A公司');
    corpB = await createCompany(test.db, 'B公司');
    callers = await backOfficeCallers(test, corpA, corpB);
  });
  afterAll(() => test.close());

  it('uploads a paper file, lists it, audits it, and keeps it out of another company', async () => {
    const uploaded = await call(callers.admin, 'POST', '/api/admin/papers/upload', { text: paper('q1') });
    expect(uploaded.body).toMatchObject({ code: 0, data: { code: 'q1', title: '合规小测', questions: 1 } });
    const list = await call<{ list: { code: string; kind: string }[] }>(callers.admin, 'GET', '/api/admin/papers');
    expect(list.body.data.list).toEqual([expect.objectContaining({ code: 'q1', kind: 'exam' })]);
    expect((await audit(callers.admin))[0]).toMatchObject({
      action: 'paper.upload',
      after: { code: 'q1', questions: 1 },
    });
    const theirs = await call<{ list: unknown[] }>(callers.otherAdmin, 'GET', '/api/admin/papers');
    expect(theirs.body.data.list).toEqual([]);
    // Loading the same code again replaces the paper nobody has started.
    await call(callers.admin, 'POST', '/api/admin/papers/upload', { text: paper('q1', '合规小测（修订）') });
    const again = await call<{ list: { title: string }[] }>(callers.admin, 'GET', '/api/admin/papers');
    expect(again.body.data.list.map((row) => row.title)).toEqual(['合规小测（修订）']);
  });

  it('refuses a bad paper file with its problems and writes nothing', async () => {
    const notYaml = await call(callers.admin, 'POST', '/api/admin/papers/upload', { text: 'code: [' });
    expect(notYaml.body).toMatchObject({ code: 1, msg: '文件不是有效的 YAML' });
    const badAssign = await call(callers.admin, 'POST', '/api/admin/papers/upload', {
      text: paper('q2').replace('- all: true', '- staff: "13999999999"'),
    });
    expect(badAssign.body).toMatchObject({ code: 1, msg: '该公司没有手机号为 13999999999 的员工' });
    const empty = await call(callers.admin, 'POST', '/api/admin/papers/upload', { text: '' });
    expect(empty.body).toMatchObject({ code: 1, msg: '请选择文件' });
    const list = await call<{ list: { code: string }[] }>(callers.admin, 'GET', '/api/admin/papers');
    expect(list.body.data.list.map((row) => row.code)).not.toContain('q2');
    expect((await audit(callers.admin)).filter((row) => row.action === 'paper.upload')).toHaveLength(2);
  });

  it('uploads an activity file into the caller company only, and audits it', async () => {
    const uploaded = await call(callers.admin, 'POST', '/api/admin/activities/upload', {
      text: activity(corpA.id, 'a1'),
    });
    expect(uploaded.body).toMatchObject({ code: 0, data: [{ key: 'a1', title: '满减券a1' }] });
    const list = await call<{ list: { key: string; type: string }[] }>(callers.admin, 'GET', '/api/admin/activities');
    expect(list.body.data.list).toEqual([expect.objectContaining({ key: 'a1', type: 'coupon' })]);
    expect((await audit(callers.admin))[0]).toMatchObject({ action: 'activity.upload', after: [{ key: 'a1' }] });
    const foreign = await call(callers.admin, 'POST', '/api/admin/activities/upload', {
      text: activity(corpB.id, 'b1'),
    });
    expect(foreign.body).toMatchObject({ code: 1, msg: '文件的 corp_id 不是本公司' });
    const theirs = await call<{ list: unknown[] }>(callers.otherAdmin, 'GET', '/api/admin/activities');
    expect(theirs.body.data.list).toEqual([]);
    const bad = await call(callers.admin, 'POST', '/api/admin/activities/upload', {
      text: activity(corpA.id, 'a2').replace('type: coupon', 'type: nothing'),
    });
    expect(bad.body.code).toBe(1);
    expect(bad.body.msg).toBe('活动 1 · 类型: 应为 car、lottery、coupon、signin 之一');
  });

  it('uploads an FAQ Markdown file keyed by its name, lists it with its type and category, and updates it on a second upload', async () => {
    const markdown = (title: string) =>
      `---\ntitle: ${title}\ntype: 业务\ncategory: 放款\nkeywords: 放款 时间\n---\n放款一般在审批后 3 个工作日内完成。\n`;
    const uploaded = await call(callers.admin, 'POST', '/api/admin/faq/upload', {
      name: 'loan-time',
      text: markdown('放款要多久'),
    });
    expect(uploaded.body).toMatchObject({
      code: 0,
      data: { key: 'loan-time', title: '放款要多久', type: '业务', category: '放款' },
    });
    await call(callers.admin, 'POST', '/api/admin/faq/upload', { name: 'loan-time', text: markdown('放款需要多久') });
    const list = await call<{ list: { key: string; title: string; category: string }[] }>(
      callers.admin,
      'GET',
      '/api/admin/faq',
    );
    expect(list.body.data.list).toEqual([
      expect.objectContaining({ key: 'loan-time', title: '放款需要多久', category: '放款' }),
    ]);
    expect((await audit(callers.admin))[0]).toMatchObject({ action: 'faq.upload', after: { title: '放款需要多久' } });
    expect((await call<{ list: unknown[] }>(callers.otherAdmin, 'GET', '/api/admin/faq')).body.data.list).toEqual([]);
    // The staff's FAQ search finds it.
    const found = await call(callers.plain, 'POST', '/api/crm/faqList', { keyword: '放款' });
    expect(JSON.stringify(found.body)).toContain('放款需要多久');
  });

  it('refuses an FAQ file without its front matter, or with a bad name', async () => {
    const bare = await call(callers.admin, 'POST', '/api/admin/faq/upload', { name: 'bare', text: '只有正文' });
    expect(bare.body).toMatchObject({ code: 1, msg: 'bare: 缺少开头的 --- 属性块（title、type、category）' });
    const badName = await call(callers.admin, 'POST', '/api/admin/faq/upload', { name: '../x', text: '---\n---\n' });
    expect(badName.body).toMatchObject({ code: 1, msg: '文件名只能用字母、数字、汉字、下划线和连字符' });
  });

  const paperForm = {
    code: 'form-q1',
    kind: 'exam',
    title: '表单小测',
    intro: '',
    time_limit_minutes: 15,
    pass_score: 60,
    max_attempts: 2,
    opens_at: '2030-01-01T01:00:00.000Z',
    closes_at: '2030-03-31T10:00:00.000Z',
    show_answers: true,
    anonymous: false,
    owner: null,
    assign: [{ all: true }],
    questions: [
      { type: 'single', text: '必须核验的证件是？', options: ['身份证原件', '驾驶证'], answer: 'A', points: 20 },
      { type: 'multiple', text: '哪些违规？', options: ['代签', '如实告知', '收现金'], answer: ['A', 'C'], points: 30 },
      { type: 'judge', text: '可以把身份证号发到群里。', answer: false, points: 20 },
      { type: 'short', text: '解释年化利率。', reference: '按年计算的成本', points: 30 },
    ],
  };
  type PaperEntry = { id: number; started: boolean; file: typeof paperForm };

  it('creates a paper from the form, reads it back as its file, edits it, and audits both', async () => {
    const created = await call<{ id: number; code: string; questions: number }>(
      callers.admin,
      'POST',
      '/api/admin/papers/save',
      {
        paper: paperForm,
      },
    );
    expect(created.body).toMatchObject({ code: 0, msg: '已保存', data: { code: 'form-q1', questions: 4 } });
    expect((await audit(callers.admin))[0]).toMatchObject({
      action: 'paper.add',
      after: { code: 'form-q1', title: '表单小测' },
    });
    const loaded = await call<PaperEntry>(callers.admin, 'GET', `/api/admin/papers/entry?id=${created.body.data.id}`);
    expect(loaded.body.data).toEqual({ id: created.body.data.id, started: false, file: paperForm });
    const edited = await call<{ id: number }>(callers.admin, 'POST', '/api/admin/papers/save', {
      paper: { ...paperForm, title: '表单小测（修订）' },
    });
    expect(edited.body.code).toBe(0);
    const [row] = await audit(callers.admin);
    expect(row).toMatchObject({
      action: 'paper.update',
      before: { title: '表单小测', questions: [expect.objectContaining({ answer: 'A' }), {}, {}, {}] },
      after: { title: '表单小测（修订）' },
    });
    const list = await call<{ list: { code: string; title: string }[] }>(callers.admin, 'GET', '/api/admin/papers');
    expect(list.body.data.list.filter((p) => p.code === 'form-q1').map((p) => p.title)).toEqual(['表单小测（修订）']);
  });

  it("refuses a form's paper by the file's own rules, and another company's paper, writing nothing", async () => {
    const noLimit = await call(callers.admin, 'POST', '/api/admin/papers/save', {
      paper: { ...paperForm, code: 'form-q2', time_limit_minutes: null },
    });
    expect(noLimit.body).toMatchObject({ code: 1, msg: '时长（分钟）: 考试须设置时长' });
    const badLetter = await call(callers.admin, 'POST', '/api/admin/papers/save', {
      paper: { ...paperForm, code: 'form-q2', pass_score: 0, questions: [{ ...paperForm.questions[0], answer: 'D' }] },
    });
    expect(badLetter.body).toMatchObject({ code: 1, msg: '题目 1: 答案字母超出选项范围' });
    const notAPaper = await call(callers.admin, 'POST', '/api/admin/papers/save', { paper: 'code: x' });
    expect(notAPaper.body).toMatchObject({ code: 1, msg: '试卷内容无效' });
    const list = await call<{ list: { code: string; id: number }[] }>(callers.admin, 'GET', '/api/admin/papers');
    expect(list.body.data.list.map((p) => p.code)).not.toContain('form-q2');
    const mine = list.body.data.list[0]!;
    const peek = await call(callers.otherAdmin, 'GET', `/api/admin/papers/entry?id=${mine.id}`);
    expect(peek.status).toBe(404);
    expect(peek.body.msg).toBe('试卷不存在');
  });

  const lotteryForm = {
    key: 'form-lottery',
    type: 'lottery',
    title: '表单抽奖',
    intro: '每人一次。',
    cover_url: '',
    starts_at: '2030-07-01T01:00:00.000Z',
    ends_at: '2030-07-31T13:00:00.000Z',
    requires_phone: true,
    complaint_contact: '投诉电话 400-800-1234',
    published: false,
    fields: [],
    questions: [],
    lottery: {
      pool_size: 100,
      prize_redeem_days: 30,
      prizes: [
        { tier: 1, name: '扫地机器人', stock: 1, value_fen: 199_900, redeem_note: '到店领取' },
        { tier: 2, name: '保温杯', stock: 5, value_fen: 3_900, redeem_note: '' },
      ],
    },
  };

  it('creates an activity from the form, reads it back as its file entry, edits it, and audits both', async () => {
    const created = await call<{ id: number; key: string }>(callers.admin, 'POST', '/api/admin/activities/save', {
      activity: lotteryForm,
    });
    expect(created.body).toMatchObject({ code: 0, msg: '已保存', data: { key: 'form-lottery', title: '表单抽奖' } });
    expect((await audit(callers.admin))[0]).toMatchObject({ action: 'activity.add', after: { key: 'form-lottery' } });
    const loaded = await call<{ id: number; spec: unknown }>(
      callers.admin,
      'GET',
      `/api/admin/activities/entry?id=${created.body.data.id}`,
    );
    expect(loaded.body.data).toEqual({ id: created.body.data.id, spec: lotteryForm });
    await call(callers.admin, 'POST', '/api/admin/activities/save', {
      activity: { ...lotteryForm, title: '表单抽奖（改）' },
    });
    expect((await audit(callers.admin))[0]).toMatchObject({
      action: 'activity.update',
      before: { title: '表单抽奖', lottery: { pool_size: 100 } },
      after: { title: '表单抽奖（改）' },
    });
    const list = await call<{ list: { key: string; title: string }[] }>(callers.admin, 'GET', '/api/admin/activities');
    expect(list.body.data.list.filter((a) => a.key === 'form-lottery').map((a) => a.title)).toEqual(['表单抽奖（改）']);
  });

  it("refuses a form's activity by the file's rules, and another company's activity", async () => {
    const tooMany = await call(callers.admin, 'POST', '/api/admin/activities/save', {
      activity: { ...lotteryForm, key: 'form-bad', lottery: { ...lotteryForm.lottery, pool_size: 3 } },
    });
    expect(tooMany.body).toMatchObject({ code: 1, msg: '(活动): 奖品总数超过奖池大小' });
    const noCoupon = await call(callers.admin, 'POST', '/api/admin/activities/save', {
      activity: { ...lotteryForm, key: 'form-bad', type: 'coupon', lottery: undefined },
    });
    expect(noCoupon.body).toMatchObject({ code: 1, msg: '(活动): 优惠券活动须写明优惠券（coupon）' });
    const list = await call<{ list: { key: string; id: number }[] }>(callers.admin, 'GET', '/api/admin/activities');
    expect(list.body.data.list.map((a) => a.key)).not.toContain('form-bad');
    const peek = await call(callers.otherAdmin, 'GET', `/api/admin/activities/entry?id=${list.body.data.list[0]!.id}`);
    expect(peek.status).toBe(404);
    expect(peek.body.msg).toBe('活动不存在');
  });

  type Entry = {
    id: number;
    key: string;
    title: string;
    type: string;
    category: string;
    keywords: string;
    body: string;
  };
  const form = {
    title: '提前还款怎么办',
    type: '业务',
    category: '还款',
    keywords: '提前 还款',
    body: '联系客服预约。',
  };

  it('creates an FAQ entry from the form, edits it, and audits both with before and after', async () => {
    const created = await call<Entry>(callers.admin, 'POST', '/api/admin/faq/save', form);
    expect(created.body).toMatchObject({
      code: 0,
      msg: '已保存',
      data: { ...form, key: expect.stringMatching(/^form-/) },
    });
    const { id, key } = created.body.data;
    expect((await audit(callers.admin))[0]).toMatchObject({
      action: 'faq.add',
      after: { id, title: '提前还款怎么办' },
    });
    const edited = await call<Entry>(callers.admin, 'POST', '/api/admin/faq/save', {
      ...form,
      id,
      title: '提前还款如何办理',
      body: '请联系客服预约，\n\n**至少提前 3 天**。',
    });
    expect(edited.body.data).toMatchObject({
      id,
      key,
      title: '提前还款如何办理',
      body: '请联系客服预约，\n\n**至少提前 3 天**。',
    });
    const [row] = await audit(callers.admin);
    expect(row).toMatchObject({
      action: 'faq.update',
      before: { title: '提前还款怎么办', body: '联系客服预约。' },
      after: { title: '提前还款如何办理' },
    });
    const loaded = await call<Entry>(callers.admin, 'GET', `/api/admin/faq/entry?id=${id}`);
    expect(loaded.body.data).toMatchObject({ key, title: '提前还款如何办理', category: '还款', keywords: '提前 还款' });
    const found = await call(callers.plain, 'POST', '/api/crm/faqList', { keyword: '提前还款' });
    expect(JSON.stringify(found.body)).toContain('提前还款如何办理');
    expect(JSON.stringify(found.body)).not.toContain('提前还款怎么办');
  });

  it("keeps an entry's images when the form edits it", async () => {
    const [id] = await createFaqService({
      repo: createFaqRepository(test.db),
      llm: null,
      now: systemClock,
      copilotPerMinute: 0,
    }).importEntries(corpA.id, [
      {
        key: 'with-picture',
        type: '业务',
        category: '流程',
        title: '办理流程',
        keywords: '',
        body: '见图：\n\n![流程](flow.png)',
        images: [{ name: 'flow.png', contentType: 'image/png', data: await tinyPng() }],
      },
    ]);
    const entry = (await call<Entry>(callers.admin, 'GET', `/api/admin/faq/entry?id=${id}`)).body.data;
    expect(entry.body).toMatch(/!\[流程\]\(faq-image:\d+\)/);
    const saved = await call<Entry>(callers.admin, 'POST', '/api/admin/faq/save', {
      ...entry,
      title: '办理流程（新）',
    });
    const imageId = /faq-image:(\d+)/.exec(saved.body.data.body)?.[1];
    expect(imageId).toBeDefined();
    const image = await test.app.inject({
      method: 'GET',
      url: `/api/crm/faqImage?id=${imageId}`,
      headers: { cookie: callers.plain },
    });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
  });

  it("refuses a form with a missing field, and another company's entry, writing nothing", async () => {
    const missing = await call(callers.admin, 'POST', '/api/admin/faq/save', { ...form, title: '  ' });
    expect(missing.body).toMatchObject({ code: 1, msg: '请填写标题' });
    const noBody = await call(callers.admin, 'POST', '/api/admin/faq/save', { ...form, body: '' });
    expect(noBody.body).toMatchObject({ code: 1, msg: '请填写正文' });
    const mine = (await call<Entry>(callers.admin, 'POST', '/api/admin/faq/save', { ...form, title: '只属于A' })).body
      .data;
    const peek = await call(callers.otherAdmin, 'GET', `/api/admin/faq/entry?id=${mine.id}`);
    expect(peek.status).toBe(404);
    expect(peek.body.msg).toBe('问答条目不存在');
    const overwrite = await call(callers.otherAdmin, 'POST', '/api/admin/faq/save', {
      ...form,
      id: mine.id,
      title: 'B改写',
    });
    expect(overwrite.status).toBe(404);
    expect(overwrite.body.msg).toBe('问答条目不存在');
    expect((await call<Entry>(callers.admin, 'GET', `/api/admin/faq/entry?id=${mine.id}`)).body.data.title).toBe(
      '只属于A',
    );
    expect((await call<{ list: unknown[] }>(callers.otherAdmin, 'GET', '/api/admin/faq')).body.data.list).toEqual([]);
    expect((await audit(callers.otherAdmin)).filter((row) => row.action.startsWith('faq.'))).toEqual([]);
  });

  it.each([
    ['GET', '/api/admin/faq', undefined],
    ['POST', '/api/admin/faq/upload', { name: 'x', text: 'x' }],
    ['GET', '/api/admin/faq/entry?id=1', undefined],
    ['POST', '/api/admin/faq/save', { title: 'x', type: 'x', category: 'x', body: 'x' }],
    ['GET', '/api/admin/papers', undefined],
    ['POST', '/api/admin/papers/upload', { text: paper('x') }],
    ['GET', '/api/admin/papers/entry?id=1', undefined],
    ['POST', '/api/admin/papers/save', { paper: { code: 'x' } }],
    ['GET', '/api/admin/activities', undefined],
    ['POST', '/api/admin/activities/upload', { text: 'corp_id: 1' }],
    ['GET', '/api/admin/activities/entry?id=1', undefined],
    ['POST', '/api/admin/activities/save', { activity: { key: 'x' } }],
  ] as const)('refuses %s %s to a non-admin, a partner and no session', async (method, url, payload) => {
    const refused = await call(callers.plain, method, url, payload);
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('仅公司管理员可使用后台管理');
    expect((await call(callers.partner, method, url, payload)).status).toBe(403);
    expect((await call('', method, url, payload)).status).toBe(401);
  });
});
