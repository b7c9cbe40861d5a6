import type { Transaction } from 'kysely';
import type { Db } from '../../db/index';
import type { Database } from '../../db/schema';
import { loadCities } from './cities';
import { loadCountries } from './countries';
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
 * Styles, countries and cities, which every database needs before anyone signs up. Each table
 * is filled only while it is empty, so this runs on every start and after partial seeds.
 */
export async function seedReference(db: Db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (await isEmpty(trx, 'styles')) {
      for (const rows of batches(STYLES)) await trx.insertInto('styles').values(rows).execute();
    }

    if (await isEmpty(trx, 'countries')) {
      for (const rows of batches(loadCountries())) await trx.insertInto('countries').values(rows).execute();
    }

    if (await isEmpty(trx, 'cities')) {
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
  });
}
