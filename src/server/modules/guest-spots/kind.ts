import type { Language } from '../../../common/languages';
import { pathTo } from '../../../common/routes';
import { offersHousing, rentPerDay, type DealTerms } from '../../../common/schemas/deal-terms';
import { guestSpotCreateSchema, guestSpotListQuery, guestSpotOwnerQuery, guestSpotUpdateSchema, type GuestSpot } from '../../../common/schemas/guest-spots';
import { absoluteUrl, profileUrl } from '../../http/head';
import type { ListingKind } from '../listings/index';

/** schema.org JobPosting: a guest spot is a temporary work place offered by a studio. */
function jobPosting(spot: GuestSpot, publicUrl: string, lang: Language, description: string) {
  const address =
    spot.cityName || spot.countryCode
      ? { '@type': 'PostalAddress', addressLocality: spot.cityName ?? undefined, addressCountry: spot.countryCode ?? undefined }
      : undefined;
  return {
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title: spot.title,
    description: spot.description ?? description,
    datePosted: spot.createdAt.slice(0, 10),
    validThrough: spot.endDate,
    jobStartDate: spot.startDate,
    employmentType: 'TEMPORARY',
    url: publicUrl + pathTo('guestSpot', { slug: spot.slug }, lang),
    hiringOrganization: {
      '@type': 'Organization',
      name: spot.studio.name,
      sameAs: profileUrl(publicUrl, spot.studio.username),
      logo: absoluteUrl(publicUrl, spot.studio.avatar),
    },
    ...(address ? { jobLocation: { '@type': 'Place', address } } : {}),
  };
}

/** The facts of a spot's terms the public list filters by, as their columns hold them. */
function dealColumns(value: unknown) {
  const terms = value as DealTerms | null;
  const deal = terms?.deal;
  return {
    deal_type: deal?.type ?? null,
    guest_share_percent: deal?.type === 'commission' ? (deal.guestSharePercent ?? null) : null,
    rent_day_cents: deal?.type === 'chair_rental' ? rentPerDay(deal) : null,
    offers_housing: offersHousing(terms) ? 1 : 0,
  };
}

/**
 * Guest spots: a studio offers a place for guest artists for a period. Beyond the shared
 * listing, a spot keeps a hand-typed city, the pay and how many guests it takes; without a
 * place it is at the studio's own.
 */
export const guestSpotKind: ListingKind<GuestSpot> = {
  itemKey: 'guestSpot',
  table: 'guest_spots',
  owner: 'studio',
  storesCityName: true,
  defaultsToOwnerPlace: true,
  fields: {
    compensation: { column: 'compensation', empty: null },
    compensationDetails: { column: 'compensation_details', empty: null },
    places: { column: 'places', empty: 1 },
    requirements: { column: 'requirements', empty: null },
    terms: { column: 'terms', empty: null, json: true, derive: dealColumns },
  },
  apiPath: '/api/guest-spots',
  filtersByDeal: true,
  schemas: { create: guestSpotCreateSchema, update: guestSpotUpdateSchema, ownerQuery: guestSpotOwnerQuery, listQuery: guestSpotListQuery },
  notFoundCode: 'guestSpotNotFound',
  tooManyActiveCode: 'guestSpotsActiveMax',
  slugFallback: 'guest-spot',
  cacheKey: 'guest-spots',
  pages: {
    detailBySlug: 'guestSpot',
    // The German list path (a spelling of guestSpots) shows the list too; its canonical is /guestspots.
    list: { first: 'guestSpots', numbered: 'guestSpotsPage' },
    legacyLookups: ['guestSpot', 'guestSpotEdit'],
    seoKey: 'guestSpot',
    placeText: (spot) => [spot.cityName, spot.countryName].filter(Boolean).join(', '),
    jsonLd: jobPosting,
  },
};
