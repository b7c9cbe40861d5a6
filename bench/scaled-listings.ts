import type { Db } from '../src/server/db/index';
import { addDays, todayInBerlin } from '../src/common/schemas/listing-fields';
import { stablePick } from './stable-pick';

const COUNTRIES = ['DE', 'AT', 'CH', 'NL', 'FR', 'ES', 'PT', 'IT', 'PL', 'CZ'];
const TITLES = ['Guest spot', 'Gastplatz', 'Summer guest spot', 'Flash weekend', 'Walk-in week', 'Realism spot', 'Fine line guests'];
const COMPENSATIONS = ['60/40', '50/50', 'Tagesmiete 80 €', '50/50 + Unterkunft', 'Day rate €100'];
// Rows per INSERT: 17 columns x 1,000 stays below SQLite's and PostgreSQL's parameter limits.
const BATCH = 1000;
// Rows per transaction: a commit per statement would cost more than its inserts.
const GROUP = 50_000;

const pick = stablePick(0x9e3779b9, 1);

/**
 * Adds `count` guest spots (for the studios) and `count` availabilities (for the artists) of the
 * scaled world: periods spread from two years back to one year ahead, a tenth inactive, two styles
 * each, places in ten European countries. Batched inserts, many batches per transaction; the
 * caller defers the tables' indexes (bench/bulk-load.ts) at large counts.
 */
export async function addScaledListings(db: Db, count = 100_000): Promise<void> {
  const studios = (await db.selectFrom('users').select('id').where('user_type', '=', 'studio').execute()).map((u) => u.id);
  const artists = (await db.selectFrom('users').select('id').where('user_type', '=', 'artist').execute()).map((u) => u.id);
  const styles = (await db.selectFrom('styles').select('id').execute()).map((s) => s.id);
  const cities = await db
    .selectFrom('cities')
    .innerJoin('countries', 'countries.id', 'cities.country_id')
    .select(['cities.id', 'cities.name', 'cities.country_id'])
    .where('countries.code', 'in', COUNTRIES)
    .orderBy('cities.population', 'desc')
    .limit(300)
    .execute();
  if (!studios.length || !artists.length || !cities.length) throw new Error('scaled listings need studios, artists and cities');
  const today = todayInBerlin();
  const now = new Date().toISOString();

  const period = (i: number, salt: number) => {
    // Starts from 730 days back to 365 ahead, 3 to 30 days long: about a third has not ended.
    const start = pick(i, salt, 1095) - 730;
    const length = 3 + pick(i, salt + 1, 28);
    return { start_date: addDays(today, start), end_date: addDays(today, start + length - 1) };
  };
  // Two styles for each new row, picked by its number; a style picked twice is one row (the primary key).
  const twoStyles = <K extends string>(key: K, rows: { id: number }[], from: number, salt: number) =>
    rows.flatMap((row, k) =>
      [0, 1].map((j) => ({ [key]: row.id, style_id: styles[pick(from + k, salt + j, styles.length)] as number }) as Record<K, number> & { style_id: number }),
    );

  for (let group = 0; group < count; group += GROUP) {
    await db.transaction().execute(async (trx) => {
      for (let from = group; from < Math.min(count, group + GROUP); from += BATCH) {
        await addBatch(trx, from, Math.min(BATCH, count - from));
      }
    });
  }

  async function addBatch(trx: Db, from: number, n: number): Promise<void> {
    const spots = Array.from({ length: n }, (_, k) => {
      const i = from + k;
      const city = cities[pick(i, 1, cities.length)] as (typeof cities)[number];
      const title = `${TITLES[i % TITLES.length]} ${city.name} ${i}`;
      const description = `Guest spot number ${i} in ${city.name}: fine line, blackwork and realism welcome.`;
      return {
        studio_id: studios[pick(i, 4, studios.length)] as number,
        slug: `bench-spot-${i}`,
        title,
        description,
        ...period(i, 2),
        country_id: city.country_id,
        city_id: city.id,
        city_name: city.name,
        compensation: COMPENSATIONS[i % COMPENSATIONS.length] as string,
        compensation_details: null,
        places: 1 + (i % 3),
        requirements: null,
        is_active: pick(i, 5, 10) === 0 ? 0 : 1,
        search_text: `${title} ${description}`.toLowerCase(),
        created_at: now,
        updated_at: now,
      };
    });
    const spotIds = await trx.insertInto('guest_spots').values(spots).returning('id').execute();
    await trx.insertInto('guest_spot_styles').values(twoStyles('guest_spot_id', spotIds, from, 6)).onConflict((oc) => oc.doNothing()).execute();

    const entries = Array.from({ length: n }, (_, k) => {
      const i = from + k;
      const city = cities[pick(i, 11, cities.length)] as (typeof cities)[number];
      const title = `Available in ${city.name} ${i}`;
      return {
        artist_id: artists[pick(i, 14, artists.length)] as number,
        slug: `bench-availability-${i}`,
        title,
        ...period(i, 12),
        preferred_location: city.name,
        country_id: city.country_id,
        city_id: pick(i, 16, 4) === 0 ? null : city.id,
        description: 'Travelling artist looking for guest spots.',
        is_active: pick(i, 15, 10) === 0 ? 0 : 1,
        search_text: `${title} travelling artist looking for guest spots`.toLowerCase(),
        created_at: now,
        updated_at: now,
      };
    });
    const entryIds = await trx.insertInto('availabilities').values(entries).returning('id').execute();
    await trx.insertInto('availability_styles').values(twoStyles('availability_id', entryIds, from, 17)).onConflict((oc) => oc.doNothing()).execute();
  }
}
