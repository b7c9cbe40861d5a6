import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { requestLanguage } from '../i18n';
import { s3ImageOrigin } from '../lib/storage/index';
import { controlCharacterErrorOf } from './input-guard';
import { keepRefusedBodyConnection } from './lingering-close';
import { MAP_PAGE, crossSiteError, securityHeaders } from './security';

/**
 * What every request needs before its route, in one hook: its language, the security headers
 * (worked out once at startup), the input guard (control characters in path and query) and, for state-changing
 * requests, the origin check (CSRF). One synchronous hook costs a fraction of five async ones.
 */
export async function registerPipeline(app: FastifyInstance, config: Pick<Config, 'isProduction' | 'publicUrl'> & { payments?: Pick<Config['payments'], 'provider'>; googleMapsApiKey?: string; s3?: Config['s3'] }): Promise<void> {
  const allowed = new URL(config.publicUrl).origin;
  const base = {
    isProduction: config.isProduction,
    https: config.publicUrl.startsWith('https:'),
    paypal: config.payments?.provider === 'paypal',
    // Presigned and public reads send browsers to the bucket or the CDN for image bytes.
    imageOrigins: [s3ImageOrigin(config.s3 ?? null)].filter((origin): origin is string => !!origin),
  };
  const security = await securityHeaders(base);
  // Google's Maps hosts only where the map loads them, and only when a key lets it.
  const mapSecurity = config.googleMapsApiKey ? await securityHeaders({ ...base, maps: true }) : security;
  app.addHook('onRequest', (request, reply, done) => {
    request.lang = requestLanguage(request.headers);
    reply.headers(mapSecurity !== security && MAP_PAGE.test(request.url) ? mapSecurity : security);
    done(controlCharacterErrorOf(request.url) ?? crossSiteError(request, allowed));
  });
  // API answers are per user and change often: never cached unless a route says otherwise. At
  // send time, so a hijacked reply (the event stream) writes its own.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!reply.hasHeader('cache-control') && request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    if (keepRefusedBodyConnection(request.raw, reply.raw, reply.getHeader('connection'))) reply.removeHeader('connection');
    done(null, payload);
  });
}
