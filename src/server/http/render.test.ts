import { existsSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { LANGUAGES, withLanguage } from '../../common/languages';
import { describeEachEngine, useTestApp } from '../test/app';
import { createStudio, type TestUser } from '../test/factories';
import { call, createGuestSpot } from '../test/listing-factories';
import { buildRequired, describeWith } from '../test/services';
import { serverEntryPath } from './render';

// The renderer is the server build of the web app: these tests need `npm run build`. `npm test`
// builds first and sets TEST_REQUIRE_BUILD, so there a missing build fails instead of skipping.
const webDist = path.resolve('dist/web');
const build = {
  what: `the server-rendering build (${path.relative(process.cwd(), serverEntryPath(webDist))})`,
  available: existsSync(serverEntryPath(webDist)),
  required: buildRequired,
  hint: 'run `npm run build` first.',
};

const root = (html: string) => /<div id="root">([\s\S]*?)<\/div><script type="application\/json" id="tgs-state">/.exec(html)?.[1] ?? null;
const state = (html: string) => JSON.parse(/<script type="application\/json" id="tgs-state">(.*?)<\/script>/s.exec(html)?.[1] ?? 'null') as {
  lang: string;
  queries: { queries: { queryKey: unknown[] }[] };
} | null;

describeWith(build, 'public pages rendered on the server', () => {
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
      // The content shows before any script: no module preloads compete with the stylesheet and images.
      expect(res.body).not.toContain('rel="modulepreload"');
      // The app starts after the first paint, through the small starter that names the entry.
      expect(res.body).toMatch(/<script defer src="\/boot\.js" data-entry="\/assets\/index-[^"]+\.js"><\/script>/);
      expect(res.body).not.toContain('<script type="module"');
      expect(data?.queries.queries.length).toBeGreaterThan(0);
    });

    it('leaves the filters\' countries and cities to the browser: the lists neither wait for them nor carry them', async () => {
      for (const url of ['/guestspots', '/tattooartists', '/tattoo-gallery']) {
        const res = await call(t.app, 'GET', url);
        expect(res.statusCode, url).toBe(200);
        const keys = state(res.body)?.queries.queries.map((q) => q.queryKey[0]);
        expect(keys, url).not.toContain('countries-cities');
        // The visitor's HTML stays small: the whole location list alone was about 220 KB.
        expect(res.body.length, url).toBeLessThan(150_000);
      }
    });

    it('renders in the language of the path', async () => {
      const res = await call(t.app, 'GET', `/de/guestspot/${slug}`);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<html lang="de"');
      expect(root(res.body)).toContain('Fine Line Residency');
      expect(state(res.body)?.lang).toBe('de');
    });

    it('keeps each render in its own language while renders in other languages run at the same time', async () => {
      const intros = Object.fromEntries(
        await Promise.all(
          LANGUAGES.map(async (lang) => [lang, ((await import(`../../web/i18n/locales/${lang}/guestSpots.json`)) as { default: { list: { intro: string } } }).default.list.intro] as const),
        ),
      );
      // JSX escapes quotes and ampersands; the leads compare as the markup holds them.
      const escaped = (text: string) => text.replace(/&/g, '&amp;').replace(/'/g, '&#x27;').replace(/"/g, '&quot;');
      // Twice each language, interleaved: a list and a guest spot, both waiting for their data.
      const urls = [...LANGUAGES, ...[...LANGUAGES].reverse()].flatMap((lang) => [[lang, withLanguage('/guestspots', lang)], [lang, withLanguage(`/guestspot/${slug}`, lang)]] as const);
      const answers = await Promise.all(urls.map(([, url]) => call(t.app, 'GET', url)));
      answers.forEach((res, i) => {
        const [lang, url] = urls[i] as (typeof urls)[number];
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).toContain(`<html lang="${lang}"`);
        expect(state(res.body)?.lang, url).toBe(lang);
        if (!url.endsWith('/guestspots')) return;
        for (const [other, intro] of Object.entries(intros)) {
          if (other === lang) expect(root(res.body), url).toContain(escaped(intro));
          else expect(root(res.body), `${other} text in ${url}`).not.toContain(escaped(intro));
        }
      });
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

    it('keeps a visitor\'s page as bytes: a strong ETag, 304 when unchanged, the stored br form', async () => {
      const first = await t.app.inject({ method: 'GET', url: '/guestspots', headers: { 'accept-encoding': 'br, gzip' } });
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-encoding']).toBe('br');
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
      const again = await t.app.inject({ method: 'GET', url: '/guestspots', headers: { 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      const plain = await t.app.inject({ method: 'GET', url: '/guestspots' });
      expect(plain.headers.etag).toBe(etag);
      expect(root(plain.body)).toContain('Fine Line Residency');
      // A logged-in viewer gets the shell, kept apart from the visitors' page: never revalidated against it.
      const own = await t.app.inject({ method: 'GET', url: '/guestspots', headers: { cookie: studio.cookie, 'if-none-match': etag } });
      expect(own.statusCode).toBe(200);
      expect(own.headers.etag).not.toBe(etag);
      expect(own.body).not.toContain('Fine Line Residency');
      // A 404 is never kept: the guest spot created next is found at once.
      expect((await call(t.app, 'GET', '/guestspot/not-there-yet')).statusCode).toBe(404);
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
