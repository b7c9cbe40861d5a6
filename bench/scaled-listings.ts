import type { Db } from '../src/server/db/index';
import { addDays, todayUtc } from '../src/common/schemas/listing-fields';

const COUNTRIES = ['DE', 'AT', 'CH', 'NL', 'FR', 'ES', 'PT', 'IT', 'PL', 'CZ'];
const TITLES = ['Guest spot', 'Gastplatz', 'Summer guest spot', 'Flash weekend', 'Walk-in week', 'Realism spot', 'Fine line guests'];
const COMPENSATIONS = ['60/40', '50/50', 'Tagesmiete 80 €', '50/50 + Unterkunft', 'Day rate €100'];
// Rows per INSERT: 17 columns x 500 stays far below SQLite's and PostgreSQL's parameter limits.
const BATCH = 500;

/** A stable pseudo-random integer below `n` for row i and attribute `salt`, so attributes are not correlated. */
function pick(i: number, salt: number, n: number): number {
  let h = Math.imul(i ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(salt + 1, 0xc2b2ae35);
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  return (h >>> 0) % n;
}

/**
 * Adds `count` guest spots (for the studios) and `count` availabilities (for the artists) of the
 * scaled world: periods spread from two years back to one year ahead, a tenth inactive, two styles
 * each, places in ten European countries. Batched inserts, one transaction per batch.
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
  const today = todayUtc();
  const now = new Date().toISOString();

  const period = (i: number, salt: number) => {
    // Starts from 730 days back to 365 ahead, 3 to 30 days long: about a third has not ended.
    const start = pick(i, salt, 1095) - 730;
    const length = 3 + pick(i, salt + 1, 28);
    return { start_date: addDays(today, start), end_date: addDays(today, start + length - 1) };
  };

  for (let from = 0; from < count; from += BATCH) {
    const n = Math.min(BATCH, count - from);
    await db.transaction().execute(async (trx) => {
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
      await trx
        .insertInto('guest_spot_styles')
        .values(spotIds.flatMap((s, k) => [0, 1].map((j) => ({ guest_spot_id: s.id, style_id: styles[pick(from + k, 6 + j, styles.length)] as number }))))
        .onConflict((oc) => oc.doNothing())
        .execute();

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
      await trx
        .insertInto('availability_styles')
        .values(entryIds.flatMap((a, k) => [0, 1].map((j) => ({ availability_id: a.id, style_id: styles[pick(from + k, 17 + j, styles.length)] as number }))))
        .onConflict((oc) => oc.doNothing())
        .execute();
    });
  }
}
