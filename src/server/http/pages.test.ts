import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, describeEachEngine, type TestApp } from '../test/app';
import { createArtist, createStudio, type TestUser } from '../test/factories';
import { createGuestSpot } from '../test/listing-factories';
import { escapeHtml } from './head';
import { fillTemplate } from './pages';

// The shape Vite writes: the entry script and styles in the head, after the head marker.
const BUILT_TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <!--app-head-->
    <script type="module" crossorigin src="/assets/index-Bx3k9.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-C7a1q.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

// Every replacement pattern String.prototype.replace knows, between words.
const PATTERNS = "a $& b $` c $' d $$ e $1 f $<x> g";

const count = (html: string, needle: string) => html.split(needle).length - 1;
const jsonLd = (html: string) => JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1] ?? 'null');
const meta = (html: string, name: string) => new RegExp(`<meta (?:name|property)="${name}" content="([^"]*)">`).exec(html)?.[1];
const link = (html: string, rel: string) => new RegExp(`<link rel="${rel}" href="([^"]*)">`).exec(html)?.[1];

/** One document: one html element, one head, one app root, one entry script, no marker left. */
function expectOneDocument(html: string) {
  expect(count(html, '<html'), 'html elements').toBe(1);
  expect(count(html, '</head>'), 'heads').toBe(1);
  expect(count(html, '<title>'), 'titles').toBe(1);
  expect(count(html, '<div id="root"></div>'), 'app roots').toBe(1);
  expect(count(html, '<script type="module"'), 'module scripts').toBe(1);
  expect(count(html, '<!--app-head-->'), 'head markers').toBe(0);
}

describe('fillTemplate', () => {
  it('inserts a head holding replacement patterns verbatim', () => {
    const html = fillTemplate(BUILT_TEMPLATE, 'de', `<title>${PATTERNS}</title>`);
    expectOneDocument(html);
    expect(html).toContain(`<title>${PATTERNS}</title>`);
    expect(html).toContain('<html lang="de">');
  });
});

describeEachEngine('page heads with replacement patterns in user text', (engine) => {
  let t: TestApp;
  let studio: TestUser;
  let webDist: string;
  const page = (url: string) => t.app.inject({ method: 'GET', url });

  beforeAll(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), 'tgs-web-'));
    writeFileSync(path.join(webDist, 'index.html'), BUILT_TEMPLATE);
    t = await createTestApp(engine, {}, { webDist });
    studio = await createStudio(t.app);
    await t.app.ctx.db
      .updateTable('users')
      .set({ name: `Studio ${PATTERNS}`, bio: `Bio ${PATTERNS}` })
      .where('id', '=', studio.user.id)
      .execute();
  });
  afterAll(async () => {
    await t?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('keeps a profile name and bio verbatim in the title, the meta tags and JSON-LD', async () => {
    const res = await page(`/${encodeURIComponent(studio.user.username.replace(/ /g, '-'))}`);
    expect(res.statusCode).toBe(200);
    expectOneDocument(res.body);
    expect(res.body).toContain(`<title>${escapeHtml(`Studio ${PATTERNS}`)}`);
    expect(meta(res.body, 'description')).toBe(escapeHtml(`Bio ${PATTERNS}`));
    expect(meta(res.body, 'og:description')).toBe(escapeHtml(`Bio ${PATTERNS}`));
    const data = jsonLd(res.body);
    expect(data.name).toBe(`Studio ${PATTERNS}`);
    expect(data.description).toBe(`Bio ${PATTERNS}`);
  });

  it('keeps a guest spot title verbatim', async () => {
    const spot = await createGuestSpot(t.app, studio, { title: `Spot ${PATTERNS}` });
    const res = await page(`/de/guestspot/${spot.slug}`);
    expect(res.statusCode).toBe(200);
    expectOneDocument(res.body);
    expect(res.body).toContain('<html lang="de">');
    expect(meta(res.body, 'og:title')?.startsWith(escapeHtml(`Spot ${PATTERNS}`))).toBe(true);
    expect(jsonLd(res.body).title).toBe(`Spot ${PATTERNS}`);
    expect(jsonLd(res.body).hiringOrganization.name).toBe(`Studio ${PATTERNS}`);
  });

  it('keeps a path holding the patterns verbatim in the canonical link', async () => {
    const pathname = "/guestspot/x$&y$'z$$w";
    const res = await page(pathname);
    expect(res.statusCode).toBe(404);
    expectOneDocument(res.body);
    expect(link(res.body, 'canonical')).toBe(escapeHtml(`http://localhost:3000${pathname}`));
  });
});

describeEachEngine('logged-in viewers\' pages kept as bytes', (engine) => {
  let t: TestApp;
  let studio: TestUser;
  let reader: TestUser;
  let webDist: string;
  const page = (url: string, as?: TestUser) => t.app.inject({ method: 'GET', url, headers: as ? { cookie: as.cookie } : {} });
  const title = (html: string) => /<title>(.*?)<\/title>/.exec(html)?.[1];

  beforeAll(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), 'tgs-web-'));
    writeFileSync(path.join(webDist, 'index.html'), BUILT_TEMPLATE);
    t = await createTestApp(engine, {}, { webDist });
    studio = await createStudio(t.app, { username: 'Kept Shell Studio' });
    reader = await createArtist(t.app);
  });
  afterAll(async () => {
    await t?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('keeps a list page and a screen behind login with a validator, once for every viewer', async () => {
    for (const url of ['/guestspots', '/de/dashboard']) {
      const first = await page(url, reader);
      expect(first.statusCode).toBe(200);
      expect(first.headers['cache-control']).toBe('private, no-cache');
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^"/);
      expect((await page(url, studio)).body).toBe(first.body);
      const again = await t.app.inject({ method: 'GET', url, headers: { cookie: reader.cookie, 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
    }
  });

  it('shows a renamed profile\'s new name at once', async () => {
    const path = `/${encodeURIComponent('Kept-Shell-Studio')}`;
    expect(title((await page(path, reader)).body)).toContain('Kept Shell Studio');
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${studio.user.id}/profile`,
      headers: { cookie: studio.cookie },
      payload: { name: 'Renamed Shell Studio', experience: '', gender: null, workstations: '3', styles: [] },
    });
    expect(renamed.statusCode).toBe(200);
    expect(title((await page(path, reader)).body)).toContain('Renamed Shell Studio');
  });

  it('never keeps a listing\'s page: its owner sees a retired listing another viewer may not', async () => {
    const spot = await createGuestSpot(t.app, studio, { title: 'Retired Shell Residency', isActive: false });
    const own = await page(`/guestspot/${spot.slug}`, studio);
    expect(own.statusCode).toBe(200);
    expect(title(own.body)).toContain('Retired Shell Residency');
    expect(own.headers['cache-control']).toBe('no-store');
    const other = await page(`/guestspot/${spot.slug}`, reader);
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('Retired Shell Residency');
  });
});
