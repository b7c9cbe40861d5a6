import { expect, it } from 'vitest';
import type { Availability } from '../../../common/schemas/availability';
import { expectRedirects, jsonLd, link, pageLoader, useListingWorld } from '../listings/testing';
import { describeEachEngine } from '../../test/app';
import { createAvailability, day } from '../../test/listing-factories';

describeEachEngine('availability pages: heads and legacy paths', (engine) => {
  let entry: Availability;
  let hidden: Availability;
  const page = pageLoader(() => w.t.app);

  const w = useListingWorld(engine, async ({ t, ref, artist }) => {
    entry = await createAvailability(t.app, artist, {
      title: 'Guest artist in Vienna',
      startDate: day(10),
      endDate: day(24),
      preferredLocation: 'Wien oder Graz',
      countryId: ref.country('AT'),
      cityId: ref.vienna.id,
    });
    hidden = await createAvailability(t.app, artist, { title: 'Paused', isActive: false });
  });

  it('writes the detail head with an Event on the slug page', async () => {
    const res = await page(`/tattooartist/${entry.slug}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<title>Guest artist in Vienna – ${w.artist.user.name} | Tattoo Guest Spots</title>`);
    expect(res.body).toContain(`<meta name="description" content="${w.artist.user.name} is available as a guest artist: Wien oder Graz,`);
    expect(link(res.body, 'canonical')).toBe(`http://localhost:3000/tattooartist/${entry.slug}`);
    const profile = `http://localhost:3000/${encodeURIComponent(w.artist.user.username.replace(/ /g, '-'))}`;
    expect(jsonLd(res.body)).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: 'Guest artist in Vienna',
      startDate: day(10),
      endDate: day(24),
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      url: `http://localhost:3000/tattooartist/${entry.slug}`,
      location: { '@type': 'Place', name: 'Wien oder Graz', address: { '@type': 'PostalAddress', addressLocality: entry.cityName, addressCountry: 'AT' } },
      performer: { '@type': 'Person', name: w.artist.user.name, url: profile },
    });
  });

  it('gives an entry one address: its id address answers 301 to the slug page', async () => {
    await expectRedirects(page, [
      [`/artist-availability/${entry.id}`, `/tattooartist/${entry.slug}`],
      [`/pt/artist-availability/${entry.id}`, `/pt/tattooartist/${entry.slug}`],
      [`/de/artist-availability/${entry.id}?ref=mail`, `/de/tattooartist/${entry.slug}?ref=mail`],
      ['/artist-availability/99999999', '/tattooartists'],
      [`/artist-availability/${hidden.id}`, '/tattooartists'],
    ]);
  });

  it('pages the list at /artist-availability/page/{n}; the old ?page=n answers 301 there', async () => {
    const first = await page('/artist-availability');
    expect(first.statusCode).toBe(200);
    expect(link(first.body, 'canonical')).toBe('http://localhost:3000/artist-availability');
    // One entry is visible: a second page does not exist.
    expect((await page('/artist-availability/page/2')).statusCode).toBe(404);
    await expectRedirects(page, [
      ['/artist-availability?page=3', '/artist-availability/page/3'],
      ['/de/artist-availability?page=2&style=4', '/de/artist-availability/page/2?style=4'],
      ['/artist-availability?page=1', '/artist-availability'],
      ['/fr/artist-availability?style=4&page=x', '/fr/artist-availability?style=4'],
      ['/guestspots?page=2', '/guestspots/page/2'],
      ['/de/gastplatze?page=4', '/de/guestspots/page/4'],
    ]);
  });

  it('answers 404 for unknown or hidden entries; the fixed pages render', async () => {
    for (const url of ['/tattooartist/nobody', '/artist-availability/abc', `/tattooartist/${hidden.slug}`]) {
      expect((await page(url)).statusCode, url).toBe(404);
    }
    expect((await page(`/tattooartist/${hidden.slug}`, w.artist)).statusCode).toBe(200);
    for (const url of ['/artist-availability', '/artist-availability/new', '/artist-availability/manage', '/guestartist/new', `/guestartist/${entry.id}/edit`, '/guestartist/manage']) {
      expect((await page(url)).statusCode, url).toBe(200);
    }
  });

  it('redirects legacy availability paths with a 301, keeping the language', async () => {
    const cases: [string, string][] = [
      [`/availability/${entry.id}`, `/tattooartist/${entry.slug}`],
      [`/de/availability/${entry.id}`, `/de/tattooartist/${entry.slug}`],
      [`/tattooartists/${entry.id}`, `/tattooartist/${entry.slug}`],
      ['/availability/99999999', '/tattooartists'],
      ['/es/tattooartists/99999999', '/es/tattooartists'],
      ['/verfugbarkeit/neu', '/guestartist/new'],
      ['/de/verfugbarkeit/neu', '/de/guestartist/new'],
      ['/de/verf%C3%BCgbarkeit/neu', '/de/guestartist/new'],
    ];
    await expectRedirects(page, cases);
  });
});
