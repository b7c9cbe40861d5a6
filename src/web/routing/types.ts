import type { ComponentType, ReactNode } from 'react';

/** The parameters a path matched (`:slug` -> `slug`, a splat -> `*`), decoded. */
export type Params = Readonly<Partial<Record<string, string>>>;

/** Where the app is: the parts of the address, the state a navigation gave it, and its history entry's key. */
export interface Location {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  /** "default" for the entry a load started at (the router did not make it); a fresh key for each entry the app makes. */
  key: string;
}

/** How the current location was reached: back/forward or the first load, a new entry, or a replaced one. */
export type NavigationType = 'POP' | 'PUSH' | 'REPLACE';

export interface LoaderFunctionArgs {
  /** A GET of the location being loaded. */
  request: Request;
  params: Params;
}

export interface ShouldRevalidateFunctionArgs {
  currentUrl: URL;
  nextUrl: URL;
  /** What the router would do without the route's own rule. */
  defaultShouldRevalidate: boolean;
}

/** What a route's `lazy()` may add: the parts that render. */
export type RouteModule = Pick<RouteObject, 'Component' | 'element' | 'ErrorBoundary'>;

export interface RouteObject {
  /** `/x/:param` (one segment per parameter), `*` for anything; none for a layout around its children. */
  path?: string;
  /** Runs before the route is shown; its result is not kept (loaders prepare, or throw to show the error boundary). */
  loader?: (args: LoaderFunctionArgs) => unknown;
  /** Loads the rendering parts once, before the route is first shown. */
  lazy?: () => Promise<RouteModule>;
  Component?: ComponentType | null;
  element?: ReactNode;
  /** Shown instead of the route when its loading or rendering failed; `useRouteError()` gives what was thrown. */
  ErrorBoundary?: ComponentType | null;
  /** Whether a route that stays matched loads again on a navigation. */
  shouldRevalidate?: (args: ShouldRevalidateFunctionArgs) => boolean;
  children?: RouteObject[];
}

export interface RouteMatch {
  route: RouteObject;
  /** The parameters of the whole matched branch (every match of a location has the same). */
  params: Params;
  /** The part of the path this route matched. */
  pathname: string;
}

export interface Navigation {
  state: 'idle' | 'loading';
  /** Where a loading navigation goes. */
  location?: Location;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
  /** Leave the scroll position as it is (a change of the query that only switches a tab). */
  preventScrollReset?: boolean;
}

export interface RouterState {
  historyAction: NavigationType;
  location: Location;
  matches: RouteMatch[];
  /** What loading the location threw, and the match whose error boundary shows it. */
  error: { boundary: number; value: unknown } | null;
  navigation: Navigation;
  /** False until the first location's routes have loaded; nothing renders before. */
  initialized: boolean;
  /** For ScrollRestoration: a kept position to go back to, null for none, false to leave the scroll alone (a hydrated page). */
  restoreScrollPosition: number | false | null;
  preventScrollReset: boolean;
}

export interface Router {
  state: RouterState;
  /** Settles once the first location's routes have loaded (at once for a hydrated page). */
  ready: Promise<void>;
  subscribe(listener: (state: RouterState) => void): () => void;
  /** Loads the routes of `to` and then shows it; a number moves through the history (-1 is Back). */
  navigate(to: string | number, options?: NavigateOptions): Promise<void>;
  /**
   * Lets the router record the scroll position of each location it leaves (in `positions`, under
   * `getKey(location)`) and hand the kept one back when a location is shown again.
   */
  enableScrollRestoration(positions: Record<string, number>, getKey?: (location: Location) => string): () => void;
}
