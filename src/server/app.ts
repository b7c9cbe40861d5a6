import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { BODY_LIMIT_BYTES } from '../common/constants';
import type { Language } from '../common/languages';
import type { Config } from './config';
import { createContext, type AppContext } from './context';
import type { Db } from './db/index';
import { answerFrameworkError, registerErrorHandler } from './errors';
import { registerSession } from './http/auth';
import { createFastLane, type FastLane } from './http/fast-lane';
import { createPageRegistry, registerPages, type PageRegistry } from './http/pages';
import { registerPipeline } from './http/pipeline';
import { registerRouteTable } from './http/route-table';
import { createSessionCache } from './http/session-cache';
import type { Mailer } from './lib/mail/index';
import { recordFastLane, registerMetrics } from './lib/metrics/index';
import type { RateLimitStore } from './lib/rate-limit/index';
import type { Storage } from './lib/storage/index';
import { registerStorage } from './storage-wiring';
import { registerPresence } from './modules/events/index';
import { registerModules } from './modules/index';
import { devLogStream } from './lib/log-format';
import { createServices, type Services } from './services';

declare module 'fastify' {
  interface FastifyRequest {
    lang: Language;
  }
  interface FastifyInstance {
    ctx: AppContext;
    services: Services;
    pages: PageRegistry;
    fastLane: FastLane;
  }
}

export interface BuildOptions {
  db?: Db;
  mailer?: Mailer;
  rateLimits?: RateLimitStore;
  storage?: Storage;
}

function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

/** Builds the whole application from a config; main.ts and the tests both call this. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  // Visitors' repeated hot reads are answered before Fastify (http/fast-lane.ts).
  const fastLane = createFastLane();
  const app = Fastify({
    serverFactory: (handler, opts) => {
      const server = createServer((req, res) => {
        const startedAt = performance.now();
        if (fastLane.serve(req, res)) recordFastLane(app.ctx.metrics, req.method, res, startedAt);
        else handler(req, res);
      });
      // What Fastify sets on a server it makes itself (its defaults are filled in by then).
      const timeouts = opts as { keepAliveTimeout: number; requestTimeout: number; connectionTimeout: number };
      server.keepAliveTimeout = timeouts.keepAliveTimeout;
      server.requestTimeout = timeouts.requestTimeout;
      server.setTimeout(timeouts.connectionTimeout);
      return server;
    },
    logger: {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization'],
      // Development reads its log in a terminal: one short line per request. Production keeps pino's JSON.
      ...(config.env === 'development' ? { stream: devLogStream() } : {}),
    },
    bodyLimit: BODY_LIMIT_BYTES,
    // Fastify takes a hop count at run time but types only the function form of it.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    logController: new LogController({ disableRequestLogging: config.env === 'test' }),
    return503OnClosing: false,
    // Unreadable URLs are refused before any hook: answered like every other bad input.
    frameworkErrors: answerFrameworkError,
    forceCloseConnections: 'idle',
  });

  const ctx = createContext(config, options, app.log);
  // Mails leave after the answer; closing waits for those already queued.
  const services = createServices({ ...ctx, log: app.log });
  app.decorate('ctx', ctx);
  app.decorate('services', services);
  app.decorate('pages', createPageRegistry());
  app.decorate('fastLane', fastLane);
  app.decorateRequest('lang', 'en');

  registerErrorHandler(app);
  // Request timing and counts (and the metrics listener), before the pipeline so its refusals count too.
  registerMetrics(app, ctx.metrics, config.metrics);
  // Before any route: the table of routes and their declared input (the fuzzer reads it).
  registerRouteTable(app);
  // Language, security headers, input guard and origin check in one hook. Cached answers are
  // cleared by tag where a write commits (the services), never by the request's method.
  await registerPipeline(app, config);
  await app.register(compress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 });
  await app.register(cookie, { secret: config.sessionSecret });

  const sessions = createSessionCache(services.auth.resolveSession);
  // The open event streams hear session tags too: a stream ends with its session.
  for (const cache of [ctx.listCache, ctx.answers, sessions, services.events.streams, services.reference.cache]) ctx.invalidation.register(cache);
  // On the root app, before the modules: every route and page sees request.user.
  registerSession(app, sessions);
  registerPresence(app, services.events.presence);
  fastLane.admitMembers({ sessions, presence: services.events.presence, log: app.log });
  await registerModules(app, services);
  registerStorage(app, ctx);

  const dist = config.webDist;
  if (dist && existsSync(path.join(dist, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: dist,
      index: false,
      wildcard: false,
      preCompressed: true,
      allowedPath: (p) => p !== '/index.html',
      setHeaders(res, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  }
  registerPages(app, ctx, app.pages);

  app.addHook('onClose', async () => {
    // Activity marks and pending notifications still need the database.
    await services.events.idle();
    // Deliveries under way finish; what is left stays in the outbox for the next process.
    await ctx.outbox.close();
    await ctx.invalidation.close();
    await ctx.events.close();
    await ctx.rateLimits.close();
    await ctx.db.destroy();
  });
  return app;
}
