import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { staffCookie } from '../test/sessions.ts';
import { seedDemo } from './seed.ts';

let test: TestApp;
beforeAll(async () => {
  test = await buildTestApp();
  await seedDemo(test.db);
}, 240_000);
afterAll(() => test.close());

type Body<T> = { code: number; msg: string; data: T };
const read = async <T>(url: string, cookie: string) =>
  (await test.app.inject({ method: 'GET', url, headers: { cookie } })).json<Body<T>>().data;

describe('the demo seed of the FAQ authors’ pages (issue 46)', () => {
  it('何管理 finds the company’s synonym groups, their audit lines, and the questions the copilot refused', async () => {
    const cookie = await staffCookie(test, { corpId: 1, id: 50 });
    const synonyms = await read<{ list: { words: string[] }[] }>('/api/admin/faq/synonyms', cookie);
    expect(synonyms.list.map((g) => g.words)).toEqual([
      ['放款', '落袋', '到卡'],
      ['撞单', '撞车', '碰单'],
      ['补件', '补料', '补东西'],
    ]);
    const audit = await read<{ list: { action: string }[] }>('/api/admin/audit', cookie);
    expect(audit.list.filter((row) => row.action === 'faq.synonym.add')).toHaveLength(3);
    const unanswered = await read<{ list: { question: string; times: number }[]; open: number }>(
      '/api/admin/faq/unanswered',
      cookie,
    );
    expect(unanswered.open).toBe(3);
    expect(unanswered.list.map((q) => [q.question, q.times])).toEqual([
      ['团建费用找谁报销', 1],
      ['停车场怎么收费', 2],
      ['公司年会定在哪天开？', 1],
    ]);
    // The company's group 放款 落袋 到卡 lets a salesperson's own word find the entry.
    const answer = await test.app.inject({
      method: 'POST',
      url: '/api/crm/faqCopilot',
      payload: { question: '落袋要多久' },
      headers: { cookie: await staffCookie(test, { corpId: 1, id: 1 }) },
    });
    expect(answer.json<Body<{ citations: { title: string }[] }>>().data.citations[0]?.title).toBe(
      '审批通过后多久能放款？',
    );
  });
});
