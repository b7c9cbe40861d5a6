import { Suspense } from 'react';
import { createBrowserRouter, data, type LoaderFunctionArgs, type Params, type RouteObject, type ShouldRevalidateFunctionArgs } from '../routing';
import { LANGUAGES, splitLanguage, withLanguage, type Language } from '../../common/languages';
import { ROUTES, matchRoute, type RouteDef, type RouteId } from '../../common/routes';
import { activateLanguage, ensureNamespaces } from '../i18n/i18n';
import { leaveFirstPage, setPageTitle } from '../i18n/page-title';
import { RouteError } from './errors/error-screen';
import { RootLayout } from './layout/root-layout';
import { documentNavigationType, forgetScrollOfNewVisit } from './layout/scroll';
import { clearReloadMark } from './preload-error';
import { screenNamespaces, screens, type ScreenModule } from './screens';

const DEV = import.meta.env.DEV;

async function loadScreen(id: RouteId) {
  let screen: ScreenModule | undefined;
  try {
    screen = await screens[id]();
  } catch (error) {
    // A screen that throws the download's error reaches the route's error boundary, which
    // explains it (and reloads once for a chunk gone after a deploy).
    return {
      Component: () => {
        throw error;
      },
    };
  }
  // Undefined means vite:preloadError was answered with a reload: wait for it, show nothing.
  if (!screen) return new Promise<never>(() => {});
  clearReloadMark();
  return { Component: screen.default };
}

// The server wrote the first page's title; only later navigations need the seo texts.
let titleFromServer = true;

/** Loads a page's namespaces and, after the first page, sets its title from the address's values. */
async function preparePage(lang: Language, namespaces: readonly string[], titleKey: string, params: Params = {}): Promise<void> {
  if (titleFromServer) {
    titleFromServer = false;
    await ensureNamespaces(lang, namespaces);
    return;
  }
  leaveFirstPage();
  await ensureNamespaces(lang, ['seo', ...namespaces]);
  setPageTitle(lang, titleKey, Object.fromEntries(Object.entries(params).filter((e): e is [string, string] => e[1] !== undefined)));
}

/**
 * Whether the server serves a development-only page (docs/decisions/015). A built app does not know the
 * server's mode, so it asks: a server in production mode answers such a page 404.
 */
async function servedInDevelopment(url: string): Promise<boolean> {
  if (DEV) return true;
  try {
    return (await fetch(url, { method: 'HEAD', credentials: 'same-origin' })).ok;
  } catch {
    return false;
  }
}

function screenLoader(id: RouteId, lang: Language, def: RouteDef) {
  return async ({ request, params }: LoaderFunctionArgs) => {
    if (def.devOnly && !(await servedInDevelopment(new URL(request.url).pathname))) throw data(null, { status: 404 });
    // Patterns with parameters (/:username) match what the server would refuse; ask the shared matcher.
    if (def.path.includes(':') && matchRoute(new URL(request.url).pathname, { dev: DEV })?.id !== id) {
      throw data(null, { status: 404 });
    }
    await preparePage(lang, screenNamespaces[id] ?? [], `${id}.title`, params);
    return null;
  };
}

// The root's loader switches the interface language; it only has to run again when it changes.
async function rootLoader({ request }: LoaderFunctionArgs) {
  await activateLanguage(splitLanguage(new URL(request.url).pathname).lang);
  return null;
}

// A server render keeps its language in its own translation instance: renders in different
// languages run side by side, and switching the shared one would change it under the others.
async function serverRootLoader() {
  return null;
}

function languageChanged({ currentUrl, nextUrl }: ShouldRevalidateFunctionArgs): boolean {
  return splitLanguage(currentUrl.pathname).lang !== splitLanguage(nextUrl.pathname).lang;
}

function RootError() {
  return (
    <Suspense>
      <RouteError />
    </Suspense>
  );
}

/**
 * The route tree built from the shared route table: every route in every language (English
 * unprefixed, the others under /{lang}), each screen loaded lazily, and a catch-all that sends
 * legacy paths to their page and shows the 404 for the rest. `server` builds the tree of the
 * server's renders, which leave the browser's interface language alone.
 */
export function buildRoutes({ server = false }: { server?: boolean } = {}): RouteObject[] {
  const children: RouteObject[] = [];
  for (const lang of LANGUAGES) {
    for (const [id, def] of Object.entries(ROUTES) as [RouteId, RouteDef][]) {
      children.push({
        path: withLanguage(def.path, lang),
        loader: screenLoader(id, lang, def),
        lazy: () => loadScreen(id),
        ErrorBoundary: RouteError,
      });
    }
  }
  children.push({
    path: '*',
    // Unknown and legacy paths are rare: their code stays out of every page's first load.
    loader: async ({ request }) => {
      const { pathname } = new URL(request.url);
      const { parseLegacyPath } = await import('../../common/legacy-paths');
      if (parseLegacyPath(pathname)) {
        // A legacy path is on its way to its page (UnknownPathPage), which sets its own title.
        titleFromServer = false;
        return null;
      }
      await preparePage(splitLanguage(pathname).lang, [], 'notFound.title');
      return null;
    },
    lazy: () => import('./legacy-redirect').then((m) => ({ Component: m.default })),
    ErrorBoundary: RouteError,
  });
  return [
    {
      Component: RootLayout,
      loader: server ? serverRootLoader : rootLoader,
      shouldRevalidate: languageChanged,
      ErrorBoundary: RootError,
      children,
    },
  ];
}

/**
 * The browser router of the app. `serverTitle` is false when the address changed before the
 * first render (the language redirect), so the server's title is no longer the page's.
 */
export function createAppRouter({
  serverTitle = true,
  routes = buildRoutes(),
  hydrated = false,
}: {
  serverTitle?: boolean;
  /** Routes whose first screen is already loaded, for hydrating a server-rendered page. */
  routes?: RouteObject[];
  /** The server rendered this address: its loaders ran there, the first render shows it at once. */
  hydrated?: boolean;
} = {}) {
  titleFromServer = serverTitle;
  // Before the router reads the kept positions: a page opened anew starts at the top.
  forgetScrollOfNewVisit({ key: 'default', pathname: window.location.pathname, search: window.location.search }, documentNavigationType(), sessionStorage);
  return createBrowserRouter(routes, { hydrated });
}
