import { describe, expect, it } from 'vitest';
import { matchRoutes } from './match';
import type { RouteObject } from './types';

const paths = (routes: RouteObject[], pathname: string) => matchRoutes(routes, pathname)?.map((match) => match.route.path ?? '(layout)') ?? null;

describe('matchRoutes', () => {
  const children: RouteObject[] = [
    { path: '/' },
    { path: '/guestspot/new' },
    { path: '/guestspot/:slug' },
    { path: '/guestspot/:slug/edit' },
    { path: '/:username/posts' },
    { path: '/:username' },
    { path: '/de/' },
    { path: '/de/:username' },
    { path: '*' },
  ];
  const routes: RouteObject[] = [{ children }];

  it('gives the branch from the layout to the route, with the parameters and the matched part of the path', () => {
    const matches = matchRoutes(routes, '/guestspot/winter-in-berlin/edit');
    expect(matches?.map((m) => m.route)).toEqual([routes[0], children[3]]);
    expect(matches?.[1]?.params).toEqual({ slug: 'winter-in-berlin' });
    // Every match of a location carries the parameters of the whole branch, the layout too.
    expect(matches?.[0]?.params).toBe(matches?.[1]?.params);
    expect(matches?.map((m) => m.pathname)).toEqual(['/', '/guestspot/winter-in-berlin/edit']);
  });

  it('ranks fixed segments over parameters and the splat last, whatever the order of the table', () => {
    // The English profile pattern comes first in the table, the German home wins.
    expect(paths(routes, '/de')).toEqual(['(layout)', '/de/']);
    expect(paths(routes, '/de/')).toEqual(['(layout)', '/de/']);
    expect(paths(routes, '/guestspot/new')).toEqual(['(layout)', '/guestspot/new']);
    expect(paths(routes, '/Lena-Ink')).toEqual(['(layout)', '/:username']);
    expect(paths(routes, '/a/b/c/d')).toEqual(['(layout)', '*']);
  });

  it('keeps the order of the table between equal scores', () => {
    // "/de/:username" and "/:username/posts" score the same: the first of them wins.
    expect(paths(routes, '/de/posts')).toEqual(['(layout)', '/:username/posts']);
    expect(paths([{ path: '/:b' }, { path: '/:a' }], '/x')).toEqual(['/:b']);
  });

  it('ignores trailing slashes and the case of fixed segments, and decodes parameters', () => {
    expect(paths(routes, '/guestspot/new/')).toEqual(['(layout)', '/guestspot/new']);
    expect(paths(routes, '/GuestSpot/NEW')).toEqual(['(layout)', '/guestspot/new']);
    expect(matchRoutes(routes, '/guestspot/sommer-in-m%C3%BCnchen')?.[1]?.params).toEqual({ slug: 'sommer-in-münchen' });
    // A parameter never matches an empty segment.
    expect(paths(routes, '/guestspot//edit')).toEqual(['(layout)', '*']);
  });

  it('gives the splat the rest of the path, and matches no path without a splat', () => {
    expect(matchRoutes(routes, '/no/such/page')?.[1]?.params).toEqual({ '*': 'no/such/page' });
    expect(matchRoutes([{ path: '/a' }], '/b')).toBeNull();
    expect(matchRoutes([{ path: '/a/*' }], '/a')?.[0]?.params).toEqual({ '*': '' });
  });

  it('joins relative child paths to their parent, and a parent with a path matches by itself too', () => {
    const tree: RouteObject[] = [{ path: '/docs', children: [{ path: 'intro' }, { path: ':page' }] }];
    expect(matchRoutes(tree, '/docs/intro')?.map((m) => m.route.path)).toEqual(['/docs', 'intro']);
    expect(matchRoutes(tree, '/docs/setup')?.map((m) => [m.route.path, m.pathname])).toEqual([
      ['/docs', '/docs'],
      [':page', '/docs/setup'],
    ]);
    expect(matchRoutes(tree, '/docs')?.map((m) => m.route.path)).toEqual(['/docs']);
  });
});
