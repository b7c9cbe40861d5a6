import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Refuses state-changing requests sent from another site (CSRF): the session cookie is
 * SameSite=Lax already, this closes the remaining gaps (old browsers, same-site subdomains).
 */
export function registerOriginCheck(app: FastifyInstance, publicUrl: string): void {
  const allowed = new URL(publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method)) return;
    const site = request.headers['sec-fetch-site'];
    if (site === 'cross-site') throw new AppError(403, 'crossSite');
    const origin = request.headers.origin;
    if (!origin) return;
    if (origin === 'null') throw new AppError(403, 'crossSite');
    const host = request.headers.host;
    let originUrl: URL;
    try {
      originUrl = new URL(origin);
    } catch {
      throw new AppError(403, 'crossSite');
    }
    if (originUrl.origin === allowed) return;
    if (host && originUrl.host === host) return;
    throw new AppError(403, 'crossSite');
  });
}

/** Content-Security-Policy without inline script; styles may be inline for toasts and dialogs. */
export function contentSecurityPolicy(isProduction: boolean, https: boolean) {
  return {
    useDefaults: false,
    directives: {
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'blob:'],
      'font-src': ["'self'"],
      'connect-src': isProduction ? ["'self'"] : ["'self'", 'ws:'],
      'object-src': ["'none'"],
      'base-uri': ["'self'"],
      'form-action': ["'self'"],
      'frame-ancestors': ["'none'"],
      ...(https ? { 'upgrade-insecure-requests': [] } : {}),
    },
  };
}
