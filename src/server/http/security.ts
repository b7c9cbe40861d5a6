import helmet from '@fastify/helmet';
import Fastify, { type FastifyRequest } from 'fastify';
import { AppError } from '../errors';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Calls whose authority is a signed token in the path, never the session cookie: a forged
 * request from another site carries no token it could use, so the check has nothing to guard
 * there. The one-click unsubscribe (RFC 8058) is posted by mail clients, from webmail pages
 * on other sites too, and must not be refused.
 */
const TOKEN_AUTHORIZED = /^\/api\/notifications\/unsubscribe\/[^/?#]+(?:\?|$)/;

/**
 * Calls from other servers that carry their own proof: PayPal's webhook is checked with PayPal
 * before anything is read from it, and no browser session is involved.
 */
const SIGNATURE_AUTHORIZED = /^\/api\/payments\/webhook\/paypal(?:\?|$)/;

/**
 * Refuses state-changing requests sent from another site (CSRF): the session cookie is
 * SameSite=Lax already, this closes the remaining gaps (old browsers, same-site subdomains).
 * Answers the error to throw, or undefined; `allowed` is the public URL's origin.
 */
export function crossSiteError(request: FastifyRequest, allowed: string): AppError | undefined {
  if (!STATE_CHANGING.has(request.method)) return undefined;
  if (TOKEN_AUTHORIZED.test(request.url) || SIGNATURE_AUTHORIZED.test(request.url)) return undefined;
  const site = request.headers['sec-fetch-site'];
  if (site === 'cross-site') return new AppError(403, 'crossSite');
  const origin = request.headers.origin;
  if (!origin) return undefined;
  if (origin === 'null') return new AppError(403, 'crossSite');
  const host = request.headers.host;
  let originUrl: URL;
  try {
    originUrl = new URL(origin);
  } catch {
    return new AppError(403, 'crossSite');
  }
  if (originUrl.origin === allowed) return undefined;
  if (host && originUrl.host === host) return undefined;
  return new AppError(403, 'crossSite');
}

/** The hosts PayPal's JS SDK loads its script, buttons, frames and images from. */
export const PAYPAL_HOSTS = ['https://www.paypal.com', 'https://www.sandbox.paypal.com', 'https://*.paypal.com', 'https://*.paypalobjects.com'];

/**
 * The hosts of Google's Maps JavaScript API, per directive, as Google's CSP guide for it lists
 * them (script and tiles from googleapis and gstatic, images from googleusercontent too, its
 * workers from blob:).
 */
export const GOOGLE_MAPS_HOSTS = {
  script: ['https://*.googleapis.com', 'https://*.gstatic.com', 'https://*.google.com', 'https://*.ggpht.com', 'https://*.googleusercontent.com', 'blob:'],
  style: ['https://fonts.googleapis.com'],
  img: ['https://*.googleapis.com', 'https://*.gstatic.com', 'https://*.google.com', 'https://*.googleusercontent.com'],
  font: ['https://fonts.gstatic.com'],
  connect: ['https://*.googleapis.com', 'https://*.google.com', 'https://*.gstatic.com', 'data:', 'blob:'],
  frame: ['https://*.google.com'],
  worker: ['blob:'],
};

/** The globe map's page, under every language prefix: the only page that may load Google Maps. */
export const MAP_PAGE = /^(?:\/(?:en|de|es|fr|pt))?\/map\/?(?:[?#]|$)/;

/**
 * Content-Security-Policy without inline script; styles may be inline for toasts and dialogs.
 * PayPal's hosts are admitted only when PayPal takes the payments: otherwise no page needs them.
 * Google's Maps hosts only on the map's page with a key configured (`maps`).
 */
export function contentSecurityPolicy(isProduction: boolean, https: boolean, paypal = false, maps = false, imageOrigins: readonly string[] = []) {
  const pp = paypal ? PAYPAL_HOSTS : [];
  const gm = (list: string[]) => (maps ? list : []);
  const frames = [...pp, ...gm(GOOGLE_MAPS_HOSTS.frame)];
  return {
    useDefaults: false,
    directives: {
      'default-src': ["'self'"],
      'script-src': ["'self'", ...pp, ...gm(GOOGLE_MAPS_HOSTS.script)],
      'style-src': ["'self'", "'unsafe-inline'", ...pp, ...gm(GOOGLE_MAPS_HOSTS.style)],
      'img-src': ["'self'", 'data:', 'blob:', ...imageOrigins, ...pp, ...gm(GOOGLE_MAPS_HOSTS.img)],
      'font-src': ["'self'", ...gm(GOOGLE_MAPS_HOSTS.font)],
      'connect-src': [...(isProduction ? ["'self'"] : ["'self'", 'ws:']), ...pp, ...gm(GOOGLE_MAPS_HOSTS.connect)],
      ...(frames.length ? { 'frame-src': frames } : {}),
      ...(maps ? { 'worker-src': ["'self'", ...GOOGLE_MAPS_HOSTS.worker] } : {}),
      'object-src': ["'none'"],
      'base-uri': ["'self'"],
      'form-action': ["'self'"],
      'frame-ancestors': ["'none'"],
      ...(https ? { 'upgrade-insecure-requests': [] } : {}),
    },
  };
}

/** Headers of the probe's answer that are not helmet's. */
const NOT_SECURITY = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

/**
 * The security headers of every answer, worked out once at startup: @fastify/helmet with our
 * options, on a throwaway app asked once. The set never depends on the request (no CSP nonces),
 * so deriving it again for each one is wasted work.
 */
export async function securityHeaders(opts: { isProduction: boolean; https: boolean; paypal?: boolean; maps?: boolean; imageOrigins?: readonly string[] }): Promise<Readonly<Record<string, string>>> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, {
    contentSecurityPolicy: contentSecurityPolicy(opts.isProduction, opts.https, opts.paypal, opts.maps, opts.imageOrigins),
    crossOriginEmbedderPolicy: false,
    hsts: opts.https,
  });
  probe.get('/', async () => '');
  const res = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.headers)) {
    if (value !== undefined && !NOT_SECURITY.has(name)) headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return Object.freeze(headers);
}
