import { expect, it } from 'vitest';
import { describeEachEngine, useTestApp } from '../../test/app';
import { insertBareUsers } from '../../test/factories';
import { expectListPage, expectRedirects } from '../listings/testing';

describeEachEngine('artist listing pages: heads and legacy paths', (engine) => {
  const page = (url: string) => t.app.inject({ method: 'GET', url });

  const t = useTestApp(engine, async () => {
    // 13 artists: two list pages of 12. Written directly: the listing only reads them.
    await insertBareUsers(
      t.app,
      Array.from({ length: 13 }, (_, i) => ({
        username: `Page Artist ${i}`,
        usernameKey: `page-artist-${i}`,
        email: `page${i}@example.test`,
        name: `Page Artist ${i}`,
        type: 'artist' as const,
      })),
    );
    // The list shows profiles with a picture only.
    await t.app.ctx.db.updateTable('users').set({ avatar: '/uploads/avatars/page-large.webp' }).execute();
  });

  it('gives each listing page its canonical and prev/next links; past the end is 404', async () => {
    expectListPage(await page('/tattooartists'), {
      title: 'Tattoo artists | Tattoo Guest Spots',
      canonical: 'http://localhost:3000/tattooartists',
      next: 'http://localhost:3000/tattooartists/page/2',
    });
    expectListPage(await page('/fr/tattooartists/page/2'), {
      title: 'Tatoueurs – page 2 | Tattoo Guest Spots',
      canonical: 'http://localhost:3000/fr/tattooartists/page/2',
      prev: 'http://localhost:3000/fr/tattooartists',
      next: undefined,
    });
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
    await expectRedirects(page, cases);
  });
});
