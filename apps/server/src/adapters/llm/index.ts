/*
 * A language model behind the OpenAI-compatible chat-completions API (POST {base}/chat/completions with
 * `stream: true`), which OpenAI, DeepSeek, Qwen (DashScope compatible mode), Moonshot, vLLM and Ollama all
 * speak. The answer streams back as server-sent events: `data: {"choices":[{"delta":{"content":"…"}}]}`
 * lines, ending with `data: [DONE]`. Used by the FAQ copilot only (decision 053); without LLM_BASE_URL no
 * adapter exists and the copilot answers extractively.
 */

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface LlmAdapter {
  /** The model's answer, chunk by chunk as it arrives; LlmError when the provider refuses or is away. */
  stream(messages: ChatMessage[], signal?: AbortSignal): AsyncIterable<string>;
}

export class LlmError extends Error {}

export interface LlmOptions {
  /** e.g. https://api.openai.com/v1 (no trailing slash needed). */
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  /** The whole answer's time limit. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export function createOpenAiCompatibleLlm(options: LlmOptions): LlmAdapter {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const send = options.fetch ?? fetch;
  return {
    async *stream(messages, signal) {
      const limit = AbortSignal.timeout(options.timeoutMs ?? 60_000);
      let response: Response;
      try {
        response = await send(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'text/event-stream',
            ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
          },
          body: JSON.stringify({ model: options.model, messages, stream: true, temperature: 0.2 }),
          signal: signal ? AbortSignal.any([signal, limit]) : limit,
        });
      } catch (error) {
        throw new LlmError('model unreachable', { cause: error });
      }
      if (!response.ok || !response.body) {
        const text = await response.text().catch(() => '');
        throw new LlmError(`model answered HTTP ${response.status}`, { cause: new Error(text.slice(0, 300)) });
      }
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for await (const bytes of response.body as unknown as AsyncIterable<Uint8Array>) {
          buffer += decoder.decode(bytes, { stream: true });
          let end = buffer.indexOf('\n');
          while (end >= 0) {
            const line = buffer.slice(0, end).trim();
            buffer = buffer.slice(end + 1);
            end = buffer.indexOf('\n');
            if (!line.startsWith('data:')) continue;
            const data = line.slice(5).trim();
            if (data === '[DONE]') return;
            const content = contentOf(data);
            if (content) yield content;
          }
        }
      } catch (error) {
        throw new LlmError('model stream broke', { cause: error });
      }
    },
  };
}

function contentOf(data: string): string | null {
  try {
    const chunk = JSON.parse(data) as { choices?: { delta?: { content?: unknown } }[]; error?: { message?: string } };
    if (chunk.error) throw new LlmError(`model error: ${String(chunk.error.message)}`);
    const content = chunk.choices?.[0]?.delta?.content;
    return typeof content === 'string' ? content : null;
  } catch (error) {
    if (error instanceof LlmError) throw error;
    return null;
  }
}
