import type { Language } from '../../../common/languages';
import { pathTo } from '../../../common/routes';
import { availabilityCreateSchema, availabilityListQuery, availabilityOwnerQuery, availabilityUpdateSchema, type Availability } from '../../../common/schemas/availability';
import { absoluteUrl, profileUrl } from '../../http/head';
import type { ListingKind } from '../listings/index';

const placeText = (a: Availability) => a.preferredLocation ?? [a.cityName, a.countryName].filter(Boolean).join(', ');

/** schema.org Event: an artist working as a guest in a period, at a place. */
function event(a: Availability, publicUrl: string, lang: Language, description: string) {
  const artist = { '@type': 'Person', name: a.artist.name, url: profileUrl(publicUrl, a.artist.username), image: absoluteUrl(publicUrl, a.artist.avatar) };
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: a.title,
    description: a.description ?? description,
    startDate: a.startDate,
    endDate: a.endDate,
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    url: publicUrl + pathTo('tattooArtist', { slug: a.slug }, lang),
    image: absoluteUrl(publicUrl, a.artist.avatar),
    location: {
      '@type': 'Place',
      name: placeText(a) || undefined,
      ...(a.cityName || a.countryCode
        ? { address: { '@type': 'PostalAddress', addressLocality: a.cityName ?? undefined, addressCountry: a.countryCode ?? undefined } }
        : {}),
    },
    performer: artist,
    organizer: artist,
  };
}

/**
 * Availabilities (guest artist offers): an artist offers to work as a guest for a period.
 * Beyond the shared listing, an entry keeps a free-text preferred location, which the text
 * filter searches; its city is always a listed one.
 */
export const availabilityKind: ListingKind<Availability> = {
  itemKey: 'availability',
  table: 'availabilities',
  owner: 'artist',
  storesCityName: false,
  defaultsToOwnerPlace: false,
  fields: {
    preferredLocation: { column: 'preferred_location', empty: null, searched: true },
    wishes: { column: 'wishes', empty: null, json: true },
  },
  apiPath: '/api/artist-availability',
  filtersByDeal: false,
  schemas: { create: availabilityCreateSchema, update: availabilityUpdateSchema, ownerQuery: availabilityOwnerQuery, listQuery: availabilityListQuery },
  notFoundCode: 'availabilityNotFound',
  tooManyActiveCode: 'availabilitiesActiveMax',
  slugFallback: 'availability',
  cacheKey: 'availabilities',
  pages: {
    detailBySlug: 'tattooArtist',
    // An id address that is no id (/artist-availability/abc) is not found.
    detailById: 'availabilityDetail',
    list: { first: 'availabilityList', numbered: 'availabilityListPage' },
    // /availability/{id}, /tattooartists/{id} and /artist-availability/{id} name an entry by id and answer 301 to its slug page.
    legacyLookups: ['availability'],
    seoKey: 'tattooArtist',
    placeText,
    jsonLd: event,
  },
};
