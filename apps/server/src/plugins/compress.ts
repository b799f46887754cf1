import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Below about one network packet compression saves nothing the phone would notice. */
export const COMPRESS_MIN_BYTES = 1400;

/** The coding to answer with: brotli when the browser takes it, else gzip, else none (q=0 refuses one). */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name.trim(), q ? Number(q.slice(2)) : 1);
  }
  const takes = (coding: string) => (accepted.get(coding) ?? accepted.get('*') ?? 0) > 0;
  if (takes('br')) return 'br';
  if (takes('gzip')) return 'gzip';
  return null;
}

/**
 * Compresses the API's JSON answers on the way out when they are worth it (lists, details): brotli at a
 * quality a request can afford (4) or gzip. Static files come precompressed from the build; images are
 * compressed already; a streamed answer (server-sent events) writes to the socket itself and is not touched.
 */
export const compressPlugin = fp(async (app: FastifyInstance) => {
  // A callback hook: most answers leave untouched, without the promise an async hook costs each request.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.method === 'HEAD' || reply.hasHeader('content-encoding')) return done(null, payload);
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return done(null, payload);
    const size = Buffer.byteLength(payload);
    if (size < COMPRESS_MIN_BYTES) return done(null, payload);
    const encoding = pickEncoding(request.headers['accept-encoding']);
    void reply.header('vary', 'accept-encoding');
    if (!encoding) return done(null, payload);
    const compressing =
      encoding === 'br'
        ? brotli(payload, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: size } })
        : gzipAsync(payload, { level: 6 });
    compressing.then((compressed) => {
      void reply.header('content-encoding', encoding);
      void reply.removeHeader('content-length');
      done(null, compressed);
    }, done);
  });
});
