import type { Db } from '../../db/index';

export interface CountryRow {
  id: number;
  code: string;
  name_en: string;
  name_de: string;
  name_es: string;
  name_fr: string;
  name_pt: string;
}

export interface CityRow {
  id: number;
  country_id: number;
  name: string;
  latitude: number;
  longitude: number;
  population: number;
}

export interface StyleRow {
  id: number;
  slug: string;
  name_en: string;
  name_de: string;
  name_es: string;
  name_fr: string;
  name_pt: string;
}

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

    listStyles(): Promise<StyleRow[]> {
      return db.selectFrom('styles').select(['id', 'slug', 'name_en', 'name_de', 'name_es', 'name_fr', 'name_pt']).execute();
    },
  };
}

export type ReferenceRepo = ReturnType<typeof createReferenceRepo>;
