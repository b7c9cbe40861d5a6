import type { Transaction } from 'kysely';
import type { Db } from '../../db/index';
import type { Database } from '../../db/schema';
import { citySearchNamesMissing, refreshCitySearchNames } from '../../modules/locations/index';
import { loadCities } from './cities';
import { CITY_NAME_LANGUAGES, CITY_NAMES } from './city-names';
import { loadCountries } from './countries';
import { seedForumCategories } from './forum-categories';
import { STYLES } from './styles';

/** Rows per INSERT: far below the bind-parameter limits of SQLite (32766) and PostgreSQL (65535). */
const BATCH_SIZE = 500;

function* batches<T>(rows: T[]): Generator<T[]> {
  for (let i = 0; i < rows.length; i += BATCH_SIZE) yield rows.slice(i, i + BATCH_SIZE);
}

async function isEmpty(trx: Transaction<Database>, table: 'styles' | 'countries' | 'cities'): Promise<boolean> {
  return (await trx.selectFrom(table).select('id').limit(1).executeTakeFirst()) === undefined;
}

/**
 * Styles, countries and cities, which every database needs before anyone signs up. Each of these
 * tables is filled only while it is empty, so this runs on every start and after partial seeds;
 * the cities' names per language follow the list in city-names.ts.
 */
export async function seedReference(db: Db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (await isEmpty(trx, 'styles')) {
      for (const rows of batches(STYLES)) await trx.insertInto('styles').values(rows).execute();
    }

    if (await isEmpty(trx, 'countries')) {
      for (const rows of batches(loadCountries())) await trx.insertInto('countries').values(rows).execute();
    }

    const newCities = await isEmpty(trx, 'cities');
    if (newCities) {
      const countries = await trx.selectFrom('countries').select(['id', 'code']).execute();
      const countryIds = new Map(countries.map((c) => [c.code, c.id]));
      const rows = loadCities().flatMap((city) => {
        const countryId = countryIds.get(city.countryCode);
        if (countryId === undefined) return [];
        const { name, latitude, longitude, population } = city;
        return [{ country_id: countryId, name, latitude, longitude, population }];
      });
      for (const batch of batches(rows)) await trx.insertInto('cities').values(batch).execute();
    }

    // Kept equal to the list in city-names.ts on every start: a database seeded before the table
    // existed, or before a name was added or corrected, gets the current names. Only the cities
    // the list names are touched: the names an admin's city import gave other cities stay.
    const seeded = await trx
      .selectFrom('cities')
      .innerJoin('countries', 'countries.id', 'cities.country_id')
      .select(['cities.id', 'cities.name', 'countries.code'])
      .where('cities.name', 'in', [...new Set(CITY_NAMES.map((row) => row[1]))])
      .execute();
    const ids = new Map(seeded.map((c) => [`${c.code}\u0000${c.name}`, c.id]));
    const wanted = CITY_NAMES.flatMap(([country, name, ...localized]) => {
      const cityId = ids.get(`${country}\u0000${name}`);
      if (cityId === undefined) return [];
      return CITY_NAME_LANGUAGES.map((language, i) => ({ city_id: cityId, language, name: localized[i] as string }));
    });
    const key = (r: { city_id: number; language: string; name: string }) => `${r.city_id}\u0000${r.language}\u0000${r.name}`;
    const listedIds = [...new Set(ids.values())];
    const stored = listedIds.length
      ? await trx.selectFrom('city_names').select(['city_id', 'language', 'name']).where('city_id', 'in', listedIds).execute()
      : [];
    const storedKeys = new Set(stored.map(key));
    if (stored.length !== wanted.length || wanted.some((r) => !storedKeys.has(key(r)))) {
      if (listedIds.length) await trx.deleteFrom('city_names').where('city_id', 'in', listedIds).execute();
      for (const batch of batches(wanted)) await trx.insertInto('city_names').values(batch).execute();
      if (!newCities) await refreshCitySearchNames(trx, listedIds);
    }

    // The location search's names: all of them for new cities or a database migrated before
    // they existed (the import and the list above refresh the cities they change).
    if (newCities || (await citySearchNamesMissing(trx))) await refreshCitySearchNames(trx);

    await seedForumCategories(trx);
  });
}
