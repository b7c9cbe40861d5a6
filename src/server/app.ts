import { existsSync } from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { BODY_LIMIT_BYTES } from '../common/constants';
import type { Language } from '../common/languages';
import type { Config } from './config';
import { createContext, type AppContext } from './context';
import type { Db } from './db/index';
import { registerErrorHandler } from './errors';
import { registerSession } from './http/auth';
import { registerInputGuard } from './http/input-guard';
import { registerMultipart } from './http/multipart';
import { createPageRegistry, registerPages, type PageRegistry } from './http/pages';
import { contentSecurityPolicy, registerOriginCheck } from './http/security';
import { requestLanguage } from './i18n';
import type { Mailer } from './lib/mail/index';
import type { RateLimitStore } from './lib/rate-limit/index';
import { registerUploads, type Storage } from './lib/storage/index';
import { createBackground } from './modules/auth/background';
import { registerModules } from './modules/index';
import { createServices, type Services } from './services';

declare module 'fastify' {
  interface FastifyRequest {
    lang: Language;
  }
  interface FastifyInstance {
    ctx: AppContext;
    services: Services;
    pages: PageRegistry;
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
  const app = Fastify({
    logger: { level: config.logLevel, redact: ['req.headers.cookie', 'req.headers.authorization'] },
    bodyLimit: BODY_LIMIT_BYTES,
    // Fastify takes a hop count at run time but types only the function form of it.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    logController: new LogController({ disableRequestLogging: config.env === 'test' }),
    return503OnClosing: false,
    forceCloseConnections: 'idle',
  });

  const ctx = createContext(config, options);
  // Mails leave after the answer; closing waits for those already queued.
  const background = createBackground(app.log);
  app.addHook('preClose', () => background.idle());
  const services = createServices({ ...ctx, background });
  app.decorate('ctx', ctx);
  app.decorate('services', services);
  app.decorate('pages', createPageRegistry());
  app.decorateRequest('lang', 'en');
  app.addHook('onRequest', async (request) => {
    request.lang = requestLanguage(request.headers);
  });

  registerErrorHandler(app);
  registerOriginCheck(app, config.publicUrl);
  registerInputGuard(app);
  await app.register(helmet, {
    contentSecurityPolicy: contentSecurityPolicy(config.isProduction, config.publicUrl.startsWith('https:')),
    crossOriginEmbedderPolicy: false,
    hsts: config.publicUrl.startsWith('https:'),
  });
  await app.register(compress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 });
  await app.register(cookie, { secret: config.sessionSecret });

  // API answers are per user and change often: never cached unless a route says otherwise.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
    // Any write may change a public list (a new spot, a renamed studio, a deleted account);
    // clearing before the answer leaves means the writer's next read already sees it.
    if (request.method !== 'GET' && request.method !== 'HEAD') ctx.listCache.clear();
    return payload;
  });

  await registerMultipart(app);
  // On the root app, before the modules: every route and page sees request.user.
  registerSession(app, services.auth.resolveSession);
  await registerModules(app, services);
  registerUploads(app, ctx.storage, config.dataDir);

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
    await ctx.rateLimits.close();
    await ctx.db.destroy();
  });
  return app;
}
