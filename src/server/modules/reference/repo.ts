import type { Selectable } from 'kysely';
import type { Db } from '../../db/index';
import type { CitiesTable, CountriesTable, StylesTable } from '../../db/schema';

export type CountryRow = Selectable<CountriesTable>;
export type CityRow = Omit<Selectable<CitiesTable>, 'geoname_id'>;
export type StyleRow = Selectable<StylesTable>;

/** Users' style links joined with the styles: where a query for the styles of users starts. */
export const selectUserStyles = (db: Db) => db.selectFrom('user_styles').innerJoin('styles', 'styles.id', 'user_styles.style_id');

export function createReferenceRepo(db: Db) {
  return {
    listCountries(): Promise<CountryRow[]> {
      return db.selectFrom('countries').select(['id', 'code', 'name_en', 'name_de', 'name_es', 'name_fr', 'name_pt']).execute();
    },

    listCities(): Promise<CityRow[]> {
      return db
        .selectFrom('cities')
        .select(['id', 'country_id', 'name', 'latitude', 'longitude', 'population'])
        .orderBy('country_id')
        .orderBy('population', 'desc')
        .orderBy('id')
        .execute();
    },

    /** Every localized city name (a few hundred rows: only cities whose name differs by language). */
    listCityNames() {
      return db.selectFrom('city_names').select(['city_id', 'language', 'name']).orderBy('city_id').orderBy('language').execute();
    },

    listStyles(): Promise<StyleRow[]> {
      return db.selectFrom('styles').select(['id', 'slug', 'name_en', 'name_de', 'name_es', 'name_fr', 'name_pt']).execute();
    },

    async existingStyleIds(ids: number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await db.selectFrom('styles').select('id').where('id', 'in', ids).execute();
      return rows.map((r) => r.id);
    },

    findCountryById(id: number) {
      return db.selectFrom('countries').select(['id', 'code']).where('id', '=', id).executeTakeFirst();
    },

    findCountryByCode(code: string) {
      return db.selectFrom('countries').select(['id', 'code']).where('code', '=', code.toUpperCase()).executeTakeFirst();
    },

    findCity(id: number) {
      return db.selectFrom('cities').select(['id', 'name', 'country_id']).where('id', '=', id).executeTakeFirst();
    },
  };
}

export type ReferenceRepo = ReturnType<typeof createReferenceRepo>;
