import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, it } from 'vitest';
import { PAGE_PARAMS } from '../../common/page-params';
import { matchRoute, type RouteId } from '../../common/routes';
import { ageAccount, categoryIds, postReply, postThread } from '../modules/forum/testing';
import { describeEachEngine, useTestApp } from '../test/app';
import { createArtist, createStudio } from '../test/factories';
import { call, createAvailability, createGuestSpot, day } from '../test/listing-factories';
import { givePicture } from '../test/pictures';
import { buildRequired, describeWith } from '../test/services';
import { SERVER_RENDERED, serverEntryPath } from './render';

// The renderer is the server build of the web app: these tests need `npm run build` (as render.test.ts).
const webDist = path.resolve('dist/web');
const entryFile = serverEntryPath(webDist);
const build = {
  what: `the server-rendering build (${path.relative(process.cwd(), entryFile)})`,
  available: existsSync(entryFile),
  required: buildRequired,
  hint: 'run `npm run build` first.',
};

interface State {
  queries: { queries: { queryKey: unknown[]; state: { data: unknown } }[] };
}
const root = (html: string) => /<div id="root">([\s\S]*?)<\/div><script type="application\/json" id="tgs-state">/.exec(html)?.[1] ?? null;
const state = (html: string) => JSON.parse(/<script type="application\/json" id="tgs-state">(.*?)<\/script>/s.exec(html)?.[1] ?? 'null') as State | null;
const dataOf = (html: string, key: unknown[]) => state(html)?.queries.queries.find((q) => JSON.stringify(q.queryKey) === JSON.stringify(key))?.state.data;
const canonical = (html: string) => /<link rel="canonical" href="([^"]*)">/.exec(html)?.[1];

describeWith(build, 'server-rendered pages loaded by their routes\' loaders', () => {
  describeEachEngine('page loaders', (engine) => {
    const pages: string[] = [];
    let studioId = 0;
    let artistId = 0;
    let spotSlug = '';
    const t = useTestApp(
      engine,
      async ({ app }) => {
        const studio = await createStudio(app, { username: 'Loader Studio' });
        const artist = await createArtist(app, { username: 'Loader Artist' });
        studioId = studio.user.id;
        await givePicture(app, studio);
        await givePicture(app, artist);
        artistId = artist.user.id;
        const spot = await createGuestSpot(app, studio, { title: 'Loader Residency', startDate: day(5), endDate: day(60) });
        spotSlug = spot.slug;
        const trip = await createAvailability(app, artist, { title: 'Loader Tour' });
        // A confirmed stay (the tour and the profile's trips) and an approved document (the badge).
        const now = new Date().toISOString();
        await app.ctx.db
          .insertInto('stays')
          .values({ artist_id: artist.user.id, studio_id: studio.user.id, guest_spot_id: spot.id, request_id: null, start_date: day(10), end_date: day(17), city_name: 'Berlin', terms: null, status: 'confirmed', created_at: now, cancelled_at: null, cancel_reason: null, cancelled_by: null })
          .execute();
        await app.ctx.db
          .insertInto('studio_verifications')
          .values({ user_id: studio.user.id, status: 'approved', document_key: 'verifications/loader.pdf', content_type: 'application/pdf', reason: null, created_at: now, decided_at: now, decided_by: null })
          .execute();
        await ageAccount(app, artist, studio);
        const category = (await categoryIds(app)).get('technique-machines') as number;
        const thread = await postThread(app, artist, { categoryId: category, title: 'Which needle for fine lines?' });
        await postReply(app, studio, thread.id, 'A 3RL, mostly.');
        // One address of every server-rendered route (and a profile's listings tab, which loads more).
        pages.push(
          '/',
          '/Loader-Studio',
          '/Loader-Studio?tab=guestspots',
          '/Loader-Artist?tab=availability',
          '/Loader-Artist',
          '/Loader-Artist/tour',
          '/de/Loader-Artist/tour',
          '/tattoo-gallery',
          '/de/tattoo-galerie',
          '/es/galeria-de-tatuajes',
          '/fr/galerie-de-tatouages',
          '/pt/galeria-de-tatuagens',
          '/guestspots',
          '/guestspots/page/1',
          `/guestspot/${spotSlug}`,
          '/artist-availability',
          '/artist-availability/page/1',
          `/tattooartist/${trip.slug}`,
          '/tattooartists',
          '/tattooartists/page/1',
          '/tattoostudios',
          '/tattoostudios/page/1',
          '/search?q=loader',
          '/forum',
          '/forum/c/technique-machines',
          '/forum/c/technique-machines/page/1',
          `/forum/t/${thread.id}/${thread.slug}`,
          `/forum/t/${thread.id}/${thread.slug}/page/1`,
          '/de/gastplatze',
          '/aboutus',
          '/impressum',
          '/privacy',
          '/de/datenschutz',
          '/terms',
          '/de/agb',
          '/contact',
          '/de/kontakt',
        );
      },
      {},
      { webDist },
    );

    it('has a loader and a parameter table for every server-rendered route', () => {
      for (const id of SERVER_RENDERED) {
        expect(t.app.pages.loaders.has(id), id).toBe(true);
        expect(PAGE_PARAMS[id], id).toBeDefined();
      }
      const covered = new Set(pages.map((url) => matchRoute(url.split('?')[0] as string)?.id));
      expect([...SERVER_RENDERED].filter((id: RouteId) => !covered.has(id))).toEqual([]);
    });

    it('renders each page once, from its loader, without asking the app\'s own API', async () => {
      const entry = (await import(pathToFileURL(entryFile).href)) as { renderPasses(): number };
      const inject = t.app.inject.bind(t.app);
      const asked: string[] = [];
      const spy = ((opts: { url?: string }) => {
        if (opts.url?.startsWith('/api')) asked.push(opts.url);
        return inject(opts as never);
      }) as typeof t.app.inject;
      t.app.inject = spy;
      try {
        for (const url of pages) {
          const before = entry.renderPasses();
          const res = await call(t.app, 'GET', url);
          expect(res.statusCode, url).toBe(200);
          expect(root(res.body), url).toBeTruthy();
          expect(entry.renderPasses() - before, url).toBe(1);
        }
      } finally {
        t.app.inject = inject;
      }
      expect(asked).toEqual([]);
    });

    it('hands the browser the very answers the API gives a visitor', async () => {
      const same = async (url: string, key: unknown[], api: string, pick: (answer: Record<string, unknown>) => unknown = (a) => a) => {
        const page = (await call(t.app, 'GET', url)).body;
        const answer = (await call(t.app, 'GET', api)).json() as Record<string, unknown>;
        expect(dataOf(page, key), `${url} ${api}`).toEqual(pick(answer));
      };
      await same('/', ['featured', 'artists', 5], '/api/featured/artists?limit=5', (a) => a.artists);
      await same('/', ['gallery', 'public', 'latest', 'en', 6], '/api/gallery?limit=6', (a) => a.images);
      await same('/', ['site'], '/api/site');
      await same('/de/Loader-Studio', ['profile', 'loader-studio', 'de'], '/api/profile/Loader-Studio', (a) => a.user);
      await same('/Loader-Studio', ['guest-spots', 'count', studioId], `/api/guest-spots?studioId=${studioId}&count=true`, (a) => a.count);
      await same('/Loader-Studio?tab=guestspots', ['guest-spots', 'owner', 'en', studioId], `/api/guest-spots?studioId=${studioId}`);
      await same('/Loader-Studio', ['reviews', 'user', studioId], `/api/reviews/user/${studioId}`, (a) => ({ pages: [a], pageParams: [null] }));
      await same('/fr/guestspots', ['guest-spots', 'list', 'fr', '?page=1'], '/api/guest-spots?page=1');
      await same(`/guestspot/${spotSlug}`, ['guest-spots', 'detail', 'en', `/api/guest-spots/by-slug/${spotSlug}`], `/api/guest-spots/by-slug/${spotSlug}`);
      await same('/tattoostudios', ['studios', 'list', 'en', '?page=1'], '/api/studios?page=1');
      await same('/tattooartists', ['styles', 'en'], '/api/styles?lang=en');
      await same('/tattoo-gallery', ['gallery', 'public', 'en', { style: '', country: '', city: '' }], '/api/gallery', (a) => ({ pages: [a], pageParams: [''] }));
      await same('/forum', ['forum', 'categories', 'en'], '/api/forum/categories', (a) => a.categories);
      await same('/Loader-Studio', ['trust', 'figures', studioId], `/api/users/${studioId}/trust`);
      await same('/Loader-Artist', ['deals', 'userStays', artistId], `/api/users/${artistId}/stays`, (a) => a.stays);
      await same('/Loader-Artist/tour', ['tour', 'loader-artist', 'en'], '/api/tours/Loader-Artist');
    });

    it('renders the tour, the profile\'s trips and trust, and the verified badge on cards, into the HTML', async () => {
      const tour = root((await call(t.app, 'GET', '/de/Loader-Artist/tour')).body) ?? '';
      // The tour's list is in the server's markup: the host studio, its city and the open dates.
      expect(tour).toContain('Loader Studio');
      expect(tour).toContain('Berlin');
      expect(tour).toContain('Loader Tour');
      // The globe is the browser's alone: its box, no canvas.
      expect(tour).not.toContain('<canvas');
      const profile = root((await call(t.app, 'GET', '/Loader-Artist')).body) ?? '';
      expect(profile).toContain('Loader Studio');
      expect(root((await call(t.app, 'GET', '/Loader-Studio')).body)).toContain('Verified studio');
      expect(root((await call(t.app, 'GET', '/tattoostudios')).body)).toContain('Verified studio');
      expect(root((await call(t.app, 'GET', `/guestspot/${spotSlug}`)).body)).toBeTruthy();
      expect(root((await call(t.app, 'GET', '/de/guestspots')).body)).toContain('Verifiziertes Studio');
    });

    it('keeps one page for an address with junk parameters and without: they neither render nor take a place', async () => {
      const plain = await call(t.app, 'GET', '/');
      const size = t.app.ctx.answers.size;
      for (const junk of ['/?utm_source=x', '/?fbclid=abc&utm_medium=mail', '/?x=%3Cb%3E']) {
        const res = await call(t.app, 'GET', junk);
        expect(res.statusCode, junk).toBe(200);
        expect(res.headers.etag, junk).toBe(plain.headers.etag);
        expect(res.body, junk).toBe(plain.body);
      }
      expect(t.app.ctx.answers.size).toBe(size);
    });

    it('keeps a list page by the parameters it reads, in one order, its defaults left out', async () => {
      const plain = await call(t.app, 'GET', '/tattooartists');
      const filtered = await call(t.app, 'GET', '/tattooartists?country=DE&style=realism');
      const size = t.app.ctx.answers.size;
      // Page 1 is the default: `?page=1` is the plain page.
      expect((await call(t.app, 'GET', '/tattooartists?page=1&utm_campaign=y')).headers.etag).toBe(plain.headers.etag);
      expect((await call(t.app, 'GET', '/tattooartists?utm_source=x&style=realism&page=1&country=DE')).headers.etag).toBe(filtered.headers.etag);
      expect(t.app.ctx.answers.size).toBe(size);
      expect((await call(t.app, 'GET', '/tattooartists?page=2')).headers.etag).not.toBe(plain.headers.etag);
    });

    it('names no junk parameter in the canonical link, the alternates or the language links', async () => {
      const res = await call(t.app, 'GET', '/de/tattoo-galerie?utm_source=news&style=realism&fbclid=zz');
      expect(res.statusCode).toBe(200);
      expect(canonical(res.body)).toMatch(/\/de\/tattoo-galerie$/);
      expect(res.body).not.toMatch(/utm_source|fbclid/);
      // The language links keep what the page reads.
      expect(root(res.body)).toContain('href="/fr/galerie-de-tatouages?style=realism"');
    });
  });
});
