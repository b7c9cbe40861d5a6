import { sql, type Selectable } from 'kysely';
import type { Language } from '../../../common/languages';
import type { Db } from '../../db/index';
import type { AvailabilitiesTable } from '../../db/schema';
import { createListingRepo, type ListingDetailColumns, type ListingValues } from '../listings/listing-repo';

/** One availability with its artist, city and country, as the presenter reads it. */
export type AvailabilityRow = Omit<Selectable<AvailabilitiesTable>, 'search_text'> & ListingDetailColumns & { city_name: string | null };

export interface AvailabilityValues extends ListingValues {
  preferred_location: string | null;
}

const COLUMNS = [
  'a.id', 'a.artist_id', 'a.slug', 'a.title', 'a.start_date', 'a.end_date', 'a.preferred_location', 'a.country_id',
  'a.city_id', 'a.description', 'a.is_active', 'a.created_at', 'a.updated_at', 'u.name as owner_name',
  'u.username as owner_username', 'u.avatar as owner_avatar', 'u.city_name as owner_city_name', 'u.city as owner_city',
  'ci.name as city_name', 'c.code as country_code',
] as const;

const TABLE = { table: 'availabilities', alias: 'a', owner: 'artist_id', links: 'availability_styles', linkKey: 'availability_id' } as const;

/** Availabilities with their artist, city and country; the statements are the shared listing ones. */
export function createAvailabilityRepo(db: Db) {
  return createListingRepo<AvailabilityRow, AvailabilityValues>(db, TABLE, (query, lang: Language) =>
    query
      .innerJoin('users as u', 'u.id', 'a.artist_id')
      .leftJoin('cities as ci', 'ci.id', 'a.city_id')
      .leftJoin('countries as c', 'c.id', 'a.country_id')
      .select(COLUMNS)
      .select(sql<string | null>`${sql.ref(`c.name_${lang}`)}`.as('country_name')),
  );
}

export type AvailabilityRepo = ReturnType<typeof createAvailabilityRepo>;
