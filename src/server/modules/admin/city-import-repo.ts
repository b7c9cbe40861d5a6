import type { Insertable, Kysely, Transaction, Updateable } from 'kysely';
import type { Db } from '../../db/index';
import { unplaced } from '../../db/plan-hints';
import type { CityImportRowsTable, CityImportsTable, CitiesTable, Database } from '../../db/schema';
import { refreshCitySearchNames } from '../locations/index';
import type { KnownCity } from './city-import-match';
import type { ImportRow } from './city-import-parse';

type Executor = Kysely<Database> | Transaction<Database>;

/** Staged rows per INSERT: 9 values each, far below both engines' bind-parameter limits. */
const STAGE_CHUNK = 200;

export type CityImportRecord = Awaited<ReturnType<typeof findImport>>;

export async function countryIdsByCode(db: Db): Promise<Map<string, number>> {
  const rows = await db.selectFrom('countries').select(['id', 'code']).execute();
  return new Map(rows.map((r) => [r.code, r.id]));
}

/** Every listed city with its names per language, as the import compares rows with them. */
export async function loadKnownCities(db: Db): Promise<KnownCity[]> {
  const [cities, names] = await Promise.all([
    db
      .selectFrom('cities')
      .innerJoin('countries', 'countries.id', 'cities.country_id')
      .select(['cities.id', 'countries.code', 'cities.name', 'cities.latitude', 'cities.longitude', 'cities.population', 'cities.geoname_id'])
      .execute(),
    db.selectFrom('city_names').select(['city_id', 'language', 'name']).execute(),
  ]);
  const byCity = new Map<number, Record<string, string>>();
  for (const n of names) byCity.set(n.city_id, { ...byCity.get(n.city_id), [n.language]: n.name });
  return cities.map((c) => ({
    id: c.id,
    countryCode: c.code,
    name: c.name,
    latitude: Number(c.latitude),
    longitude: Number(c.longitude),
    population: Number(c.population),
    geonameId: c.geoname_id === null ? null : Number(c.geoname_id),
    names: byCity.get(c.id) ?? {},
  }));
}

export async function createImport(trx: Executor, values: Insertable<CityImportsTable>): Promise<number> {
  const row = await trx.insertInto('city_imports').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export function findImport(db: Executor, id: number) {
  return db.selectFrom('city_imports').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Changes an import; with `status`, only while it is in one of those states. Answers whether it did. */
export async function updateImport(db: Executor, id: number, patch: Updateable<CityImportsTable>, status?: readonly string[]): Promise<boolean> {
  let q = db
    .updateTable('city_imports')
    .set({ ...patch, updated_at: new Date().toISOString() })
    .where('id', '=', id);
  if (status) q = q.where('status', 'in', [...status]);
  const result = await q.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The running job's sign of life. */
export async function beat(db: Executor, id: number, at: string): Promise<void> {
  await db.updateTable('city_imports').set({ heartbeat_at: at }).where('id', '=', id).where('status', 'in', ['parsing', 'importing']).execute();
}

/** Fails the imports still parsing or importing whose heartbeat is older than `cutoff`; answers their ids. */
export async function failStale(db: Executor, cutoff: string, errors: string, at: string): Promise<number[]> {
  const rows = await db
    .updateTable('city_imports')
    .set({ status: 'failed', errors, error_count: 1, updated_at: at })
    .where('status', 'in', ['parsing', 'importing'])
    .where((eb) => eb.or([eb('heartbeat_at', 'is', null), eb('heartbeat_at', '<', cutoff)]))
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

export async function stageRows(db: Executor, importId: number, rows: ImportRow[]): Promise<void> {
  const values: Insertable<CityImportRowsTable>[] = rows.map((r) => ({
    import_id: importId,
    line: r.line,
    country_code: r.countryCode,
    name: r.name,
    latitude: r.latitude,
    longitude: r.longitude,
    population: r.population,
    geoname_id: r.geonameId,
    names: Object.keys(r.names).length ? JSON.stringify(r.names) : null,
  }));
  for (let i = 0; i < values.length; i += STAGE_CHUNK) await db.insertInto('city_import_rows').values(values.slice(i, i + STAGE_CHUNK)).execute();
}

/** The staged rows after `afterLine`, in file order. */
export async function stagedRows(db: Executor, importId: number, afterLine: number, limit: number): Promise<ImportRow[]> {
  const rows = await db
    .selectFrom('city_import_rows')
    .selectAll()
    .where('import_id', '=', importId)
    .where('line', '>', afterLine)
    .orderBy('line')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    line: r.line,
    countryCode: r.country_code,
    name: r.name,
    latitude: Number(r.latitude),
    longitude: Number(r.longitude),
    population: r.population === null ? null : Number(r.population),
    geonameId: r.geoname_id === null ? null : Number(r.geoname_id),
    names: r.names ? (JSON.parse(r.names) as ImportRow['names']) : {},
  }));
}

export async function dropStagedRows(db: Executor, importId: number): Promise<void> {
  await db.deleteFrom('city_import_rows').where('import_id', '=', importId).execute();
}

export interface CityWrites {
  inserts: { row: ImportRow; countryId: number }[];
  updates: { id: number; set: Updateable<CitiesTable> }[];
  /** Names per language of listed cities. */
  names: { cityId: number; language: string; name: string }[];
}

/** One batch of the commit: new cities (with the names that differ from their own), changed columns, names. */
export async function writeCities(trx: Transaction<Database>, writes: CityWrites): Promise<void> {
  const names = [...writes.names];
  const added: number[] = [];
  if (writes.inserts.length) {
    const inserted = await trx
      .insertInto('cities')
      .values(
        writes.inserts.map(({ row, countryId }) => ({
          country_id: countryId,
          name: row.name,
          latitude: row.latitude,
          longitude: row.longitude,
          population: row.population ?? 0,
          geoname_id: row.geonameId,
        })),
      )
      .returning('id')
      .execute();
    // Both engines answer a multi-row INSERT's RETURNING in the order of its VALUES.
    writes.inserts.forEach(({ row }, i) => {
      const cityId = inserted[i]?.id;
      if (cityId === undefined) return;
      added.push(cityId);
      for (const [language, name] of Object.entries(row.names)) if (name && name !== row.name) names.push({ cityId, language, name });
    });
  }
  for (const { id, set } of writes.updates) await trx.updateTable('cities').set(set).where('id', '=', id).execute();
  for (let i = 0; i < names.length; i += STAGE_CHUNK) {
    await trx
      .insertInto('city_names')
      .values(names.slice(i, i + STAGE_CHUNK).map((n) => ({ city_id: n.cityId, language: n.language, name: n.name })))
      .onConflict((oc) => oc.columns(['city_id', 'language']).doUpdateSet((eb) => ({ name: eb.ref('excluded.name') })))
      .execute();
  }
  // The location search finds the new and renamed cities by every name they have now.
  await refreshCitySearchNames(trx, [...added, ...names.map((n) => n.cityId), ...writes.updates.filter((u) => u.set.name !== undefined).map((u) => u.id)]);
}

/** A profile or guest spot naming its city as typed text (city id 0 or none). */
export interface FreeTextPlace {
  kind: 'user' | 'guestSpot';
  id: number;
  countryId: number | null;
  countryCode: string | null;
  name: string;
}

export async function freeTextPlaces(db: Executor, countryId: number | null): Promise<FreeTextPlace[]> {
  let users = db
    .selectFrom('users')
    .leftJoin('countries', 'countries.id', 'users.country_id')
    .select(['users.id', 'users.country_id', 'countries.code', 'users.city_name'])
    .where(unplaced('users.city_id'))
    .where('users.city_name', 'is not', null)
    .where('users.city_name', '!=', '');
  let spots = db
    .selectFrom('guest_spots')
    .leftJoin('countries', 'countries.id', 'guest_spots.country_id')
    .select(['guest_spots.id', 'guest_spots.country_id', 'countries.code', 'guest_spots.city_name'])
    .where(unplaced('guest_spots.city_id'))
    .where('guest_spots.city_name', 'is not', null)
    .where('guest_spots.city_name', '!=', '');
  if (countryId !== null) {
    users = users.where('users.country_id', '=', countryId);
    spots = spots.where('guest_spots.country_id', '=', countryId);
  }
  const [u, s] = await Promise.all([users.execute(), spots.execute()]);
  const place = (kind: FreeTextPlace['kind']) => (r: { id: number; country_id: number | null; code: string | null; city_name: string | null }): FreeTextPlace => ({
    kind,
    id: r.id,
    countryId: r.country_id,
    countryCode: r.code,
    name: (r.city_name ?? '').trim(),
  });
  return [...u.map(place('user')), ...s.map(place('guestSpot'))];
}

/** Attaches typed places to a listed city, still only where they are typed text (a user may have picked a city meanwhile). */
export async function linkPlaces(trx: Transaction<Database>, cityId: number, cityName: string, places: FreeTextPlace[]): Promise<number> {
  const users = places.filter((p) => p.kind === 'user').map((p) => p.id);
  const spots = places.filter((p) => p.kind === 'guestSpot').map((p) => p.id);
  let linked = 0;
  const now = new Date().toISOString();
  if (users.length) {
    const r = await trx
      .updateTable('users')
      .set({ city_id: cityId, city_name: cityName, city: cityName, updated_at: now })
      .where('id', 'in', users)
      .where(unplaced('city_id'))
      .executeTakeFirst();
    linked += Number(r.numUpdatedRows);
  }
  if (spots.length) {
    const r = await trx
      .updateTable('guest_spots')
      .set({ city_id: cityId, city_name: cityName, updated_at: now })
      .where('id', 'in', spots)
      .where(unplaced('city_id'))
      .executeTakeFirst();
    linked += Number(r.numUpdatedRows);
  }
  return linked;
}
