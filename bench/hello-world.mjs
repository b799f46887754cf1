// The baseline for the load test: bare Fastify (no plugins, no database, no validation) answering the very
// request the benchmark sends to POST /api/crm/userinfo, on the same machine in the same run. The ratio
// userinfo / hello-world is what the product adds on top of Fastify, and it holds on a noisy machine where the
// raw requests/s do not. Started by run.mjs as a child process: PORT and HOST come from the environment.
import { createRequire } from 'node:module';

// fastify is a dependency of apps/server, not of bench: resolve it the way the server does.
const require = createRequire(new URL('../apps/server/package.json', import.meta.url));
const Fastify = require('fastify');

const app = Fastify({ logger: false });
// Accept the benchmark's urlencoded body without parsing it (the product parses it with @fastify/formbody).
app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
  done(null, body),
);
app.get('/healthz', async () => ({ code: 0, msg: 'ok', data: null }));
app.post('/api/crm/userinfo', async () => ({
  code: 0,
  msg: 'ok',
  data: { hello: 'world' },
}));

const close = async () => {
  await app.close();
  process.exit(0);
};
process.on('SIGTERM', () => void close());
process.on('SIGINT', () => void close());

await app.listen({
  port: Number(process.env.PORT ?? 3001),
  host: process.env.HOST ?? '127.0.0.1',
});
