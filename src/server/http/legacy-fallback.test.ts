import { describe, expect, it, vi } from 'vitest';
import { describeEachEngine, useTestApp } from '../test/app';
import { createPageRegistry } from './pages';
import type { AppContext } from '../context';

/** A lookup whose store fails, as a database that is down or timing out would. */
const failing = async (): Promise<string | null> => {
  throw new Error('connection terminated');
};

describe('a legacy lookup that fails', () => {
  it('answers the fallback list as a temporary redirect, keeping language and query, and logs the failure', async () => {
    const registry = createPageRegistry();
    registry.legacyLookups.set('availability', failing);
    const log = { error: vi.fn() };
    const redirect = registry.redirects[0]!;
    const target = await redirect('/de/availability/7', {
      lang: 'de',
      app: {} as AppContext,
      viewer: null,
      search: new URLSearchParams('style=3'),
      log: log as never,
    });
    expect(target).toEqual({ location: '/de/tattooartists?style=3', temporary: true });
    expect(log.error).toHaveBeenCalledOnce();
  });
});

describeEachEngine('legacy paths whose lookup fails, without JavaScript', (engine) => {
  const t = useTestApp(engine, async ({ app }) => {
    for (const kind of ['guestSpot', 'guestSpotEdit', 'availability'] as const) app.pages.legacyLookups.set(kind, failing);
  });

  it.each([
    ['/availability/7', '/tattooartists'],
    ['/de/tattooartists/7', '/de/tattooartists'],
    ['/es/guestspots/5/old-title', '/es/guestspots'],
    ['/guestspots/5/edit', '/guestspots/manage'],
    ['/fr/gastplatze/5', '/fr/guestspots'],
    ['/gastpl%C3%A4tze/sommer', '/guestspots'],
    ['/de/gastplatze/5/bearbeiten', '/de/guestspots/manage'],
    ['/pt/tattooartists/7?style=3', '/pt/tattooartists?style=3'],
  ])('%s goes to %s with a 302, not an error page', async (url, location) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(location);
  });
});
