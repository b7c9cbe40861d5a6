import type { Availability } from '../../../common/schemas/availability';
import type { StyleRef } from '../../../common/schemas/listing-fields';
import { presentOwner } from '../listings/present';
import type { AvailabilityRow } from './repo';

/** The one shape of an availability in every answer; the search column and internals stay out. */
export function presentAvailability(row: AvailabilityRow, styles: StyleRef[]): Availability {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    startDate: row.start_date,
    endDate: row.end_date,
    preferredLocation: row.preferred_location,
    countryId: row.country_id,
    cityId: row.city_id,
    cityName: row.city_name,
    countryName: row.country_name,
    countryCode: row.country_code,
    description: row.description,
    styles,
    isActive: row.is_active === 1,
    artist: presentOwner({ ...row, owner_id: row.artist_id }),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
