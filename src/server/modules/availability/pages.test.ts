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

  it('writes the detail head with an Event, on the slug page and the id page', async () => {
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

    const byId = await page(`/pt/artist-availability/${entry.id}`);
    expect(byId.statusCode).toBe(200);
    // Both show the same availability; the slug page is the canonical one.
    expect(link(byId.body, 'canonical')).toBe(`http://localhost:3000/pt/tattooartist/${entry.slug}`);
    expect(jsonLd(byId.body)['@type']).toBe('Event');
  });

  it('answers 404 for unknown or hidden entries; the fixed pages render', async () => {
    for (const url of ['/tattooartist/nobody', '/artist-availability/99999999', '/artist-availability/abc', `/tattooartist/${hidden.slug}`]) {
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
