import { copilotEventSchema, type FaqAnswer } from '@crm/domain/api/faq';
import { faqCopilot } from '@crm/domain/endpoints/faq';
import { ApiError, NETWORK_ERROR_MESSAGE, toFormData } from '../../../lib/api-client.ts';
import { toFields, type SendInput } from '../../../lib/send.ts';
import { faqTexts as T } from '../texts.ts';

/** Whether this browser can read a response as it arrives (fetch + ReadableStream). */
export const canStream = () =>
  typeof ReadableStream !== 'undefined' &&
  typeof Response !== 'undefined' &&
  'body' in Response.prototype &&
  typeof TextDecoder !== 'undefined';

export type AskHandlers = {
  /** Text as it arrives. */
  onDelta: (text: string) => void;
  /** The text so far withdrawn and replaced (the server withdrew a model's promise). */
  onReplace: (text: string) => void;
};

/**
 * POST faqCopilot. A browser that can read a stream asks for `text/event-stream` and shows text as it comes
 * (fetch and a ReadableStream, not EventSource: this is a POST with a body). One that cannot, or any answer
 * that comes back as JSON (a refusal, a 429, a proxy that buffered), is read as the envelope: the whole answer
 * at once. The question is asked once either way, so a fallback never counts twice against the limit.
 */
export async function askCopilot(question: string, handlers: AskHandlers, signal?: AbortSignal): Promise<FaqAnswer> {
  let response: Response;
  try {
    response = await fetch(faqCopilot.path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: canStream() ? 'text/event-stream' : 'application/json' },
      body: toFormData(toFields({ question } satisfies SendInput<typeof faqCopilot>)),
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(NETWORK_ERROR_MESSAGE, -1, 0, 'network');
  }
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('text/event-stream') || !response.body) return readEnvelope(response, handlers);

  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch {
      throw new ApiError(T.streamBroken, -1, response.status, 'network');
    }
    if (chunk.done) break;
    buffer += decoder.decode(chunk.value, { stream: true });
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      end = buffer.indexOf('\n\n');
      if (!line.startsWith('data:')) continue;
      const parsed = copilotEventSchema.safeParse(JSON.parse(line.slice(5).trim()));
      if (!parsed.success) continue;
      const event = parsed.data;
      if (event.type === 'delta') handlers.onDelta(event.text);
      else if (event.type === 'replace') handlers.onReplace(event.text);
      else if (event.type === 'done') return event.answer;
      else throw new ApiError(event.msg, 1, response.status);
    }
  }
  throw new ApiError(T.streamBroken, -1, response.status, 'network');
}

async function readEnvelope(response: Response, handlers: AskHandlers): Promise<FaqAnswer> {
  let body: { code?: unknown; msg?: unknown; data?: unknown };
  try {
    body = (await response.json()) as typeof body;
  } catch {
    throw new ApiError(NETWORK_ERROR_MESSAGE, -1, response.status);
  }
  if (body.code !== 0 || !response.ok) {
    if (response.status === 401) globalThis.location?.assign('/login');
    throw new ApiError(
      typeof body.msg === 'string' && body.msg ? body.msg : NETWORK_ERROR_MESSAGE,
      typeof body.code === 'number' ? body.code : -1,
      response.status,
    );
  }
  const answer = faqCopilot.response.parse(body.data);
  handlers.onReplace(answer.answer);
  return answer;
}
