import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CopilotEvent, FaqAnswer } from '@crm/domain/api/faq';
import { startFakeLlm } from '../../adapters/llm/fake-llm-server.ts';
import { createOpenAiCompatibleLlm } from '../../adapters/llm/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createCompany, createStaff } from '../../test/factories.ts';
import { importDemoFaq } from '../../test/factories-faq.ts';
import { staffCookie } from '../../test/sessions.ts';

/*
 * The copilot with a model: the real OpenAI-compatible adapter against a local fake that streams like the
 * API, and the server streaming server-sent events over a real socket, read as the phone reads them
 * (fetch + ReadableStream).
 */
let fake: Awaited<ReturnType<typeof startFakeLlm>>;
let test: TestApp;
let base: string;
let cookie: string;
let ids: Map<string, number>;

beforeAll(async () => {
  fake = await startFakeLlm({ apiKey: 'sk-fake' });
  test = await buildTestApp({
    config: { COPILOT_PER_MINUTE: '0' },
    llm: createOpenAiCompatibleLlm({ baseUrl: fake.baseUrl, apiKey: 'sk-fake', model: 'fake-model' }),
  });
  const corp = await createCompany(test.db);
  ids = await importDemoFaq(test.db, corp.id);
  cookie = await staffCookie(test, await createStaff(test.db, corp.id));
  base = await test.app.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);
afterAll(async () => {
  await test.close();
  await fake.close();
});

/** Asks over HTTP as the phone does; each event with the time (performance.now()) it arrived. */
async function ask(question: string) {
  const form = new FormData();
  form.append('question', question);
  const response = await fetch(`${base}/api/crm/faqCopilot`, {
    method: 'POST',
    body: form,
    headers: { cookie, accept: 'text/event-stream' },
  });
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  const events: { at: number; event: CopilotEvent }[] = [];
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      end = buffer.indexOf('\n\n');
      if (line.startsWith('data: '))
        events.push({ at: performance.now(), event: JSON.parse(line.slice(6)) as CopilotEvent });
    }
  }
  const done = events.find((e) => e.event.type === 'done')?.event;
  return { events, answer: done?.type === 'done' ? done.answer : (null as FaqAnswer | null) };
}

describe('faqCopilot with a model, streamed', () => {
  it('streams the model’s text as it comes and sends it the retrieved entries only', async () => {
    fake.script({ chunks: ['自雇客户', '主要看经营流水', '和资产[1]', '。'], firstChunkMs: 200, gapMs: 50 });
    const { events, answer } = await ask('做生意的老板能在哪家银行贷款');
    const deltas = events.filter((e) => e.event.type === 'delta').map((e) => (e.event as { text: string }).text);
    expect(deltas.length).toBeGreaterThanOrEqual(3);
    expect(deltas.join('')).toBe('自雇客户主要看经营流水和资产[1]。');
    expect(answer).toMatchObject({ kind: 'model', citations: [{ n: 1, id: ids.get('self-employed-banks') }] });
    const sent = fake.requests.at(-1);
    expect(sent?.messages[0]?.content).toContain('[1] 自雇人士');
    expect(sent?.messages[0]?.content).toContain('严禁承诺');
  });

  it('shows the first token on the phone within 500 ms of the model’s first chunk', async () => {
    fake.script({ chunks: ['第一段', '第二段[1]'], firstChunkMs: 300, gapMs: 300 });
    const { events } = await ask('装修想做信用卡大额分期有什么条件');
    const firstDelta = events.find((e) => e.event.type === 'delta');
    const modelFirst = fake.firstChunkAt.at(-1) ?? 0;
    const latency = (firstDelta?.at ?? Infinity) - modelFirst;
    console.info(`copilot streaming: first token on the phone ${latency.toFixed(1)} ms after the model's first chunk`);
    expect(latency).toBeLessThanOrEqual(500);
    // And before the model finished: the text really streamed.
    expect(firstDelta?.at ?? Infinity).toBeLessThan(events.at(-1)?.at ?? 0);
  });

  it('drops citations outside the retrieved set, even split across chunks', async () => {
    fake.script({ chunks: ['看流水[1', ']，另见[', '9]和[0]。'], firstChunkMs: 0, gapMs: 10 });
    const { answer } = await ask('工资流水要打印几个月的？转账算不算收入');
    expect(answer?.answer).toBe('看流水[1]，另见和。');
    expect(answer?.citations.map((c) => c.n)).toEqual([1]);
  });

  it('withdraws an answer that promises approval, a rate or a date, and answers from the FAQ instead', async () => {
    fake.script({ chunks: ['放心，', '保证通过', '，3天内一定放款[1]'], firstChunkMs: 0, gapMs: 10 });
    const { events, answer } = await ask('银行打回来说材料不够，要补什么？');
    expect(events.some((e) => e.event.type === 'replace')).toBe(true);
    expect(answer?.kind).toBe('extractive');
    expect(answer?.answer).not.toContain('保证通过');
    expect(answer?.answer).toContain('已撤回');
    expect(answer?.citations.length).toBeGreaterThan(0);
  });

  it('grounds the model on the offline retrieval: the trade’s words find the entry, the question is masked, only retrieved entries go', async () => {
    fake.script({ chunks: ['查询次数多要先养一养征信[1]，', '另见[5]。'], firstChunkMs: 0, gapMs: 10 });
    const { answer } = await ask('客户13812345678征信花了，还能不能下款');
    const sent = fake.requests.at(-1);
    const context = sent?.messages[0]?.content ?? '';
    // 花了 and 下款 are the trade's words for many inquiries and 放款: the entry on inquiries is the first source.
    expect(context).toContain('[1] 客户征信查询次数多，还能做贷款吗？');
    const numbered = [...context.matchAll(/^\[(\d+)\] /gm)].map((m) => Number(m[1]));
    expect(numbered.length).toBeGreaterThan(0);
    expect(numbered.length).toBeLessThanOrEqual(4);
    // The client's phone never reaches the model, nor the log.
    expect(sent?.messages[1]?.content).not.toContain('13812345678');
    expect(answer?.question).not.toContain('13812345678');
    // A citation the model made up beyond the sources is dropped; the one it may make is kept.
    expect(answer).toMatchObject({ kind: 'model', citations: [{ n: 1, id: ids.get('credit-inquiries') }] });
    expect(answer?.answer).toBe('查询次数多要先养一养征信[1]，另见。');
  });

  it('does not call the model for a question about a thing no entry names, however well its other words match', async () => {
    const before = fake.requests.length;
    // 车子 is a thing the FAQ never names: 抵押贷款 alone must not ground an answer about cars.
    const { answer } = await ask('车子能抵押贷款吗');
    expect(answer?.kind).toBe('unknown');
    expect(fake.requests.length).toBe(before);
  });

  it('does not call the model when nothing is relevant', async () => {
    const before = fake.requests.length;
    const { answer } = await ask('今天午饭吃什么');
    expect(answer?.kind).toBe('unknown');
    expect(fake.requests.length).toBe(before);
  });

  it('falls back to the extractive answer when the model is away', async () => {
    fake.script({ status: 503 });
    const { answer } = await ask('银行打回来说材料不够，要补什么？');
    fake.script({ status: 200 });
    expect(answer?.kind).toBe('extractive');
    expect(answer?.answer).toContain('智能助手暂时无法回答');
  });
});
