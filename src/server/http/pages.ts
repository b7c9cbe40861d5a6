import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ROUTES, matchRoute, pathTo, type RouteId, type RouteMatch } from '../../common/routes';
import { canonicalQuery } from '../../common/page-params';
import { splitLanguage, type Language } from '../../common/languages';
import { legacyTarget, parseLegacyPath, type LegacyLookupKind } from '../../common/legacy-paths';
import type { SessionUser } from '../../common/schemas/session';
import type { AppContext } from '../context';
import { t } from '../i18n';
import { renderHead, type Head, type PageHead } from './head';
import { sendAnswer } from './answers';
import { createPageRenderer, EMPTY_ROOT, routeTags, type PageLoader } from './render';

export type { PageLoader, PageQuery } from './render';

/**
 * A capability's head for one of its routes. Answering null means "no such thing" (an
 * unknown profile or slug): the page is then a 404.
 */
export type HeadResolver = (
  match: RouteMatch,
  ctx: { lang: Language; request: FastifyRequest; app: AppContext },
) => Promise<PageHead | null>;

/**
 * A server-side redirect for a page path (legacy and German paths), or null to render. A path
 * keeps the request's query; `{ location }` is the whole new address, for a redirect that moves
 * part of the query into the path (`?page=2` to `/page/2`). `temporary` makes it a 302, for a
 * target that holds only for now and must not be kept by browsers as a 301 would.
 */
export type PageRedirect = (
  pathname: string,
  ctx: { lang: Language; app: AppContext; viewer: SessionUser | null; search: URLSearchParams; log?: FastifyBaseLogger },
) => Promise<RedirectTarget> | RedirectTarget;
type RedirectTarget = string | { location: string; temporary?: boolean } | null;

/**
 * Finds the slug of the listing a legacy path names by its id or old slug; null for none, and
 * for an inactive listing the viewer may not see (so the link leads to the list, not a 404).
 */
export type LegacyLookup = (key: number | string, viewer: SessionUser | null) => Promise<string | null>;

export interface PageRegistry {
  heads: Map<RouteId, HeadResolver>;
  /** Each server-rendered route's data (src/server/http/loaders). */
  loaders: Map<RouteId, PageLoader>;
  /**
   * Routes whose head resolver answers the same for every viewer (it reads no `request.user`):
   * a logged-in viewer's page of such a route, or of a route without a resolver, is kept.
   */
  sharedHeads: Set<RouteId>;
  redirects: PageRedirect[];
  /** Each listing kind's lookup for the legacy paths of src/common/legacy-paths.ts. */
  legacyLookups: Map<LegacyLookupKind, LegacyLookup>;
}

export function createPageRegistry(): PageRegistry {
  const registry: PageRegistry = { heads: new Map(), loaders: new Map(), sharedHeads: new Set(), redirects: [], legacyLookups: new Map() };
  // The legacy and German paths, with the same definition the app redirects by.
  registry.redirects.push(async (pathname, { viewer, search, log }) => {
    const route = parseLegacyPath(pathname);
    if (!route) return null;
    if (route.type === 'fixed') return legacyTarget(route);
    const lookup = registry.legacyLookups.get(route.kind);
    try {
      return legacyTarget(route, lookup ? await lookup(route.key, viewer) : null);
    } catch (error) {
      // An old link whose lookup failed still leads to its list, never to an error page; only
      // for now, since the listing may well be found once the lookup works again.
      log?.error({ err: error, path: pathname }, 'legacy path lookup failed; sent to its fallback list');
      const query = search.toString();
      return { location: legacyTarget(route) + (query ? `?${query}` : ''), temporary: true };
    }
  });
  return registry;
}

function loadTemplate(webDist: string | undefined): () => string {
  const built = webDist ? path.join(webDist, 'index.html') : undefined;
  const source = path.resolve('src/web/index.html');
  // The built template is read once; without a build (API tests) the source template stands in.
  if (built && existsSync(built)) {
    const html = readFileSync(built, 'utf8');
    return () => html;
  }
  return () => readFileSync(source, 'utf8');
}

/**
 * Puts the language and the head into the template. Replacer functions, not strings: a string
 * replacement reads `$&`, `$'` and `` $` `` in a bio or a title as patterns and pastes parts of
 * the template (a second app root and script) into the page.
 */
export function fillTemplate(template: string, lang: Language, headHtml: string): string {
  return template.replace(/<html lang="[^"]*"/, () => `<html lang="${lang}"`).replace('<!--app-head-->', () => headHtml);
}

/** The head of a page that needs no data: its title and description from the seo texts. */
export function staticHead(id: RouteId | 'notFound', lang: Language): Head {
  // Screens behind a login are nothing a search engine can show.
  const noindex = id !== 'notFound' && ROUTES[id].access !== 'public';
  return { title: t(lang, `seo:${id}.title`), description: t(lang, `seo:${id}.description`), noindex };
}

function homeJsonLd(publicUrl: string, lang: Language) {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name: 'Tattoo Guest Spots',
    url: publicUrl + pathTo('home', {}, lang),
    inLanguage: lang,
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${publicUrl}/search?q={search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  };
}

const HTML = 'text/html; charset=utf-8';
const MODULE_PRELOADS = /<link rel="modulepreload"[^>]*>\s*/g;
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;

/** A page not to keep (a 404): made inside the cache's load, sent as it is. */
class UncachedPage extends Error {
  constructor(
    readonly status: number,
    readonly html: string,
  ) {
    super('uncached page');
  }
}

/** A page made for this request alone (a logged-in viewer's shell, a 404): never stored. */
function sendHtml(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply.status(status).header('Content-Type', HTML).header('Cache-Control', 'no-store').send(html);
}

/** Answers every non-API GET with the app's HTML and a head written for that page and language. */
export function registerPages(app: FastifyInstance, ctx: AppContext, registry: PageRegistry): void {
  const template = loadTemplate(ctx.config.webDist);
  const renderer = createPageRenderer(registry.loaders, ctx.config.webDist);
  const dev = !ctx.config.isProduction;

  /** How a page is kept: a visitor's rendered page, a logged-in viewer's shell, or not at all. */
  const keptAs = (request: FastifyRequest, match: RouteMatch): 'page' | 'shell' | null => {
    if (renderer?.renders(request, match)) return 'page';
    if (request.user && (!registry.heads.has(match.id) || registry.sharedHeads.has(match.id))) return 'shell';
    return null;
  };

  const render = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = new URL(request.url, 'http://x');
    const pathname = url.pathname;
    const match = matchRoute(pathname, { dev });
    // The path prefix decides the language, also for a page that does not exist.
    const lang = match?.lang ?? (pathname.match(/^\/(de|es|fr|pt)(\/|$)/) ? splitLanguage(pathname).lang : request.lang);
    for (const redirect of registry.redirects) {
      const target = await redirect(pathname, { lang, app: ctx, viewer: request.user, search: url.searchParams, log: request.log });
      if (typeof target === 'object' && target) return reply.redirect(target.location, target.temporary ? 302 : 301);
      if (target) return reply.redirect(target + (target.includes('?') ? '' : url.search), 301);
    }
    // A visitor's public page is the same bytes for everyone: kept whole, with its ETag and its
    // compressed forms, under the tags of the lists and users it shows (docs/decisions/018). A
    // logged-in viewer's page is the app's shell with the page's head, the same for every viewer
    // where the head is: kept as bytes too, so it is a lookup (and the fast lane's).
    // A page is kept once for the parameters its route reads, in a fixed order, defaults left
    // out: `?utm_source=x`, `fbclid` and junk neither render nor take a place of their own.
    const search = match ? canonicalQuery(match.id, url.searchParams) : url.search;
    const kept = match && keptAs(request, match);
    if (match && kept) {
      try {
        const page = await ctx.answers.get(`${kept}:${lang}:${pathname}${search}`, routeTags(match), async () => {
          const made = await makePage(request, match, lang, search);
          if (made.status !== 200) throw new UncachedPage(made.status, made.html);
          return { body: made.html, type: HTML, tags: made.tags };
        });
        return sendAnswer(request, reply, page);
      } catch (error) {
        if (!(error instanceof UncachedPage)) throw error;
        return sendHtml(reply, error.status, error.html);
      }
    }
    const made = await makePage(request, match, lang, search);
    return sendHtml(reply, made.status, made.html);
  };

  /** The page's HTML: the head for its data and language, and the rendered app where there is one. */
  async function makePage(request: FastifyRequest, match: RouteMatch | null, lang: Language, search: string): Promise<{ status: number; html: string; tags: string[] }> {
    let head: PageHead | null = null;
    let status = 200;
    if (match) {
      const resolver = registry.heads.get(match.id);
      head = resolver ? await resolver(match, { lang, request, app: ctx }) : staticHead(match.id, lang);
      if (head && match.id === 'home') head.jsonLd = homeJsonLd(ctx.config.publicUrl, lang);
    }
    if (!match || !head) {
      status = 404;
      head = { ...staticHead('notFound', lang), noindex: true };
    }
    const headHtml = renderHead(head, {
      lang,
      publicUrl: ctx.config.publicUrl,
      path: match?.path ?? '/',
      alternates: head.alternates,
    });
    let html = fillTemplate(template(), lang, headHtml);
    const rendered = status === 200 && match && renderer?.renders(request, match) ? await renderer.render(request, match, lang, search) : null;
    if (rendered) {
      // A rendered page shows its content before any script runs: the module preloads would only
      // take bandwidth from the stylesheet and the first image.
      // The app starts once the markup is painted (public/boot.js), not alongside it.
      html = html
        .replace(MODULE_PRELOADS, '')
        .replace(ENTRY_SCRIPT, (_tag, src: string) => `<script defer src="/boot.js" data-entry="${src}"></script>`)
        .replace(EMPTY_ROOT, () => rendered.root)
        .replace('</head>', () => `${rendered.head}</head>`);
    }
    return { status, html, tags: [...(rendered?.tags ?? []), ...(head.tags ?? [])] };
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname === '/api' || pathname.startsWith('/api/')) {
      const text = t(request.lang, 'routeNotFound', { path: pathname });
      return reply.status(404).send({ success: false, error: text, message: text });
    }
    const isAsset = /\.[a-z0-9]{2,5}$/i.test(pathname) || pathname.startsWith('/assets/') || pathname.startsWith('/uploads/');
    if ((request.method !== 'GET' && request.method !== 'HEAD') || isAsset) {
      const text = t(request.lang, 'notFound');
      return reply.status(404).send({ success: false, error: text, message: text });
    }
    return render(request, reply);
  });
}
