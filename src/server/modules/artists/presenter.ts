import type { ArtistListItem, CurrentAvailability, StudioListItem } from '../../../common/schemas/artists';
import type { CardImage } from '../../../common/schemas/card-images';
import type { StyleRef } from '../../../common/schemas/listing-fields';
import { averageRating } from '../../../common/schemas/reviews';
import { personCard } from '../listings/index';
import type { CityNamer } from '../reference/index';
import type { ArtistRow } from './repo';

/** The soonest counting listing joined to a card's row, or null. */
function currentListing(row: ArtistRow): CurrentAvailability | null {
  if (row.avail_id === null) return null;
  return { id: row.avail_id, slug: row.avail_slug as string, title: row.avail_title as string, startDate: row.avail_start as string, endDate: row.avail_end as string };
}

/** The card fields artists and studios share; the city falls back to the free-text profile city. */
function personListCard(row: ArtistRow, styles: StyleRef[], images: CardImage[], cityName?: CityNamer) {
  const card = personCard(row);
  return {
    ...card,
    cityName: cityName ? cityName(undefined, card.cityName) : card.cityName,
    images,
    countryCode: row.country_code,
    styles,
    featured: Number(row.featured) === 1,
    rating: { average: averageRating(row.rating_sum, row.rating_count), count: row.rating_count },
  };
}

/** An artist card of the listing with their latest works and their soonest availability in the window. */
export function presentArtistCard(row: ArtistRow, styles: StyleRef[], images: CardImage[], cityName?: CityNamer): ArtistListItem {
  return { ...personListCard(row, styles, images, cityName), currentAvailability: currentListing(row) };
}

/** A studio card of the listing with its latest works and its soonest open guest spot. */
export function presentStudioCard(row: ArtistRow, styles: StyleRef[], images: CardImage[], cityName?: CityNamer): StudioListItem {
  return { ...personListCard(row, styles, images, cityName), openGuestSpot: currentListing(row) };
}
