import type { RouteMatch, RouteObject } from './types';

/** A path a location can match: a route with its ancestors, and the full pattern they make. */
interface Branch {
  routes: RouteObject[];
  /** How many segments of the path each of `routes` matches; Infinity for a splat (all of them). */
  depths: number[];
  segments: string[];
  score: number;
}

const PARAM = /^:[\w-]+$/;

/**
 * React Router's ranking, which the app's route table relies on: a fixed segment outweighs a
 * parameter (the German home "/de/" wins over the English profile "/:username"), a splat comes last,
 * and equal scores keep the table's order.
 */
function score(path: string): number {
  const segments = path.split('/');
  let total = segments.length - (segments.includes('*') ? 2 : 0);
  for (const segment of segments) {
    if (segment !== '*') total += PARAM.test(segment) ? 3 : segment === '' ? 1 : 10;
  }
  return total;
}

function flatten(routes: RouteObject[], parents: RouteObject[] = [], parentDepths: number[] = [], parentPath = '', into: Branch[] = []): Branch[] {
  for (const route of routes) {
    const path = route.path === undefined ? parentPath : route.path.startsWith('/') ? route.path : `${parentPath.replace(/\/$/, '')}/${route.path}`;
    const segments = path.split('/').filter(Boolean);
    const chain = [...parents, route];
    const depths = [...parentDepths, segments.includes('*') ? Infinity : segments.length];
    // Children first, as React Router does: among equal scores a child wins over its parent.
    if (route.children) flatten(route.children, chain, depths, path, into);
    if (route.path !== undefined) into.push({ routes: chain, depths, segments, score: score(path) });
  }
  return into;
}

const ranked = new WeakMap<RouteObject[], Branch[]>();

function branches(routes: RouteObject[]): Branch[] {
  let found = ranked.get(routes);
  if (!found) {
    // Array sort is stable: equal scores stay in the order of the table.
    found = flatten(routes).sort((a, b) => b.score - a.score);
    ranked.set(routes, found);
  }
  return found;
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The parameters when `pattern` matches all of `path` (fixed segments ignore case, as React Router's do). */
function matchSegments(pattern: string[], path: string[]): Record<string, string> | null {
  const params: Record<string, string> = {};
  for (const [i, want] of pattern.entries()) {
    if (want === '*') {
      params['*'] = path.slice(i).join('/');
      return params;
    }
    const have = path[i];
    if (!have) return null;
    if (PARAM.test(want)) params[want.slice(1)] = have;
    else if (want.toLowerCase() !== have.toLowerCase()) return null;
  }
  return path.length === pattern.length ? params : null;
}

/** The matched branch of routes for a location, outermost first; null when no route matches. */
export function matchRoutes(routes: RouteObject[], location: string | { pathname: string }): RouteMatch[] | null {
  const pathname = typeof location === 'string' ? location : location.pathname;
  // Trailing slashes never matter ("/de/" is "/de"); inner empty segments do.
  const raw = pathname.replace(/\/+$/, '').split('/').slice(1);
  const path = raw.map(decode);
  for (const branch of branches(routes)) {
    const params = matchSegments(branch.segments, path);
    if (!params) continue;
    return branch.routes.map((route, i) => ({ route, params, pathname: `/${raw.slice(0, branch.depths[i]).join('/')}` }));
  }
  return null;
}
