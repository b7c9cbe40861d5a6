import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeEachEngine, type TestApp } from '../../test/app';

const link = (html: string, rel: string) => new RegExp(`<link rel="${rel}" href="([^"]*)">`).exec(html)?.[1];

describeEachEngine('artist listing pages: heads and legacy paths', (engine) => {
  let t: TestApp;
  const page = (url: string) => t.app.inject({ method: 'GET', url });

  beforeAll(async () => {
    t = await createTestApp(engine);
    // 13 artists: two list pages of 12. Written directly: the listing only reads them.
    const now = new Date().toISOString();
    await t.app.ctx.db
      .insertInto('users')
      .values(
        Array.from({ length: 13 }, (_, i) => ({
          username: `Page Artist ${i}`,
          username_key: `page-artist-${i}`,
          email: `page${i}@example.test`,
          email_key: `page${i}@example.test`,
          password_hash: 'x',
          name: `Page Artist ${i}`,
          user_type: 'artist',
          featured_until: null, avatar: null, header_image: null, bio: null, city: null, country: null, city_id: null,
          country_id: null, city_name: null, country_name: null, gender: null, experience: null, instagram: null,
          facebook: null, tiktok: null, youtube: null, telegram: null, whatsapp: null, pinterest: null, twitter: null,
          website: null, created_at: now, updated_at: now,
        })),
      )
      .execute();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gives each listing page its canonical and prev/next links; past the end is 404', async () => {
    const first = await page('/tattooartists');
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('<title>Tattoo artists | Tattoo Guest Spots</title>');
    expect(link(first.body, 'canonical')).toBe('http://localhost:3000/tattooartists');
    expect(link(first.body, 'next')).toBe('http://localhost:3000/tattooartists/page/2');
    const second = await page('/fr/tattooartists/page/2');
    expect(second.statusCode).toBe(200);
    expect(second.body).toContain('<title>Tatoueurs – page 2 | Tattoo Guest Spots</title>');
    expect(link(second.body, 'canonical')).toBe('http://localhost:3000/fr/tattooartists/page/2');
    expect(link(second.body, 'prev')).toBe('http://localhost:3000/fr/tattooartists');
    expect(link(second.body, 'next')).toBeUndefined();
    expect((await page('/tattooartists/page/3')).statusCode).toBe(404);
  });

  it('redirects the fixed legacy paths with a 301, keeping language and query', async () => {
    const cases: [string, string][] = [
      ['/artists', '/tattooartists'],
      ['/artists/', '/tattooartists'],
      ['/kunstler', '/tattooartists'],
      ['/de/kunstler', '/de/tattooartists'],
      ['/k%C3%BCnstler', '/tattooartists'],
      ['/de/K%C3%BCnstler'.replace('K', 'k'), '/de/tattooartists'],
      ['/ku%CC%88nstler', '/tattooartists'],
      ['/artists?style=3', '/tattooartists?style=3'],
      ['/privacy-policy', '/privacy'],
      ['/pt/privacy-policy', '/pt/privacy'],
    ];
    for (const [from, to] of cases) {
      const res = await page(from);
      expect(res.statusCode, from).toBe(301);
      expect(res.headers.location, from).toBe(to);
    }
  });
});
