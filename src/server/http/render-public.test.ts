import { existsSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { describeEachEngine, useTestApp } from '../test/app';
import { createArtist, createStudio, type TestUser } from '../test/factories';
import { call, createAvailability, createGuestSpot, day } from '../test/listing-factories';
import { givePicture } from '../test/pictures';
import { buildRequired, describeWith } from '../test/services';
import { serverEntryPath } from './render';

// The renderer is the server build of the web app: these tests need `npm run build` (as render.test.ts).
const webDist = path.resolve('dist/web');
const build = {
  what: `the server-rendering build (${path.relative(process.cwd(), serverEntryPath(webDist))})`,
  available: existsSync(serverEntryPath(webDist)),
  required: buildRequired,
  hint: 'run `npm run build` first.',
};

/** The rendered app root of a page, or null for the empty shell. */
const root = (html: string) => /<div id="root">([\s\S]*?)<\/div><script type="application\/json" id="tgs-state">/.exec(html)?.[1] ?? null;

describeWith(build, 'more public pages rendered on the server', () => {
  describeEachEngine('legal pages, the studio directory and ended listings', (engine) => {
    let studio: TestUser;
    let endedSlug = '';
    let endedTripSlug = '';
    let openSlug = '';
    const t = useTestApp(
      engine,
      async ({ app }) => {
        studio = await createStudio(app);
        const artist = await createArtist(app);
        await givePicture(app, studio);
        endedSlug = (await createGuestSpot(app, studio, { title: 'Winter Residency', startDate: day(-30), endDate: day(-1) })).slug;
        openSlug = (await createGuestSpot(app, studio, { title: 'Summer Residency', startDate: day(5), endDate: day(20) })).slug;
        endedTripSlug = (await createAvailability(app, artist, { title: 'Last Tour', startDate: day(-30), endDate: day(-1) })).slug;
      },
      {},
      { webDist },
    );

    it('renders the legal and contact pages in every language, with their text', async () => {
      const imprint = await call(t.app, 'GET', '/de/impressum');
      expect(imprint.statusCode).toBe(200);
      expect(root(imprint.body)).toContain('Impressum</h1>');
      expect(root(imprint.body)).toContain('Angaben gemäß § 5');
      const pages = ['/impressum', '/privacy', '/terms', '/contact', '/aboutus', '/de/datenschutz', '/de/agb', '/de/kontakt', '/es/privacy', '/fr/terms', '/pt/contact'];
      for (const url of pages) {
        const res = await call(t.app, 'GET', url);
        expect(res.statusCode, url).toBe(200);
        expect(root(res.body), url).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
      }
    });

    it('renders the German list path a legacy path leads to', async () => {
      const res = await call(t.app, 'GET', '/de/gastplatze');
      expect(res.statusCode).toBe(200);
      expect(root(res.body)).toContain('Summer Residency');
    });

    it('renders the studio directory with its studios and the soonest open guest spot', async () => {
      const res = await call(t.app, 'GET', '/de/tattoostudios');
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<title>Tattoostudios | Tattoo Guest Spots</title>');
      const html = root(res.body);
      expect(html).toContain('Tattoostudios</h1>');
      expect(html).toContain(studio.user.name);
      expect(html).toContain('Gastplatz ');
    });

    it('renders an ended guest spot as ended: its notice, no apply or contact action, noindex', async () => {
      const res = await call(t.app, 'GET', `/guestspot/${endedSlug}`);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<meta name="robots" content="noindex">');
      const html = root(res.body) ?? '';
      expect(html).toContain('This guest spot has ended');
      expect(html).toContain('Winter Residency');
      expect(html).not.toMatch(/Log in to apply|Log in to message|Log in to contact/);
      expect(html).toContain('href="/guestspots"');

      const de = root((await call(t.app, 'GET', `/de/tattooartist/${endedTripSlug}`)).body) ?? '';
      expect(de).toContain('Diese Verfügbarkeit ist beendet');

      const open = await call(t.app, 'GET', `/guestspot/${openSlug}`);
      expect(open.body).not.toContain('noindex');
      expect(root(open.body)).not.toContain('has ended');
    });
  });
});
