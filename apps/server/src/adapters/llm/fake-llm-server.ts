import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { listenLocally } from '../local-server.ts';

/**
 * A local stand-in for an OpenAI-compatible /v1/chat/completions: checks the bearer key, and streams the
 * answer it was given as chat.completion.chunk events the way the real API does (a role chunk, content
 * chunks, a finish chunk, `data: [DONE]`), waiting `firstChunkMs` before the first content chunk and
 * `gapMs` between chunks. Records each request's body and when (performance.now()) the first content
 * chunk was written, so a test can time what reaches the phone.
 */
export async function startFakeLlm(options: { apiKey: string }) {
  const state = {
    chunks: ['好的。'],
    firstChunkMs: 0,
    gapMs: 0,
    status: 200,
  };
  const requests: { model: string; messages: { role: string; content: string }[]; stream: boolean }[] = [];
  const firstChunkAt: number[] = [];
  const server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (part: Buffer) => (raw += part.toString('utf8')));
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
        response.writeHead(404, { 'content-type': 'application/json' });
        return response.end(JSON.stringify({ error: { message: 'not found' } }));
      }
      if (request.headers.authorization !== `Bearer ${options.apiKey}`) {
        response.writeHead(401, { 'content-type': 'application/json' });
        return response.end(
          JSON.stringify({ error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } }),
        );
      }
      requests.push(JSON.parse(raw) as (typeof requests)[number]);
      if (state.status !== 200) {
        response.writeHead(state.status, { 'content-type': 'application/json' });
        return response.end(JSON.stringify({ error: { message: 'overloaded' } }));
      }
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      const event = (delta: object, finish: string | null = null) =>
        `data: ${JSON.stringify({ id: 'chatcmpl-fake', object: 'chat.completion.chunk', model: 'fake', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
      response.write(event({ role: 'assistant', content: '' }));
      const chunks = [...state.chunks];
      let index = 0;
      const next = () => {
        const chunk = chunks[index];
        if (chunk === undefined) {
          response.write(event({}, 'stop'));
          response.end('data: [DONE]\n\n');
          return;
        }
        if (index === 0) firstChunkAt.push(performance.now());
        response.write(event({ content: chunk }));
        index += 1;
        setTimeout(next, state.gapMs);
      };
      setTimeout(next, state.firstChunkMs);
      return undefined;
    });
  });
  const base = await listenLocally(server);
  return {
    /** The base URL as LLM_BASE_URL takes it. */
    baseUrl: `${base}/v1`,
    requests,
    firstChunkAt,
    /** What the next answers stream, and how fast. */
    script: (next: Partial<typeof state>) => Object.assign(state, next),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
