import { afterEach, describe, expect, it, vi } from 'vitest';
import { askCopilot } from './ask-copilot.ts';

const sse = (events: object[]) =>
  new Response(
    new ReadableStream({
      start(controller) {
        const encoder = new TextEncoder();
        // Split mid-event, as a network does.
        const text = events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join('');
        controller.enqueue(encoder.encode(text.slice(0, 17)));
        controller.enqueue(encoder.encode(text.slice(17)));
        controller.close();
      },
    }),
    { headers: { 'content-type': 'text/event-stream; charset=utf-8' } },
  );

const ANSWER = {
  id: 1,
  question: 'q',
  answer: '甲乙[1]',
  kind: 'model',
  citations: [{ n: 1, id: 5, title: 't' }],
  leader: null,
};

afterEach(() => vi.unstubAllGlobals());

describe('askCopilot', () => {
  it('reads the event stream as it comes and answers the done event', async () => {
    const fetchMock = vi.fn(async () =>
      sse([
        { type: 'delta', text: '甲' },
        { type: 'delta', text: '乙[1]' },
        { type: 'done', answer: ANSWER },
      ]),
    );
    vi.stubGlobal('fetch', fetchMock);
    const deltas: string[] = [];
    const answer = await askCopilot('补件要什么', { onDelta: (t) => deltas.push(t), onReplace: () => undefined });
    expect(deltas).toEqual(['甲', '乙[1]']);
    expect(answer.citations[0]?.id).toBe(5);
    const init = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(new Headers(init[1].headers).get('accept')).toBe('text/event-stream');
  });

  it('applies a replace event, and refuses on an error event', async () => {
    vi.stubGlobal('fetch', async () =>
      sse([
        { type: 'delta', text: '保证通过' },
        { type: 'replace', text: '已撤回' },
        { type: 'done', answer: ANSWER },
      ]),
    );
    const replaced: string[] = [];
    await askCopilot('q', { onDelta: () => undefined, onReplace: (t) => replaced.push(t) });
    expect(replaced).toEqual(['已撤回']);
    vi.stubGlobal('fetch', async () => sse([{ type: 'error', msg: '回答中断，请重试' }]));
    await expect(askCopilot('q', { onDelta: () => undefined, onReplace: () => undefined })).rejects.toThrow(
      '回答中断，请重试',
    );
  });

  it('reads a JSON answer whole (the fallback) and a refusal as its message', async () => {
    vi.stubGlobal('fetch', async () => Response.json({ code: 0, msg: 'ok', data: ANSWER }));
    const whole: string[] = [];
    expect((await askCopilot('q', { onDelta: () => undefined, onReplace: (t) => whole.push(t) })).id).toBe(1);
    expect(whole).toEqual(['甲乙[1]']);
    vi.stubGlobal('fetch', async () =>
      Response.json({ code: 429, msg: '提问太频繁，请3秒后再试', data: null }, { status: 429 }),
    );
    await expect(askCopilot('q', { onDelta: () => undefined, onReplace: () => undefined })).rejects.toThrow(
      '提问太频繁',
    );
  });
});
