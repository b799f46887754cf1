import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm } from './fake-llm-server.ts';
import { createOpenAiCompatibleLlm, LlmError } from './index.ts';

const collect = async (stream: AsyncIterable<string>) => {
  const parts: string[] = [];
  for await (const part of stream) parts.push(part);
  return parts;
};

describe('the OpenAI-compatible chat-completions adapter', () => {
  let fake: Awaited<ReturnType<typeof startFakeLlm>>;
  beforeAll(async () => {
    fake = await startFakeLlm({ apiKey: 'sk-test' });
  });
  afterAll(() => fake.close());

  it('streams the content chunks in order and sends model, messages and stream: true', async () => {
    fake.script({ chunks: ['你好', '，', '根据问答库[1]。'], gapMs: 5 });
    const llm = createOpenAiCompatibleLlm({ baseUrl: fake.baseUrl, apiKey: 'sk-test', model: 'qwen-plus' });
    expect(await collect(llm.stream([{ role: 'user', content: '问题' }]))).toEqual(['你好', '，', '根据问答库[1]。']);
    expect(fake.requests.at(-1)).toMatchObject({
      model: 'qwen-plus',
      stream: true,
      messages: [{ role: 'user', content: '问题' }],
    });
  });

  it('refuses with LlmError on a wrong key, a provider error or no server', async () => {
    const wrong = createOpenAiCompatibleLlm({ baseUrl: fake.baseUrl, apiKey: 'nope', model: 'm' });
    await expect(collect(wrong.stream([]))).rejects.toThrow(LlmError);
    fake.script({ status: 503 });
    const right = createOpenAiCompatibleLlm({ baseUrl: fake.baseUrl, apiKey: 'sk-test', model: 'm' });
    await expect(collect(right.stream([]))).rejects.toThrow('HTTP 503');
    fake.script({ status: 200 });
    const away = createOpenAiCompatibleLlm({ baseUrl: 'http://127.0.0.1:9/v1', apiKey: 'k', model: 'm' });
    await expect(collect(away.stream([]))).rejects.toThrow(LlmError);
  });

  it('gives up after its time limit', async () => {
    fake.script({ chunks: ['慢'], firstChunkMs: 500 });
    const slow = createOpenAiCompatibleLlm({ baseUrl: fake.baseUrl, apiKey: 'sk-test', model: 'm', timeoutMs: 100 });
    await expect(collect(slow.stream([]))).rejects.toThrow(LlmError);
    fake.script({ firstChunkMs: 0 });
  });
});
