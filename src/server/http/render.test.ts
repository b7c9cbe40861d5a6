import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeEachEngine, useTestApp } from '../test/app';
import { createStudio, type TestUser } from '../test/factories';
import { call, createGuestSpot } from '../test/listing-factories';
import { serverEntryPath } from './render';

// The renderer is the server build of the web app: these tests need `npm run build`.
const webDist = path.resolve('dist/web');
const built = existsSync(serverEntryPath(webDist));

const root = (html: string) => /<div id="root">([\s\S]*?)<\/div><script type="application\/json" id="tgs-state">/.exec(html)?.[1] ?? null;
const state = (html: string) => JSON.parse(/<script type="application\/json" id="tgs-state">(.*?)<\/script>/s.exec(html)?.[1] ?? 'null') as {
  lang: string;
  queries: { queries: { queryKey: unknown[] }[] };
} | null;

describe.skipIf(!built)('public pages rendered on the server', () => {
  describeEachEngine('rendered pages', (engine) => {
    let studio: TestUser;
    let slug = '';
    const t = useTestApp(
      engine,
      async ({ app }) => {
        studio = await createStudio(app);
        slug = (await createGuestSpot(app, studio, { title: 'Fine Line Residency' })).slug;
      },
      {},
      { webDist },
    );

    it('renders the guest spot list for a visitor, with the data the browser hydrates from', async () => {
      const res = await call(t.app, 'GET', '/guestspots');
      expect(res.statusCode).toBe(200);
      expect(root(res.body)).toContain('Fine Line Residency');
      expect(root(res.body)).toContain(`href="/guestspot/${slug}"`);
      const data = state(res.body);
      expect(data?.lang).toBe('en');
      expect(data?.queries.queries.length).toBeGreaterThan(0);
    });

    it('renders in the language of the path', async () => {
      const res = await call(t.app, 'GET', `/de/guestspot/${slug}`);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<html lang="de"');
      expect(root(res.body)).toContain('Fine Line Residency');
      expect(state(res.body)?.lang).toBe('de');
    });

    it('sends a logged-in viewer the empty shell, never a visitor\'s page', async () => {
      const res = await call(t.app, 'GET', `/guestspot/${slug}`, { as: studio });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).not.toContain('tgs-state');
    });

    it('leaves pages behind login and unknown pages to the browser', async () => {
      for (const url of ['/dashboard', '/guestspot/new', '/guestspot/no-such-spot']) {
        const res = await call(t.app, 'GET', url);
        expect(res.body, url).toContain('<div id="root"></div>');
      }
    });

    it('shows an edit at once: the write clears the pages filed under its tags', async () => {
      expect(root((await call(t.app, 'GET', '/guestspots')).body)).toContain('Fine Line Residency');
      const spot = (await call(t.app, 'GET', `/api/guest-spots/by-slug/${slug}`)).json() as { id: number };
      const edit = await call(t.app, 'PUT', `/api/guest-spots/${spot.id}`, { as: studio, payload: { title: 'Bold Line Residency' } });
      expect(edit.statusCode).toBe(200);
      const after = root((await call(t.app, 'GET', '/guestspots')).body);
      expect(after).toContain('Bold Line Residency');
      expect(after).not.toContain('Fine Line Residency');
    });
  });
});
