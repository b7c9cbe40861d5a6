import type { Server, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { addressOf, startMetricsListener, stopMetricsListener } from './listener';
import { statusClass, type Metrics } from './metrics';

/**
 * The route label of a request: Fastify's pattern (`/api/profiles/:slug`), never the URL, so
 * the label has as many values as there are routes. The pages and every 404 are answered by the
 * not-found handler, which has no pattern.
 */
function routeOf(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  if (pattern) return pattern;
  return request.url.startsWith('/api/') || request.url === '/api' ? 'api-not-found' : 'pages';
}

// Only the upload routes' scopes register @fastify/multipart, and with it this method.
function isUpload(request: FastifyRequest): boolean {
  const probe = (request as { isMultipart?: () => boolean }).isMultipart;
  return request.method === 'POST' && typeof probe === 'function' && probe.call(request);
}

/**
 * Times and counts every request of the app, and serves the metrics on their own listener when
 * the config names a port. Registered on the root app before the pipeline, so requests the
 * pipeline refuses are counted too.
 */
export function registerMetrics(app: FastifyInstance, metrics: Metrics, at: { port: number; host: string } | null): void {
  app.addHook('onRequest', (request, reply, done) => {
    metrics.inFlight.inc();
    // 'close' comes once per answer, finished or abandoned by the client; onResponse misses the latter.
    reply.raw.once('close', () => metrics.inFlight.dec());
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    const route = routeOf(request);
    const status = statusClass(reply.statusCode);
    metrics.requestDuration.observe({ method: request.method, route, status }, reply.elapsedTime / 1000);
    if (reply.statusCode === 429) metrics.count('rateLimitRefusals', { route });
    if (isUpload(request)) metrics.count('uploads', { route, status });
    done();
  });
  if (!at) return;
  let server: Server | null = null;
  app.addHook('onReady', async () => {
    server = await startMetricsListener(metrics.registry, at);
    metrics.address = addressOf(server);
  });
  app.addHook('onClose', async () => {
    if (server) await stopMetricsListener(server);
    server = null;
    metrics.address = null;
  });
}

/** Records an answer the fast lane gave before Fastify saw the request (src/server/http/fast-lane.ts). */
export function recordFastLane(metrics: Metrics, method: string | undefined, res: ServerResponse, startedAt: number): void {
  metrics.requestDuration.observe({ method: method ?? 'GET', route: 'fast-lane', status: statusClass(res.statusCode) }, (performance.now() - startedAt) / 1000);
}

/** The metrics of an app built by buildApp; undefined for a bare Fastify host (a job runner in a test). */
export function metricsOf(app: FastifyInstance): Metrics | undefined {
  return app.hasDecorator('ctx') ? app.ctx.metrics : undefined;
}
