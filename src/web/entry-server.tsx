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

/** One query's data, loaded by the server before the render: its key and what the page's hook keeps. */
export interface PageQuery {
  key: readonly unknown[];
  data: unknown;
}

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

// The page's data comes loaded (docs/decisions/032): a hook that still calls the API while
// rendering asks for something its route's loader does not give, and the page is left to the browser.
setApiTransport((input) => Promise.reject(new Error(`An API call while rendering on the server: ${String(input)}`)));

const routes = buildRoutes({ server: true });

/** A render should never take longer than this; past it the visitor gets the empty shell. */
const RENDER_TIMEOUT_MS = 5000;

let passes = 0;

/** How many times this bundle has rendered a page: one per page (the render tests count them). */
export function renderPasses(): number {
  return passes;
}

const SESSION = { state: 'loggedOut', user: null } as const;

function renderAll(node: ReactNode): Promise<string> {
  passes++;
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

/**
 * Renders a public page for a visitor, once, from the data the server loaded for its route: the
 * route's loaders run as in the browser, the QueryClient starts with every query the page asks
 * for. Answers null when the page is not a plain 200 render (a 404 or an error): the server then
 * sends the empty shell and the browser renders it as today. Throws when the page asked for data
 * it was not given, which is a loader to fix.
 */
export async function render(url: string, lang: Language, routeId: RouteId, queries: readonly PageQuery[]): Promise<RenderedPage | null> {
  const namespaces = [...SHELL_NAMESPACES, ...(screenNamespaces[routeId] ?? [])];
  await ensureNamespaces(lang, namespaces);
  const router = await createStaticRouter(routes, url);
  if (router.state.error) return null;

  const client = createQueryClient();
  // The browser's 30 minutes of keeping an unused query would keep every render's client, its
  // queries and the render itself alive on a timer: a render's client lives as long as the render
  // (no timers), and is emptied once the page is written.
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false, gcTime: Infinity } });
  try {
    for (const query of queries) client.setQueryData(query.key, query.data);
    const html = await renderAll(tree(client, router, lang));
    const missing = waiting(client);
    if (missing.length > 0) throw new Error(`The page asked for data its loader did not give: ${JSON.stringify(missing.map((q) => q.queryKey))}`);
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
  } finally {
    client.clear();
  }
}
