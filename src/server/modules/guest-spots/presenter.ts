import type { GuestSpot } from '../../../common/schemas/guest-spots';
import type { StyleRef } from '../../../common/schemas/listing-fields';
import { presentOwner } from '../listings/present';
import type { GuestSpotRow } from './repo';

/** The one shape of a guest spot in every answer; the search column and internals stay out. */
export function presentGuestSpot(row: GuestSpotRow, styles: StyleRef[]): GuestSpot {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    startDate: row.start_date,
    endDate: row.end_date,
    isActive: row.is_active === 1,
    compensation: row.compensation,
    compensationDetails: row.compensation_details,
    places: row.places,
    requirements: row.requirements,
    styles,
    countryId: row.country_id,
    cityId: row.city_id,
    cityName: row.city_name,
    countryName: row.country_name,
    countryCode: row.country_code,
    studio: presentOwner({ ...row, owner_id: row.studio_id }),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
