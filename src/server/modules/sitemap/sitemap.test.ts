import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../common/languages';
import { LIST_PAGE_SIZE } from '../../../common/schemas/listing-fields';
import { describeEachEngine, useTestApp } from '../../test/app';
import { createUser, type TestUser } from '../../test/factories';
import { createAvailability, createGuestSpot, day, makeAdmin } from '../../test/listing-factories';
import { createSitemapService } from './service';
import { profilesSource } from './sources';
import { escapeXml } from './xml';

const BASE = 'http://localhost:3000';

const unescape = (text: string) =>
  text.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&apos;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

interface UrlEntry {
  loc: string;
  lastmod: string | null;
  alternates: string[];
}

/** The `<url>` entries of a sitemap file, each with its alternates as "hreflang href", sorted. */
function urlsOf(xml: string): UrlEntry[] {
  return [...xml.matchAll(/<url><loc>([^<]*)<\/loc>(?:<lastmod>([^<]*)<\/lastmod>)?(.*?)<\/url>/g)].map((m) => ({
    loc: unescape(m[1] as string),
    lastmod: m[2] ?? null,
    alternates: [...(m[3] as string).matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)].map((l) => `${l[1]} ${unescape(l[2] as string)}`).sort(),
  }));
}

/** The hreflang links of a page's head, as "hreflang href", sorted. */
function headAlternates(html: string): string[] {
  return [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">/g)].map((m) => `${m[1]} ${unescape(m[2] as string)}`).sort();
}

const filesOf = (xml: string) => [...xml.matchAll(/<sitemap><loc>([^<]*)<\/loc>/g)].map((m) => unescape(m[1] as string).replace(BASE, ''));

describe('sitemap xml', () => {
  it('escapes what XML reserves', () => {
    expect(escapeXml(`a&b<c>"d'`)).toBe('a&amp;b&lt;c&gt;&quot;d&apos;');
  });
});

describeEachEngine('sitemap and robots.txt', (engine) => {
  const t = useTestApp(engine);
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const file = async (path: string) => {
    const res = await get(path);
    expect(res.statusCode, path).toBe(200);
    return urlsOf(res.body);
  };

  let visible: TestUser;
  let suspended: TestUser;
  let admin: TestUser;
  let studio: TestUser;

  it('lists every public page once per language with its alternates, and nothing that is not public', async () => {
    visible = await createUser(t.app, { username: 'Sitemap Lena' });
    suspended = await createUser(t.app);
    admin = await makeAdmin(t.app, await createUser(t.app));
    studio = await createUser(t.app, { userType: 'studio' });
    const db = t.app.ctx.db;
    const open = await createGuestSpot(t.app, studio, { title: 'Open guest spot' });
    const inactive = await createGuestSpot(t.app, studio, { title: 'Paused guest spot' });
    const hidden = await createGuestSpot(t.app, studio, { title: 'Hidden guest spot' });
    const ended = await createGuestSpot(t.app, studio, { title: 'Ended guest spot' });
    await db.updateTable('guest_spots').set({ is_active: 0 }).where('id', '=', inactive.id).execute();
    await db.updateTable('guest_spots').set({ hidden_at: new Date().toISOString() }).where('id', '=', hidden.id).execute();
    await db.updateTable('guest_spots').set({ start_date: day(-10), end_date: day(-1) }).where('id', '=', ended.id).execute();
    const available = await createAvailability(t.app, visible, { title: 'Touring in spring' });
    const suspendedOwn = await createAvailability(t.app, suspended, { title: 'Touring while suspended' });
    await db.updateTable('users').set({ suspended_at: new Date().toISOString() }).where('id', '=', suspended.user.id).execute();

    const index = await get('/sitemap.xml');
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(index.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    // The forum's first file lists the forum and its categories even before its first thread.
    expect(filesOf(index.body)).toEqual(['/sitemaps/static-1.xml', '/sitemaps/profiles-1.xml', '/sitemaps/guestspots-1.xml', '/sitemaps/availabilities-1.xml', '/sitemaps/forum-1.xml']);
    expect(index.body).toMatch(/<loc>http:\/\/localhost:3000\/sitemaps\/profiles-1\.xml<\/loc><lastmod>\d{4}-\d\d-\d\dT[^<]+<\/lastmod>/);

    const profiles = await file('/sitemaps/profiles-1.xml');
    const lena = profiles.filter((u) => u.loc.includes('/Sitemap-Lena'));
    expect(lena.map((u) => u.loc)).toEqual(LANGUAGES.map((l) => `${BASE}${l === 'en' ? '' : `/${l}`}/Sitemap-Lena`));
    for (const entry of lena) {
      expect(entry.alternates).toEqual(
        [...LANGUAGES.map((l) => `${l} ${BASE}${l === 'en' ? '' : `/${l}`}/Sitemap-Lena`), `x-default ${BASE}/Sitemap-Lena`].sort(),
      );
      expect(entry.lastmod).toMatch(/^\d{4}-\d\d-\d\dT/);
    }
    const profileLocs = profiles.map((u) => u.loc).join('\n');
    expect(profileLocs).toContain(`/${studio.user.username}`);
    expect(profileLocs).not.toContain(`/${suspended.user.username}`);
    expect(profileLocs).not.toContain(`/${admin.user.username}`);
    expect(profiles).toHaveLength(2 * LANGUAGES.length);

    const spots = (await file('/sitemaps/guestspots-1.xml')).map((u) => u.loc);
    expect(spots).toEqual(LANGUAGES.map((l) => `${BASE}${l === 'en' ? '' : `/${l}`}/guestspot/${open.slug}`));
    // A second list page once the list holds more than a page of guest spots.
    expect((await file('/sitemaps/static-1.xml')).map((u) => u.loc)).not.toContain(`${BASE}/guestspots/page/2`);
    for (let i = 0; i < LIST_PAGE_SIZE; i++) await createGuestSpot(t.app, studio, { title: `Guest spot number ${i + 1}` });
    const availabilities = (await file('/sitemaps/availabilities-1.xml')).map((u) => u.loc);
    expect(availabilities).toEqual(LANGUAGES.map((l) => `${BASE}${l === 'en' ? '' : `/${l}`}/tattooartist/${available.slug}`));
    expect(availabilities.join()).not.toContain(suspendedOwn.slug);

    const statics = (await file('/sitemaps/static-1.xml')).map((u) => u.loc);
    for (const path of ['/', '/de/', '/tattoo-gallery', '/guestspots/page/2', '/de/guestspots/page/2', '/de/tattoo-galerie', '/es/galeria-de-tatuajes', '/guestspots', '/pt/artist-availability', '/fr/tattooartists', '/impressum']) {
      expect(statics, path).toContain(BASE + path);
    }
    expect(statics).not.toContain(`${BASE}/guestspots/page/3`);
    expect(statics.join()).not.toMatch(/\/(login|register|search|admin|dashboard|location-search-demo|city-demo|datenschutz)\b/);
    expect(new Set(statics).size).toBe(statics.length);
  });

  it('answers 304 to a matching If-None-Match, and a new ETag when a file changes', async () => {
    for (const path of ['/sitemap.xml', '/sitemaps/profiles-1.xml', '/sitemaps/static-1.xml']) {
      const first = await get(path);
      const etag = first.headers.etag as string;
      expect(etag, path).toMatch(/^"[\w-]+"$/);
      const again = await get(path, { 'if-none-match': etag });
      expect(again.statusCode, path).toBe(304);
      expect(again.body).toBe('');
    }
    const before = (await get('/sitemaps/profiles-1.xml')).headers.etag;
    await createUser(t.app, { username: 'Sitemap Newcomer' });
    const after = await get('/sitemaps/profiles-1.xml', { 'if-none-match': before as string });
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('/Sitemap-Newcomer</loc>');
  });

  it('answers 404 for a file that does not exist', async () => {
    for (const path of ['/sitemaps/profiles-2.xml', '/sitemaps/profiles-0.xml', '/sitemaps/forums-1.xml', '/sitemaps/static-2.xml', '/sitemaps/profiles-1.txt', '/sitemaps/profiles.xml', '/sitemaps/..%2Fprofiles-1.xml']) {
      expect((await get(path)).statusCode, path).toBe(404);
    }
  });

  it('names the sitemap in robots.txt and keeps crawlers out of the API and the admin area', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Disallow: /api/');
    expect(lines).toContain('Disallow: /admin');
    expect(lines).toContain('Disallow: /de/admin');
    expect(lines).toContain(`Sitemap: ${BASE}/sitemap.xml`);
  });

  it('lists only pages that answer 200 with the same alternates in their head', async () => {
    const index = await get('/sitemap.xml');
    const entries: UrlEntry[] = [];
    for (const path of filesOf(index.body)) {
      const urls = await file(path);
      // Every static page; of the others a sample, each page in each language.
      entries.push(...(path.startsWith('/sitemaps/static-') ? urls : urls.slice(0, 2 * LANGUAGES.length)));
    }
    expect(entries.length).toBeGreaterThan(40);
    for (const entry of entries) {
      const page = await get(entry.loc.replace(BASE, ''));
      expect(page.statusCode, entry.loc).toBe(200);
      expect(page.body, entry.loc).not.toContain('<meta name="robots" content="noindex">');
      expect(headAlternates(page.body), entry.loc).toEqual(entry.alternates);
      expect(page.body, entry.loc).toContain(`<link rel="canonical" href="${entry.loc}">`);
    }
  }, 60_000);

  it('keeps each page in its file when others come and go (file n holds a fixed id range)', async () => {
    const db = t.app.ctx.db;
    const sitemap = createSitemapService({ config: { publicUrl: BASE }, sources: [profilesSource(db, 2)] });
    const text = async (name: string) => {
      const found = await sitemap.file(name);
      return found ? [...found.chunks()].join('') : null;
    };
    const files = filesOf((await sitemap.index()).body);
    expect(files.length).toBeGreaterThanOrEqual(2);
    const second = await text('profiles-2.xml');
    expect(second).not.toBeNull();
    // The first account leaves the public pages: the second file stays as it was.
    await db.updateTable('users').set({ suspended_at: new Date().toISOString() }).where('id', '=', visible.user.id).execute();
    expect(await text('profiles-2.xml')).toBe(second);
    // Its first file held only it and the suspended account: it is gone from the index.
    expect(await text('profiles-1.xml')).toBeNull();
    expect(filesOf((await sitemap.index()).body)).toEqual(files.slice(1));
  });
});
