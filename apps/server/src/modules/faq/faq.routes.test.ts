import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FaqAnswer, FaqDetail, FaqPage } from '@crm/domain/api/faq';
import { faqQuestions } from '../../db/schema/faq.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createCompany, createStaff, createTeam } from '../../test/factories.ts';
import { importDemoFaq } from '../../test/factories-faq.ts';
import { createBrokerageUser, createChannel } from '../../test/factories-house.ts';
import { getForBody, postForBody } from '../../test/http.ts';
import { newPartnerCookie, sessionCookie, staffCookie } from '../../test/sessions.ts';

type Body<T> = { code: number; msg: string; data: T };

let test: TestApp;
let ids: Map<string, number>;
let otherIds: Map<string, number>;
let me: string;
let colleague: string;
let outsider: string;
let partner: string;
let agent: string;
let leaderName: string;
const id = (key: string) => ids.get(key) ?? 0;

beforeAll(async () => {
  test = await buildTestApp({ config: { COPILOT_PER_MINUTE: '0' } });
  const corp = await createCompany(test.db);
  const team = await createTeam(test.db, corp.id);
  const sales = await createStaff(test.db, corp.id, { teamId: team.id });
  const leader = await createStaff(test.db, corp.id, { teamId: team.id, isLeader: true, name: '带队组长' });
  leaderName = leader.name;
  me = await staffCookie(test, sales);
  colleague = await staffCookie(test, leader);
  ids = await importDemoFaq(test.db, corp.id);
  const other = await createCompany(test.db);
  otherIds = await importDemoFaq(test.db, other.id);
  outsider = await staffCookie(test, await createStaff(test.db, other.id));
  partner = await newPartnerCookie(test, sales);
  const channel = await createChannel(test.db, corp.id, sales.id);
  const brokerageUser = await createBrokerageUser(test.db, corp.id, sales.id, {
    channelId: channel.id,
    phone: '13700008881',
  });
  agent = await sessionCookie(test, { kind: 'channel', corpId: corp.id, channelAgentId: brokerageUser.id });
}, 60_000);
afterAll(() => test.close());

const get = <T>(url: string, query: Record<string, string>, cookie?: string) =>
  getForBody<Body<T>>(test.app, url, query, { cookie });
const post = <T>(url: string, fields: Record<string, string | number>, cookie?: string) =>
  postForBody<Body<T>>(test.app, url, fields, cookie ? { cookie } : {});

describe('faqType and faqCategory', () => {
  it('list the company’s types, and the categories of one type', async () => {
    const types = await get<{ id: number; name: string }[]>('/api/crm/faqType', {}, me);
    expect(types.body.data.map((t) => t.name)).toEqual([
      '产品政策',
      '材料与补件',
      '佣金与结算',
      '合规与风控',
      '流程与系统',
    ]);
    const type = types.body.data[1];
    const categories = await get<{ type_id: number; name: string }[]>(
      '/api/crm/faqCategory',
      { type_id: String(type?.id) },
      me,
    );
    expect(categories.body.data.map((c) => c.name).sort()).toEqual(['补件', '进件材料'].sort());
    expect(categories.body.data.every((c) => c.type_id === type?.id)).toBe(true);
  });

  it('refuses a bad type id in Chinese, and shows nothing of another company’s types', async () => {
    const bad = await get('/api/crm/faqCategory', { type_id: 'abc' }, me);
    expect(bad.body.code).not.toBe(0);
    expect(bad.body.msg).toBe('分类无效');
    const theirs = await get<{ id: number }[]>('/api/crm/faqType', {}, outsider);
    const mine = await get<{ id: number }[]>('/api/crm/faqType', {}, me);
    expect(theirs.body.data.map((t) => t.id)).not.toContain(mine.body.data[0]?.id);
    const cross = await get<unknown[]>('/api/crm/faqCategory', { type_id: String(mine.body.data[0]?.id) }, outsider);
    expect(cross.body.data).toEqual([]);
  });
});

describe('faqList', () => {
  it('pages the entries newest first, and finds by Chinese words', async () => {
    const first = await post<FaqPage>('/api/crm/faqList', { limit: 20 }, me);
    expect(first.body.data.list).toHaveLength(20);
    const second = await post<FaqPage>('/api/crm/faqList', { limit: 20, cursor: first.body.data.next_cursor ?? 0 }, me);
    expect(second.body.data.list).toHaveLength(10);
    expect(second.body.data.next_cursor).toBeNull();
    const found = await post<FaqPage>('/api/crm/faqList', { keyword: '补件要什么材料' }, me);
    expect(found.body.data.list[0]?.id).toBe(id('supplement-documents'));
    const byTitle = await post<FaqPage>('/api/crm/faqList', { keyword: '超限审批' }, me);
    expect(byTitle.body.data.list[0]?.id).toBe(id('over-limit-approval'));
  });

  it('refuses an over-long keyword in Chinese, and never lists another company’s entries', async () => {
    const bad = await post('/api/crm/faqList', { keyword: '贷'.repeat(101) }, me);
    expect(bad.body).toMatchObject({ code: 1, msg: '搜索词不能超过100个字', data: null });
    const theirs = await post<FaqPage>('/api/crm/faqList', { keyword: '补件' }, outsider);
    expect(theirs.body.data.list.map((e) => e.id)).not.toContain(id('supplement-documents'));
  });
});

describe('faqDetail, faqImage and faqFeedback', () => {
  it('shows an entry as blocks with its image, and counts each view', async () => {
    const first = await post<FaqDetail>('/api/crm/faqDetail', { id: id('supplement-documents') }, me);
    expect(first.body.code).toBe(0);
    expect(first.body.data).toMatchObject({
      title: '银行要求补件时需要准备哪些材料？',
      type_name: '材料与补件',
      my_vote: null,
    });
    const image = first.body.data.blocks.find((b) => b.type === 'image');
    expect(image).toMatchObject({ type: 'image', alt: '补件处理流程' });
    expect(first.body.data.blocks.filter((b) => b.type === 'item')).toHaveLength(5);
    const again = await post<FaqDetail>('/api/crm/faqDetail', { id: id('supplement-documents') }, colleague);
    expect(again.body.data.views).toBe(first.body.data.views + 1);
    const png = await test.app.inject({
      method: 'GET',
      url: image?.type === 'image' ? image.url : '',
      headers: { cookie: me },
    });
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
  });

  it('moves one person’s vote rather than counting it twice', async () => {
    const entry = id('brokerage-split');
    expect((await post('/api/crm/faqFeedback', { id: entry, helpful: 'true' }, me)).body).toMatchObject({
      code: 0,
      msg: '感谢反馈',
      data: { helpful: 1, not_helpful: 0 },
    });
    await post('/api/crm/faqFeedback', { id: entry, helpful: 'true' }, me);
    const moved = await post('/api/crm/faqFeedback', { id: entry, helpful: 'false' }, me);
    expect(moved.body.data).toEqual({ helpful: 0, not_helpful: 1 });
    const detail = await post<FaqDetail>('/api/crm/faqDetail', { id: entry }, me);
    expect(detail.body.data.my_vote).toBe(false);
  });

  it('refuses bad input in Chinese', async () => {
    expect((await post('/api/crm/faqDetail', { id: 'x' }, me)).body).toMatchObject({ code: 1, msg: '问答编号无效' });
    expect(
      (await post('/api/crm/faqFeedback', { id: id('brokerage-split'), helpful: 'maybe' }, me)).body,
    ).toMatchObject({
      code: 1,
      msg: '请选择有帮助或没帮助',
    });
  });

  it('answers 404 for another company’s entry and image, 403 to a partner or agent, 401 without a session', async () => {
    const theirs = otherIds.get('supplement-documents') ?? 0;
    for (const [url, fields] of [
      ['/api/crm/faqDetail', { id: theirs }],
      ['/api/crm/faqFeedback', { id: theirs, helpful: 'true' }],
    ] as const) {
      const answer = await post(url, fields, me);
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ code: 404, msg: '问答不存在', data: null });
    }
    const detail = await post<FaqDetail>('/api/crm/faqDetail', { id: theirs }, outsider);
    const image = detail.body.data.blocks.find((b) => b.type === 'image');
    const stolen = await test.app.inject({
      method: 'GET',
      url: image?.type === 'image' ? image.url : '',
      headers: { cookie: me },
    });
    expect(stolen.statusCode).toBe(404);
    for (const cookie of [partner, agent]) {
      expect((await post('/api/crm/faqDetail', { id: id('brokerage-split') }, cookie)).status).toBe(403);
      expect((await get('/api/crm/faqType', {}, cookie)).status).toBe(403);
      expect((await post('/api/crm/faqCopilot', { question: '补件要什么材料' }, cookie)).status).toBe(403);
    }
    expect((await post('/api/crm/faqList', {})).status).toBe(401);
    expect((await post('/api/crm/faqCopilot', { question: '补件要什么材料' })).status).toBe(401);
  });
});

describe('faqCopilot without a model (the default)', () => {
  it('answers from one entry directly when it clearly answers', async () => {
    const answer = await post<FaqAnswer>('/api/crm/faqCopilot', { question: '超限审批怎么走？返佣比例超过标准' }, me);
    expect(answer.body.data).toMatchObject({
      kind: 'direct',
      citations: [{ n: 1, id: id('over-limit-approval'), title: '返佣比例超过标准怎么办？超限审批怎么走？' }],
    });
    expect(answer.body.data.answer).toContain('[1]');
  });

  it('answers extractively from the best entries, citing them by number', async () => {
    const answer = await post<FaqAnswer>('/api/crm/faqCopilot', { question: '银行打回来说材料不够，要补什么？' }, me);
    expect(answer.body.data.kind).toBe('extractive');
    expect(answer.body.data.citations[0]).toMatchObject({ n: 1, id: id('supplement-documents') });
    expect(answer.body.data.answer).toMatch(/^根据问答库：/);
    expect(answer.body.data.answer).toContain('[1]');
  });

  it('says it does not know, offers the team leader, and logs the question for FAQ authors', async () => {
    const answer = await post<FaqAnswer>('/api/crm/faqCopilot', { question: '停车场怎么收费' }, me);
    expect(answer.body.data).toMatchObject({ kind: 'unknown', citations: [], leader: { name: leaderName } });
    expect(answer.body.data.answer).toContain('不能凭空回答');
    const logged = await test.db.select().from(faqQuestions);
    expect(logged.some((row) => row.question === '停车场怎么收费' && row.kind === 'unknown')).toBe(true);
  });

  it('masks a client’s phone and ID number before storing the question', async () => {
    await post('/api/crm/faqCopilot', { question: '客户13912345678身份证310101199001011234补件要什么' }, me);
    const logged = await test.db.select().from(faqQuestions);
    const row = logged.find((r) => r.question.startsWith('客户139'));
    expect(row?.question).toBe('客户139****5678身份证310101********1234补件要什么');
  });

  it('refuses a too short or too long question in Chinese', async () => {
    expect((await post('/api/crm/faqCopilot', { question: '补' }, me)).body).toMatchObject({
      code: 1,
      msg: '问题太短，请多写几个字',
    });
    expect((await post('/api/crm/faqCopilot', { question: '问'.repeat(301) }, me)).body).toMatchObject({
      code: 1,
      msg: '问题不能超过300个字',
    });
  });

  it('keeps the conversation per person', async () => {
    const mine = await get<FaqAnswer[]>('/api/crm/faqCopilotHistory', {}, me);
    expect(mine.body.data.length).toBeGreaterThanOrEqual(4);
    expect(mine.body.data.at(-1)?.question).toContain('补件要什么');
    expect(mine.body.data.find((t) => t.kind === 'extractive')?.citations[0]?.n).toBe(1);
    const theirs = await get<FaqAnswer[]>('/api/crm/faqCopilotHistory', {}, colleague);
    expect(theirs.body.data).toEqual([]);
  });
});
