import type { ArtistListItem } from '../../../common/schemas/artists';
import type { CardImage } from '../../../common/schemas/card-images';
import type { StyleRef } from '../../../common/schemas/listing-fields';
import { averageRating } from '../../../common/schemas/reviews';
import { personCard } from '../listings/index';
import type { CityNamer } from '../reference/index';
import type { ArtistRow } from './repo';

/** An artist card of the listing with their latest works; the city falls back to the free-text profile city. */
export function presentArtistCard(row: ArtistRow, styles: StyleRef[], images: CardImage[], cityName?: CityNamer): ArtistListItem {
  const card = personCard(row);
  return {
    ...card,
    cityName: cityName ? cityName(undefined, card.cityName) : card.cityName,
    images,
    countryCode: row.country_code,
    styles,
    featured: Number(row.featured) === 1,
    rating: { average: averageRating(row.rating_sum, row.rating_count), count: row.rating_count },
    currentAvailability:
      row.avail_id === null
        ? null
        : {
            id: row.avail_id,
            slug: row.avail_slug as string,
            title: row.avail_title as string,
            startDate: row.avail_start as string,
            endDate: row.avail_end as string,
          },
  };
}
