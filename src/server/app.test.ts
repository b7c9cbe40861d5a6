import { expect, it } from 'vitest';
import { describeEachEngine, useTestApp } from './test/app';
import { createArtist, createStudio } from './test/factories';
import { givePictures } from './test/pictures';

describeEachEngine('the server foundation', (engine) => {
  const t = useTestApp(engine);

  it('answers health with ok while the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', checks: { database: 'ok', storage: 'ok', events: 'ok', rateLimits: 'ok' } });
  });

  it('answers unknown API paths with 404 JSON in the request language', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope', headers: { 'accept-language': 'fr' } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/json/);
    expect(res.json()).toMatchObject({ success: false, error: "Il n'existe aucun appel d'API à /api/nope." });
  });

  it('answers malformed JSON with 400 and oversized bodies with 413', async () => {
    const bad = await t.app.inject({ method: 'POST', url: '/api/contact', headers: { 'content-type': 'application/json' }, payload: '{"name":' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('The request body is not valid JSON.');
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ message: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().error).toBe('The request is too large.');
  });

  it('refuses state-changing requests from another site with 403', async () => {
    const origin = await t.app.inject({ method: 'POST', url: '/api/contact', headers: { origin: 'https://evil.example' }, payload: {} });
    expect(origin.statusCode).toBe(403);
    expect(origin.json().error).toBe('Requests from other sites are not allowed.');
    const fetchSite = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { 'sec-fetch-site': 'cross-site' } });
    expect(fetchSite.statusCode).toBe(403);
    const same = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' } });
    expect(same.statusCode).toBe(200);
    const read = await t.app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'https://evil.example' } });
    expect(read.statusCode).toBe(200);
  });

  it('sends security headers with a CSP that allows no inline script', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('compresses larger answers with brotli or gzip', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/countries-cities-completed.json', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(['br', 'gzip']).toContain(res.headers['content-encoding']);
  });

  it('writes each page head per language: title, canonical, alternates, Open Graph', async () => {
    const en = await t.app.inject({ method: 'GET', url: '/contact' });
    expect(en.statusCode).toBe(200);
    expect(en.headers['content-type']).toMatch(/text\/html/);
    expect(en.body).toContain('<html lang="en"');
    expect(en.body).toContain('<title>Contact | Tattoo Guest Spots</title>');
    expect(en.body).toContain('<link rel="canonical" href="http://localhost:3000/contact">');
    for (const [lang, href] of [['en', '/contact'], ['de', '/de/contact'], ['es', '/es/contact'], ['fr', '/fr/contact'], ['pt', '/pt/contact'], ['x-default', '/contact']]) {
      expect(en.body).toContain(`<link rel="alternate" hreflang="${lang}" href="http://localhost:3000${href}">`);
    }
    expect(en.body).toContain('<meta property="og:title" content="Contact">');
    const de = await t.app.inject({ method: 'GET', url: '/de/agb' });
    expect(de.body).toContain('<html lang="de"');
    expect(de.body).toContain('<title>AGB | Tattoo Guest Spots</title>');
    expect(de.body).toContain('<meta name="description" content="Die Bedingungen');
  });

  it('puts a WebSite with a SearchAction on the home page only', async () => {
    const home = await t.app.inject({ method: 'GET', url: '/de/' });
    expect(home.statusCode).toBe(200);
    const json = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(home.body)?.[1];
    const data = JSON.parse(json as string);
    expect(data).toMatchObject({ '@type': 'WebSite', potentialAction: { '@type': 'SearchAction', 'query-input': 'required name=search_term_string' } });
    expect(data.potentialAction.target.urlTemplate).toBe('http://localhost:3000/search?q={search_term_string}');
    const about = await t.app.inject({ method: 'GET', url: '/aboutus' });
    expect(about.body).not.toContain('application/ld+json');
  });

  it('answers unknown pages and reserved or malformed profile names with 404 HTML', async () => {
    for (const url of ['/this/does/not/exist', '/settings', '/12345', '/ab', '/bad%24name', '/de/nope/nope']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<meta name="robots" content="noindex">');
    }
    const german = await t.app.inject({ method: 'GET', url: '/de/nope/nope' });
    expect(german.body).toContain('<html lang="de"');
    expect(german.body).toContain('<title>Seite nicht gefunden | Tattoo Guest Spots</title>');
  });

  it('lists featured artists and studios whose featuredUntil lies in the future', async () => {
    const artist = await createArtist(t.app);
    const expired = await createArtist(t.app);
    const studio = await createStudio(t.app);
    const future = new Date(Date.now() + 86_400_000).toISOString();
    await t.app.ctx.db.updateTable('users').set({ featured_until: future, workstations: 4, piercings: 1 }).where('id', 'in', [artist.user.id, studio.user.id]).execute();
    await givePictures(t.app, [artist, expired, studio]);
    await t.app.ctx.db.updateTable('users').set({ featured_until: '2021-01-01T00:00:00.000Z' }).where('id', '=', expired.user.id).execute();
    const artists = await t.app.inject({ method: 'GET', url: '/api/featured/artists?limit=5' });
    expect(artists.statusCode).toBe(200);
    const a = artists.json();
    expect(a.success).toBe(true);
    expect(a.artists.map((x: { id: number }) => x.id)).toEqual([artist.user.id]);
    expect(a.artists[0]).toMatchObject({ username: artist.user.username, rating: { average: 0, count: 0 }, styles: [], socialMedia: { instagram: null } });
    const studios = await t.app.inject({ method: 'GET', url: '/api/featured/studios' });
    expect(studios.json().studios[0]).toMatchObject({ id: studio.user.id, workstations: 4, amenities: { piercings: true, tattooRemoval: false, microblading: false } });
    const bad = await t.app.inject({ method: 'GET', url: '/api/featured/artists?limit=0' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBeTruthy();
  });

  it('stores contact messages after validating them, in the sender language', async () => {
    const bad = await t.app.inject({ method: 'POST', url: '/api/contact', headers: { 'x-language': 'de' }, payload: { name: '', email: 'x', message: 'hi' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('Bitte gib deinen Namen ein.');
    const ok = await t.app.inject({ method: 'POST', url: '/api/contact', payload: { name: 'Mara', email: 'mara@example.test', subject: 'Hallo', message: 'Ich habe eine Frage zu Gastplätzen.' } });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ success: true, message: 'Thank you! Your message has been sent.' });
    const row = await t.app.ctx.db.selectFrom('contact_messages').selectAll().where('id', '=', ok.json().id).executeTakeFirst();
    expect(row).toMatchObject({ name: 'Mara', subject: 'Hallo', language: 'en', handled: 0 });
  });

  it('limits contact messages per address', async () => {
    const send = () =>
      t.app.inject({ method: 'POST', url: '/api/contact', remoteAddress: '10.9.9.9', payload: { name: 'Spam', email: 's@example.test', message: 'Hallo Hallo Hallo' } });
    for (let i = 0; i < 5; i++) expect((await send()).statusCode).toBe(201);
    const limited = await send();
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });
});
