import { expect, it } from 'vitest';
import type { GuestSpot } from '../../../common/schemas/guest-spots';
import { expectListPage, expectRedirects, jsonLd, link, meta, pageLoader, useListingWorld } from '../listings/testing';
import { describeEachEngine } from '../../test/app';
import { createGuestSpot, day, placeUser } from '../../test/listing-factories';

describeEachEngine('guest spot pages: heads and legacy paths', (engine) => {
  let spot: GuestSpot;
  let hidden: GuestSpot;
  const page = pageLoader(() => w.t.app);

  const w = useListingWorld(engine, async ({ t, ref, studio }) => {
    await placeUser(t.app, studio, { countryId: ref.country('DE'), cityId: ref.berlin.id, cityName: ref.berlin.name });
    await t.app.ctx.db.updateTable('users').set({ avatar: '/uploads/avatars/1/a.webp' }).where('id', '=', studio.user.id).execute();
    spot = await createGuestSpot(t.app, studio, {
      title: 'Gastplatz im Sommer',
      description: `Wir suchen Gäste für unser Studio in Berlin-Mitte. ${'Drei Arbeitsplätze, eigene Kabine, Parkplatz vor der Tür. '.repeat(5)}`,
      startDate: day(20),
      endDate: day(30),
      compensation: '60/40',
    });
    hidden = await createGuestSpot(t.app, studio, { title: 'Hidden one', isActive: false });
    // 14 active spots in all: two list pages of 12.
    for (let i = 0; i < 12; i++) await createGuestSpot(t.app, studio, { title: `Filler ${i}` });
  });

  it('writes the detail head: title, cut description, studio image, JobPosting', async () => {
    const res = await page(`/guestspot/${spot.slug}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<title>Gastplatz im Sommer – guest spot at ${w.studio.user.name} | Tattoo Guest Spots</title>`);
    const description = meta(res.body, 'description') as string;
    expect(description.length).toBeLessThanOrEqual(155);
    expect(description.startsWith('Wir suchen Gäste für unser Studio in Berlin-Mitte.')).toBe(true);
    expect(description.endsWith('…')).toBe(true);
    expect(meta(res.body, 'og:image')).toBe('http://localhost:3000/uploads/avatars/1/a.webp');
    expect(meta(res.body, 'og:type')).toBe('article');
    expect(link(res.body, 'canonical')).toBe(`http://localhost:3000/guestspot/${spot.slug}`);
    expect(res.body).not.toContain('noindex');
    const data = jsonLd(res.body);
    expect(data).toEqual({
      '@context': 'https://schema.org',
      '@type': 'JobPosting',
      title: 'Gastplatz im Sommer',
      description: spot.description,
      datePosted: spot.createdAt.slice(0, 10),
      validThrough: day(30),
      jobStartDate: day(20),
      employmentType: 'TEMPORARY',
      url: `http://localhost:3000/guestspot/${spot.slug}`,
      hiringOrganization: {
        '@type': 'Organization',
        name: w.studio.user.name,
        sameAs: `http://localhost:3000/${encodeURIComponent(w.studio.user.username.replace(/ /g, '-'))}`,
        logo: 'http://localhost:3000/uploads/avatars/1/a.webp',
      },
      jobLocation: { '@type': 'Place', address: { '@type': 'PostalAddress', addressLocality: 'Berlin', addressCountry: 'DE' } },
    });

    const de = await page(`/de/guestspot/${spot.slug}`);
    expect(de.body).toContain(`<title>Gastplatz im Sommer – Gastplatz bei ${w.studio.user.name} | Tattoo Guest Spots</title>`);
    expect(link(de.body, 'canonical')).toBe(`http://localhost:3000/de/guestspot/${spot.slug}`);
    expect(jsonLd(de.body).url).toBe(`http://localhost:3000/de/guestspot/${spot.slug}`);
  });

  it('answers 404 for unknown slugs, and for inactive spots except to their studio', async () => {
    for (const url of ['/guestspot/no-such-spot', '/de/guestspot/no-such-spot', `/guestspot/${hidden.slug}`]) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toContain('<meta name="robots" content="noindex">');
    }
    const own = await page(`/guestspot/${hidden.slug}`, w.studio);
    expect(own.statusCode).toBe(200);
    expect(own.body).toContain('<meta name="robots" content="noindex">');
    expect((await page('/guestspot/new')).statusCode).toBe(200);
    expect((await page(`/guestspot/${spot.slug}/edit`)).statusCode).toBe(200);
    expect((await page('/guestspots/manage')).statusCode).toBe(200);
  });

  it('gives each list page its canonical and prev/next links', async () => {
    expectListPage(await page('/guestspots'), {
      title: 'Tattoo guest spots | Tattoo Guest Spots',
      canonical: 'http://localhost:3000/guestspots',
      next: 'http://localhost:3000/guestspots/page/2',
      prev: undefined,
    });

    const second = await page('/de/guestspots/page/2');
    expectListPage(second, {
      title: 'Gastplätze für Künstler – Seite 2 | Tattoo Guest Spots',
      canonical: 'http://localhost:3000/de/guestspots/page/2',
      prev: 'http://localhost:3000/de/guestspots',
      next: undefined,
    });
    expect(second.body).toContain('<link rel="alternate" hreflang="fr" href="http://localhost:3000/fr/guestspots/page/2">');

    expect(link((await page('/guestspots/page/1')).body, 'canonical')).toBe('http://localhost:3000/guestspots');
    for (const url of ['/guestspots/page/3', '/guestspots/page/0', '/guestspots/page/abc', '/guestspots/page/02']) {
      expect((await page(url)).statusCode, url).toBe(404);
    }
    const german = await page('/de/gastplatze');
    expect(german.statusCode).toBe(200);
    expect(link(german.body, 'canonical')).toBe('http://localhost:3000/de/guestspots');
  });

  it('redirects every legacy and German guest spot path with a 301, keeping the language', async () => {
    const cases: [string, string][] = [
      ['/guestspots/new', '/guestspot/new'],
      ['/de/guestspots/new', '/de/guestspot/new'],
      [`/guestspots/${spot.id}/edit`, `/guestspot/${spot.slug}/edit`],
      ['/guestspots/99999999/edit', '/guestspots/manage'],
      [`/guestspots/${spot.id}`, `/guestspot/${spot.slug}`],
      [`/guestspots/${spot.id}/any-old-slug`, `/guestspot/${spot.slug}`],
      [`/fr/guestspots/${spot.id}/`, `/fr/guestspot/${spot.slug}`],
      ['/guestspots/99999999', '/guestspots'],
      ['/guestspots/99999999/old-slug', '/guestspots'],
      ['/gastplatze/neu', '/guestspot/new'],
      ['/de/gastplatze/neu', '/de/guestspot/new'],
      [`/gastplatze/${spot.id}/bearbeiten`, `/guestspot/${spot.slug}/edit`],
      ['/de/gastplatze/99999999/bearbeiten', '/de/guestspots/manage'],
      [`/gastplatze/${spot.id}`, `/guestspot/${spot.slug}`],
      [`/de/gastplatze/${spot.slug}`, `/de/guestspot/${spot.slug}`],
      ['/gastplatze/99999999', '/guestspots'],
      ['/de/gastplatze/unbekannt', '/de/guestspots'],
      ['/de/gastpl%C3%A4tze', '/de/gastplatze'],
      ['/de/gastpl%C3%A4tze/neu', '/de/guestspot/new'],
      [`/guestspots/${spot.id}?utm_source=old`, `/guestspot/${spot.slug}?utm_source=old`],
    ];
    await expectRedirects(page, cases);
    // Paths of the route table are pages, not legacy links.
    for (const url of ['/guestspots', '/guestspots/manage', '/guestspots/page/2', '/gastplatze']) {
      expect((await page(url)).statusCode, url).toBe(200);
    }
  });

  it('sends an old link to an inactive spot to the list, except for its studio', async () => {
    for (const from of [`/gastplatze/${hidden.id}`, `/guestspots/${hidden.id}`]) {
      expect((await page(from)).headers.location, from).toBe('/guestspots');
      expect((await page(from, w.studio)).headers.location, from).toBe(`/guestspot/${hidden.slug}`);
    }
    expect((await page(`/guestspots/${hidden.id}/edit`)).headers.location).toBe('/guestspots/manage');
    expect((await page(`/guestspots/${hidden.id}/edit`, w.studio)).headers.location).toBe(`/guestspot/${hidden.slug}/edit`);
  });
});
