import type { Kysely, Transaction } from 'kysely';
import type { Language } from '../../../common/languages';
import type { Db } from '../../db/index';
import type { Database } from '../../db/schema';
import { foldForSearch } from '../reference/index';

type Executor = Kysely<Database> | Transaction<Database>;

/** Cities read per step of a refresh, and search rows per INSERT (2 values each: far below both engines' bind limits). */
const REFRESH_CHUNK = 1000;
const INSERT_CHUNK = 500;

/** A longitude range of the bounding box; a box across the antimeridian has two. */
export interface Box {
  latMin: number;
  latMax: number;
  lng: [min: number, max: number][];
}

/**
 * The smallest string above every string that starts with `prefix`: the prefix with its last
 * code point raised by one, so `[prefix, upper)` is the prefix range in code-point order.
 */
export function prefixUpper(prefix: string): string {
  const points = [...prefix];
  const last = points.pop() as string;
  return points.join('') + String.fromCodePoint((last.codePointAt(0) as number) + 1);
}

/**
 * Writes the search names of the given cities anew (every city without `cityIds`): the city's own
 * name and each localized one, folded as the search folds its input, once per city and spelling.
 * Runs inside the caller's transaction, so the names change with the cities.
 */
export async function refreshCitySearchNames(db: Executor, cityIds?: readonly number[]): Promise<void> {
  if (cityIds) {
    const unique = [...new Set(cityIds)];
    for (let i = 0; i < unique.length; i += REFRESH_CHUNK) await refreshChunk(db, unique.slice(i, i + REFRESH_CHUNK));
    return;
  }
  await db.deleteFrom('city_search_names').execute();
  let after = 0;
  for (;;) {
    const rows = await db.selectFrom('cities').select('id').where('id', '>', after).orderBy('id').limit(REFRESH_CHUNK).execute();
    if (rows.length === 0) return;
    await refreshChunk(db, rows.map((r) => r.id), false);
    after = (rows.at(-1) as { id: number }).id;
  }
}

async function refreshChunk(db: Executor, ids: number[], clear = true): Promise<void> {
  if (ids.length === 0) return;
  const [cities, names] = await Promise.all([
    db.selectFrom('cities').select(['id', 'name']).where('id', 'in', ids).execute(),
    db.selectFrom('city_names').select(['city_id', 'name']).where('city_id', 'in', ids).execute(),
  ]);
  const keys = new Set<string>();
  for (const c of cities) keys.add(`${c.id}\u0000${foldForSearch(c.name.trim())}`);
  for (const n of names) keys.add(`${n.city_id}\u0000${foldForSearch(n.name.trim())}`);
  const rows = [...keys].flatMap((key) => {
    const [id, name] = key.split('\u0000') as [string, string];
    return name ? [{ city_id: Number(id), name_key: name }] : [];
  });
  if (clear) await db.deleteFrom('city_search_names').where('city_id', 'in', ids).execute();
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) await db.insertInto('city_search_names').values(rows.slice(i, i + INSERT_CHUNK)).execute();
}

/** Whether the search names have never been written (a database migrated before they existed). */
export async function citySearchNamesMissing(db: Executor): Promise<boolean> {
  const [name, city] = await Promise.all([
    db.selectFrom('city_search_names').select('city_id').limit(1).executeTakeFirst(),
    db.selectFrom('cities').select('id').limit(1).executeTakeFirst(),
  ]);
  return name === undefined && city !== undefined;
}

export function createLocationRepo(db: Db) {
  /** Cities with their country, named in `lang` (the localized name where there is one). */
  const presented = (lang: Language) =>
    db
      .selectFrom('cities as c')
      .innerJoin('countries as co', 'co.id', 'c.country_id')
      .leftJoin('city_names as cn', (join) => join.onRef('cn.city_id', '=', 'c.id').on('cn.language', '=', lang))
      .select((eb) => [
        'c.id',
        'c.name',
        'cn.name as local_name',
        'co.code as country_code',
        eb.ref(`co.name_${lang}`).as('country_name'),
        'c.latitude',
        'c.longitude',
      ]);

  return {
    /** Cities with a name starting with the folded `prefix`, most populous first; within a country when `countryCode` is given. */
    search(prefix: string, countryCode: string | undefined, limit: number, lang: Language) {
      let q = presented(lang).where('c.id', 'in', (eb) =>
        eb.selectFrom('city_search_names').select('city_id').where('name_key', '>=', prefix).where('name_key', '<', prefixUpper(prefix)),
      );
      if (countryCode) q = q.where('co.code', '=', countryCode);
      return q.orderBy('c.population', 'desc').orderBy('c.id').limit(limit).execute();
    },

    /** The cities inside a bounding box: their position and size, for the distance check. */
    inBox(box: Box) {
      return db
        .selectFrom('cities')
        .select(['id', 'latitude', 'longitude', 'population'])
        .where('latitude', '>=', box.latMin)
        .where('latitude', '<=', box.latMax)
        .where((eb) => eb.or(box.lng.map(([min, max]) => eb.and([eb('longitude', '>=', min), eb('longitude', '<=', max)]))))
        .execute();
    },

    findCity(id: number, lang: Language) {
      return presented(lang).where('c.id', '=', id).executeTakeFirst();
    },
  };
}

export type LocationRepo = ReturnType<typeof createLocationRepo>;
export type CityRow = NonNullable<Awaited<ReturnType<LocationRepo['findCity']>>>;
