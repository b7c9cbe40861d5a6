import { AsyncLocalStorage } from 'node:async_hooks';
import { Writable } from 'node:stream';
import { dehydrate, QueryClientProvider, type Query, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticRouter, RouterProvider, type Router } from './routing';
import { SHELL_NAMESPACES, i18n, ensureNamespaces } from './i18n/i18n';
import { TextsProvider } from './i18n/react';
import type { Language } from '../common/languages';
import type { RouteId } from '../common/routes';
import { createQueryClient } from './app/query-client';
import { buildRoutes } from './app/router';
import { screenNamespaces } from './app/screens';
import { setApiTransport } from './lib/api';
import { ServerSessionContext } from './lib/session';
import type { ServerState } from './ssr/state';

export { SERVER_STATE_ID } from './ssr/state';

/** How the renderer reaches the API: the server answers a GET of an API path in its own process. */
export type ApiGet = (path: string, lang: Language) => Promise<Response>;

/** A rendered page: the markup of the app root and the state the browser hydrates from. */
export interface RenderedPage {
  html: string;
  /** The preloads React wrote for the page's first images (`fetchpriority="high"`), for the document head. */
  head: string;
  state: ServerState;
}

// React puts the preloads of high-priority images first in its output; in the head the browser
// starts them before it reads the body.
const LEADING_PRELOADS = /^(?:<link rel="preload"[^>]*\/>)+/;

// Renders of different requests interleave while they wait for data; each call of the API knows
// its request (and so its language) through the async context it was started in.
const current = new AsyncLocalStorage<{ lang: Language; get: ApiGet }>();

setApiTransport((input) => {
  const request = current.getStore();
  if (!request) return Promise.reject(new Error('An API call outside a server render.'));
  return request.get(String(input), request.lang);
});

const routes = buildRoutes({ server: true });

/** A render should never take longer than this; past it the visitor gets the empty shell. */
const RENDER_TIMEOUT_MS = 5000;
/** Queries found by one pass may reveal more (a profile, then its listings); a few rounds suffice. */
const MAX_PASSES = 4;

const SESSION = { state: 'loggedOut', user: null } as const;

function renderAll(node: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        html += chunk.toString();
        done();
      },
      final(done) {
        resolve(html);
        done();
      },
    });
    const stream = renderToPipeableStream(node, {
      // Wait for every boundary: a crawler and a visitor without JavaScript read the whole page.
      onAllReady: () => stream.pipe(sink),
      // Every boundary inline: outlined ones would need React's inline scripts, which neither the
      // page's CSP nor a visitor without JavaScript runs.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onShellError: reject,
      onError: (error) => {
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    });
    setTimeout(() => {
      stream.abort();
      reject(new Error('The server render timed out.'));
    }, RENDER_TIMEOUT_MS).unref();
  });
}

/** Whether the browser would run the query (its hooks pass `enabled`, e.g. only for an owner). */
function enabled(query: Query): boolean {
  const option = (query.options as { enabled?: boolean | ((q: Query) => boolean) }).enabled;
  return typeof option === 'function' ? option(query) : option !== false;
}

/** Queries a render asked for that have no data yet and would run in the browser. */
function waiting(client: QueryClient): Query[] {
  return client
    .getQueryCache()
    .getAll()
    .filter((q) => q.state.status === 'pending' && q.state.fetchStatus === 'idle' && enabled(q) && q.options.queryFn);
}

function tree(client: QueryClient, router: Router, lang: Language): ReactNode {
  // Its own instance per request, over the shared store of texts: renders in different
  // languages run side by side, and the shared instance's language is never set on the server.
  const texts = i18n.cloneInstance({ lng: lang });
  return (
    <QueryClientProvider client={client}>
      <TextsProvider texts={texts}>
        <ServerSessionContext.Provider value={SESSION}>
          <RouterProvider router={router} />
        </ServerSessionContext.Provider>
      </TextsProvider>
    </QueryClientProvider>
  );
}

/** Renders until the page asks for no query it has no data for; null when a query fails or the rounds run out. */
async function renderWithData(client: QueryClient, router: Router, lang: Language): Promise<string | null> {
  for (let pass = 1; pass <= MAX_PASSES; pass++) {
    const html = await renderAll(tree(client, router, lang));
    const next = waiting(client);
    if (next.length === 0) return html;
    await Promise.all(next.map((q) => q.fetch().catch(() => undefined)));
    // A failed query would render its error here and a spinner in the browser: leave the page to the browser.
    if (next.some((q) => q.state.status === 'error')) return null;
  }
  return null;
}

/**
 * Renders a public page for a visitor: the route's loaders run as in the browser, then the page
 * is rendered until every query it asks for has its data. Answers null when the page is not
 * a plain 200 render (a 404 or an error): the server then sends the empty shell and
 * the browser renders it as today.
 */
export async function render(url: string, lang: Language, routeId: RouteId, get: ApiGet): Promise<RenderedPage | null> {
  return current.run({ lang, get }, async () => {
    const namespaces = [...SHELL_NAMESPACES, ...(screenNamespaces[routeId] ?? [])];
    await ensureNamespaces(lang, namespaces);
    const router = await createStaticRouter(routes, url);
    if (router.state.error) return null;

    const client = createQueryClient();
    client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
    const html = await renderWithData(client, router, lang);
    if (html === null) return null;
    const head = LEADING_PRELOADS.exec(html)?.[0] ?? '';
    return {
      html: html.slice(head.length),
      head,
      state: {
        lang,
        namespaces,
        queries: dehydrate(client),
      },
    };
  });
}
