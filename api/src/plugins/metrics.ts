/**
 * GET /metrics in Prometheus' text format (prom-client), for an operator's scraper, behind a
 * bearer token (METRICS_TOKEN; unset: the route answers 404, so nothing is exposed by default):
 *
 * - the process (CPU, memory, event-loop lag, GC: prom-client's default metrics, `backlay_`);
 * - `backlay_http_request_duration_seconds{method,route,status_code}`: every request, by the
 *   route's pattern (`/api/casino-market/:id`, never the raw URL: bounded label values);
 * - whatever the app adds with `gauge()`, `counter()` and `histogram()` (app.ts: bets placed and
 *   refused, socket clients, database pool, singleton jobs, casino rounds overdue, fan-out lag).
 *
 * One registry per app (tests build many apps in one process). The token is compared in constant
 * time. Infrastructure: it imports no domain.
 */
import { timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { publicAccess } from './auth';

export interface Metrics {
  registry: Registry;
  /** A gauge read at each scrape (`collect` sets its values). */
  gauge(name: string, help: string, labelNames: readonly string[], collect: (gauge: Gauge) => void | Promise<void>): Gauge;
  counter(name: string, help: string, labelNames: readonly string[]): Counter;
  /** A histogram the app observes into (seconds, with buckets suited to what it measures). */
  histogram(name: string, help: string, labelNames: readonly string[], buckets: readonly number[]): Histogram;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

const digest = (text: string): Buffer => createHash('sha256').update(text).digest();

/** True when the Authorization header carries exactly `Bearer <token>`. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  return timingSafeEqual(digest(header ?? ''), digest(`Bearer ${token}`));
}

const metricsPlugin: FastifyPluginAsync<{ token: string | null }> = async (app: FastifyInstance, options) => {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'backlay_' });
  const duration = new Histogram({
    name: 'backlay_http_request_duration_seconds',
    help: 'HTTP request duration by route pattern',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    duration.observe({ method: request.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });

  const metrics: Metrics = {
    registry,
    gauge: (name, help, labelNames, collect) =>
      new Gauge({
        name,
        help,
        labelNames: [...labelNames],
        registers: [registry],
        async collect() {
          await collect(this);
        },
      }),
    counter: (name, help, labelNames) => new Counter({ name, help, labelNames: [...labelNames], registers: [registry] }),
    histogram: (name, help, labelNames, buckets) =>
      new Histogram({ name, help, labelNames: [...labelNames], buckets: [...buckets], registers: [registry] }),
  };
  app.decorate('metrics', metrics);

  // Public to the access hook: the bearer token is the scraper's, checked here.
  app.get('/metrics', { schema: { hide: true }, config: { access: publicAccess() } }, async (request, reply) => {
    if (options.token === null) return reply.code(404).send({ message: 'Not found' });
    if (!bearerMatches(request.headers.authorization, options.token)) {
      return reply.code(401).header('www-authenticate', 'Bearer').send({ message: 'Unauthorized' });
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
};

export const metrics = fp(metricsPlugin, { name: 'metrics' });
