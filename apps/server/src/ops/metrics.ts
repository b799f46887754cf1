import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { API_CODE } from '@crm/domain/api/envelope';
import { isApiPath } from '../plugins/public-routes.ts';

/** What node-postgres's Pool tells of itself; PGlite has no pool and reports none. */
export interface PoolStats {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

export interface MetricsOptions {
  /** The database driver's pool, when it has one (PostgreSQL). */
  pool: PoolStats | null;
  /** Bearer token Prometheus sends; unset: open outside production, refused in production. */
  token: string | undefined;
  isProduction: boolean;
}

/**
 * The route label: the pattern a route registered (`/api/crm/client/:id`), never the address itself (one
 * series per case id would grow without end). Unmatched addresses and the SPA's files share one label each.
 */
export function routeLabel(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  if (!pattern) return '(unmatched)';
  if (!isApiPath(pattern) && !['/healthz', '/readyz', '/metrics'].includes(pattern)) return '(static)';
  return pattern;
}

/**
 * Prometheus metrics (decision 057): request latency by route pattern, the PostgreSQL pool, and the
 * process's own (event loop lag, memory, handles). One registry per app, so tests' apps do not share.
 */
export const metricsPlugin = fp(async (app: FastifyInstance, options: MetricsOptions) => {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by method, route pattern and status',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const { pool } = options;
  if (pool) {
    const gauge = (name: string, help: string, read: (p: PoolStats) => number) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(read(pool));
        },
      });
    gauge('db_pool_connections_total', 'Connections the database pool holds', (p) => p.totalCount);
    gauge('db_pool_connections_idle', 'Idle connections in the database pool', (p) => p.idleCount);
    gauge('db_pool_requests_waiting', 'Queries waiting for a free connection', (p) => p.waitingCount);
  }

  app.addHook('onResponse', (request, reply, done) => {
    latency.observe(
      { method: request.method, route: routeLabel(request), status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });

  // The route itself is registered with the others, after the session guard (registerMetricsRoute).
  registries.set(app, { registry, options });
});

const registries = new WeakMap<FastifyInstance, { registry: Registry; options: MetricsOptions }>();

/** GET /metrics, registered after the session plugin so the route table (and its tests) see it. */
export function registerMetricsRoute(app: FastifyInstance) {
  const found = registries.get(app);
  if (!found) throw new Error('metricsPlugin is not registered');
  const { registry, options } = found;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const expected = options.token;
    const sent = request.headers.authorization;
    if (expected ? sent !== `Bearer ${expected}` : options.isProduction) {
      return reply
        .status(403)
        .send({ code: API_CODE.forbidden, msg: expected ? '指标令牌不正确' : '未配置 METRICS_TOKEN', data: null });
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}
