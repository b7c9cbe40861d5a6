import { sql, type Selectable } from 'kysely';
import type { Language } from '../../../common/languages';
import type { Db } from '../../db/index';
import type { GuestSpotsTable } from '../../db/schema';
import { createListingRepo, type ListingDetailColumns, type ListingValues } from '../listings/listing-repo';

/** One guest spot with its studio and country, as the presenter reads it. */
export type GuestSpotRow = Omit<Selectable<GuestSpotsTable>, 'search_text'> & ListingDetailColumns;

export interface GuestSpotValues extends ListingValues {
  city_name: string | null;
  compensation: string | null;
  compensation_details: string | null;
  places: number;
  requirements: string | null;
}

const COLUMNS = [
  'g.id', 'g.studio_id', 'g.slug', 'g.title', 'g.description', 'g.start_date', 'g.end_date', 'g.country_id',
  'g.city_id', 'g.city_name', 'g.compensation', 'g.compensation_details', 'g.places', 'g.requirements',
  'g.is_active', 'g.created_at', 'g.updated_at', 'u.name as owner_name', 'u.username as owner_username',
  'u.avatar as owner_avatar', 'u.city_name as owner_city_name', 'u.city as owner_city', 'c.code as country_code',
] as const;

const TABLE = { table: 'guest_spots', alias: 'g', owner: 'studio_id', links: 'guest_spot_styles', linkKey: 'guest_spot_id' } as const;

/** Guest spots with their studio and country; the statements are the shared listing ones. */
export function createGuestSpotRepo(db: Db) {
  return createListingRepo<GuestSpotRow, GuestSpotValues>(db, TABLE, (query, lang: Language) =>
    query
      .innerJoin('users as u', 'u.id', 'g.studio_id')
      .leftJoin('countries as c', 'c.id', 'g.country_id')
      .select(COLUMNS)
      .select(sql<string | null>`${sql.ref(`c.name_${lang}`)}`.as('country_name')),
  );
}

export type GuestSpotRepo = ReturnType<typeof createGuestSpotRepo>;
