import { ErrorResponse } from './errors';
import { createBrowserHistory, createLocation, createMemoryHistory, createPath, type History } from './history';
import { matchRoutes } from './match';
import type { Location, NavigateOptions, NavigationType, RouteMatch, RouteObject, Router, RouterState } from './types';

const IDLE = { state: 'idle' } as const;

const lazyLoads = new WeakMap<RouteObject, Promise<void>>();

/** Runs a route's `lazy()` once and puts what it gives on the route; what the route already has stays. */
function loadLazy(route: RouteObject): Promise<void> | undefined {
  const { lazy } = route;
  if (!lazy) return;
  let loading = lazyLoads.get(route);
  if (!loading) {
    loading = lazy().then((module) => {
      for (const [name, value] of Object.entries(module)) (route as Record<string, unknown>)[name] ??= value;
      delete route.lazy;
    });
    // A failed download may succeed on the next navigation.
    loading.catch(() => lazyLoads.delete(route));
    lazyLoads.set(route, loading);
  }
  return loading;
}

/** Loads the lazy parts of the routes a location matches, so a hydrating render has every component. */
export async function loadLazyRoutes(routes: RouteObject[], location: string | { pathname: string }): Promise<void> {
  await Promise.all((matchRoutes(routes, location) ?? []).map(({ route }) => loadLazy(route)));
}

/** A move to a hash on the same page (the same hash again included): nothing loads, as in React Router. */
function hashOnly(from: Location, to: Location): boolean {
  return from.pathname === to.pathname && from.search === to.search && to.hash !== '';
}

function createRouter(routes: RouteObject[], history: History, hydrated: boolean): Router {
  let latest = 0;
  let scroll: { positions: Record<string, number>; key: (location: Location) => string } | null = null;
  // A hydrated page's scroll is the browser's: its first location restores nothing.
  let initialScrollRestored = hydrated;
  const listeners = new Set<(state: RouterState) => void>();
  const first = history.location();

  const update = (patch: Partial<RouterState>) => {
    router.state = { ...router.state, ...patch };
    for (const listener of listeners) listener(router.state);
  };
  const keptScroll = (location: Location): number | null => {
    const y = scroll?.positions[scroll.key(location)];
    return typeof y === 'number' ? y : null;
  };
  const url = (location: Location) => new URL(createPath(location), history.origin);

  /** Whether a match must load before `next` shows: new to the page, or React Router's revalidation rules. */
  function mustLoad(match: RouteMatch, index: number, current: RouterState, next: Location): boolean {
    const { route } = match;
    if (route.lazy) return true;
    if (!route.loader) return false;
    const before = current.matches[index];
    if (!current.initialized || current.error || before?.route !== route) return true;
    const byDefault = current.location.search !== next.search || current.location.pathname === next.pathname || before.pathname !== match.pathname;
    return route.shouldRevalidate ? route.shouldRevalidate({ currentUrl: url(current.location), nextUrl: url(next), defaultShouldRevalidate: byDefault }) : byDefault;
  }

  /**
   * Loads what `location` needs and only then shows it; the page stays meanwhile, with the
   * navigation "loading". A later navigation supersedes this one: its loads then show nothing.
   */
  async function load(action: NavigationType, location: Location, options: NavigateOptions = {}): Promise<void> {
    const id = ++latest;
    const current = router.state;
    if (scroll && current.initialized) scroll.positions[scroll.key(current.location)] = window.scrollY;
    const matches = matchRoutes(routes, location) ?? [];
    const commit = (error: RouterState['error']) => {
      if (id !== latest) return;
      if (action === 'PUSH') history.push(location);
      else if (action === 'REPLACE') history.replace(location);
      update({
        historyAction: action,
        location,
        matches,
        error,
        navigation: IDLE,
        initialized: true,
        restoreScrollPosition: keptScroll(location),
        preventScrollReset: options.preventScrollReset === true,
      });
    };

    if (current.initialized && hashOnly(current.location, location)) return commit(current.error);
    if (!matches.length) return commit({ boundary: -1, value: new ErrorResponse(404, 'Not Found', null) });
    const pending = matches.filter((match, i) => mustLoad(match, i, current, location));
    if (!pending.length) return commit(null);

    update({ navigation: { state: 'loading', location } });
    const request = new Request(url(location));
    const failures = await Promise.all(
      pending.map(async (match) => {
        try {
          await Promise.all([loadLazy(match.route), match.route.loader?.({ request, params: match.params })]);
          return null;
        } catch (value) {
          return { at: matches.indexOf(match), value };
        }
      }),
    );
    const failure = failures.find((found) => found !== null);
    if (!failure) return commit(null);
    // The nearest route at or above the failed one that has an error boundary shows the error.
    let boundary = failure.at;
    while (boundary > 0 && !matches[boundary]?.route.ErrorBoundary) boundary--;
    commit({ boundary, value: failure.value });
  }

  const router: Router = {
    state: {
      historyAction: 'POP',
      location: first,
      matches: hydrated ? (matchRoutes(routes, first) ?? []) : [],
      error: null,
      navigation: IDLE,
      initialized: hydrated,
      restoreScrollPosition: hydrated ? false : null,
      preventScrollReset: false,
    },
    ready: Promise.resolve(),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    navigate(to, options = {}) {
      if (typeof to === 'number') {
        history.go(to);
        return Promise.resolve();
      }
      return load(options.replace ? 'REPLACE' : 'PUSH', createLocation(to, createPath(router.state.location), options.state ?? null), options);
    },
    enableScrollRestoration(positions, getKey) {
      scroll = { positions, key: getKey ?? ((location) => location.key) };
      if (!initialScrollRestored && router.state.navigation.state === 'idle') {
        initialScrollRestored = true;
        const y = keptScroll(router.state.location);
        if (y !== null) update({ restoreScrollPosition: y });
      }
      return () => {
        scroll = null;
      };
    },
  };
  history.listen((location) => void load('POP', location));
  if (!hydrated) router.ready = load('POP', first);
  return router;
}

/**
 * The router of the browser's address. `hydrated`: the page was rendered on the server for this
 * address, its routes already loaded (their lazy parts too, see loadLazyRoutes): the first render
 * shows it at once and runs no loader.
 */
export function createBrowserRouter(routes: RouteObject[], { hydrated = false }: { hydrated?: boolean } = {}): Router {
  return createRouter(routes, createBrowserHistory(), hydrated);
}

/** A router over a list of entries, starting at the last: tests, and the server's render. */
export function createMemoryRouter(routes: RouteObject[], { initialEntries = ['/'], origin }: { initialEntries?: string[]; origin?: string } = {}): Router {
  return createRouter(routes, createMemoryHistory(initialEntries, origin), false);
}
