import { Suspense } from 'react';
import {
  createBrowserRouter,
  data,
  type HydrationState,
  type LoaderFunctionArgs,
  type RouteObject,
  type ShouldRevalidateFunctionArgs,
} from '../routing';
import { TITLE_SUFFIX } from '../../common/constants';
import { LANGUAGES, splitLanguage, withLanguage, type Language } from '../../common/languages';
import { parseLegacyPath } from '../../common/legacy-paths';
import { ROUTES, matchRoute, type RouteDef, type RouteId } from '../../common/routes';
import { activateLanguage, ensureNamespaces, i18n } from '../i18n/i18n';
import { RouteError } from './errors/error-screen';
import { RootLayout } from './layout/root-layout';
import { documentNavigationType, forgetScrollOfNewVisit } from './layout/scroll';
import UnknownPathPage from './legacy-redirect';
import { clearReloadMark } from './preload-error';
import { screenNamespaces, screens, type ScreenModule } from './screens';

const DEV = import.meta.env.DEV;

/** Sets the tab title from the seo namespace (the server wrote it for the first page). */
function setTitle(lang: Language, key: string): void {
  if (typeof document === 'undefined') return;
  if (i18n.exists(key, { lng: lang, ns: 'seo' })) document.title = i18n.t(key, { lng: lang, ns: 'seo' }) + TITLE_SUFFIX;
}

async function loadScreen(id: RouteId) {
  let screen: ScreenModule | undefined;
  try {
    screen = await screens[id]();
  } catch (error) {
    // A rejected lazy() leaves React Router showing the hydrate fallback for good; a screen that
    // throws the error reaches the route's error boundary, which explains it.
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

/** Loads a page's namespaces and, after the first page, sets its title. */
async function preparePage(lang: Language, namespaces: readonly string[], titleKey: string): Promise<void> {
  if (titleFromServer) {
    titleFromServer = false;
    await ensureNamespaces(lang, namespaces);
    return;
  }
  await ensureNamespaces(lang, ['seo', ...namespaces]);
  setTitle(lang, titleKey);
}

/**
 * Whether the server serves a development-only page (decision 5). A built app does not know the
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
  return async ({ request }: LoaderFunctionArgs) => {
    if (def.devOnly && !(await servedInDevelopment(new URL(request.url).pathname))) throw data(null, { status: 404 });
    // Patterns with parameters (/:username) match what the server would refuse; ask the shared matcher.
    if (def.path.includes(':') && matchRoute(new URL(request.url).pathname, { dev: DEV })?.id !== id) {
      throw data(null, { status: 404 });
    }
    await preparePage(lang, screenNamespaces[id] ?? [], `${id}.title`);
    return null;
  };
}

// The root's loader switches the interface language; it only has to run again when it changes.
async function rootLoader({ request }: LoaderFunctionArgs) {
  await activateLanguage(splitLanguage(new URL(request.url).pathname).lang);
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
 * legacy paths to their page and shows the 404 for the rest.
 */
export function buildRoutes(): RouteObject[] {
  const children: RouteObject[] = [];
  for (const lang of LANGUAGES) {
    for (const [id, def] of Object.entries(ROUTES) as [RouteId, RouteDef][]) {
      children.push({
        id: `${lang}:${id}`,
        path: withLanguage(def.path, lang),
        loader: screenLoader(id, lang, def),
        lazy: () => loadScreen(id),
        ErrorBoundary: RouteError,
      });
    }
  }
  children.push({
    path: '*',
    loader: async ({ request }) => {
      const { pathname } = new URL(request.url);
      if (parseLegacyPath(pathname)) {
        // A legacy path is on its way to its page (UnknownPathPage), which sets its own title.
        titleFromServer = false;
        return null;
      }
      await preparePage(splitLanguage(pathname).lang, [], 'notFound.title');
      return null;
    },
    Component: UnknownPathPage,
    ErrorBoundary: RouteError,
  });
  return [
    {
      id: 'root',
      Component: RootLayout,
      loader: rootLoader,
      shouldRevalidate: languageChanged,
      ErrorBoundary: RootError,
      HydrateFallback: () => null,
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
  hydrationData,
}: {
  serverTitle?: boolean;
  /** Routes whose first screen is already loaded, for hydrating a server-rendered page. */
  routes?: RouteObject[];
  hydrationData?: HydrationState;
} = {}) {
  titleFromServer = serverTitle;
  // Before the router reads the kept positions: a page opened anew starts at the top.
  forgetScrollOfNewVisit({ key: 'default', pathname: window.location.pathname, search: window.location.search }, documentNavigationType(), sessionStorage);
  return createBrowserRouter(routes, { hydrationData });
}
