import type { Language } from '../../../common/languages';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/index';
import type { CityAlertsTable } from '../../db/schema';
import type { Box } from '../locations/index';

/** A trip of an artist that alerts are told about: a confirmed stay or a shown availability. */
export type TripKind = 'stay' | 'availability';

export interface TripRow {
  artist_id: number;
  artist_name: string;
  artist_username: string;
  start_date: string;
  end_date: string;
  city_id: number;
  latitude: number;
  longitude: number;
  /** The host studio of a stay; null for an availability. */
  studio_name: string | null;
}

/** An alert as the repo reads it (all but its update time). */
export type AlertRow = Omit<Selectable<CityAlertsTable>, 'updated_at'>;

const ALERT_COLUMNS = ['id', 'artist_id', 'email', 'email_key', 'city_id', 'radius_km', 'language', 'manage_hash', 'confirmed_at', 'created_at'] as const;

/** The account an alert may name: an artist that is not suspended. */
export function findArtist(db: Db, id: number) {
  return db.selectFrom('users').select(['id', 'name', 'username', 'user_type', 'suspended_at', 'suspended_until']).where('id', '=', id).executeTakeFirst();
}

export function cityExists(db: Db, id: number) {
  return db.selectFrom('cities').select('id').where('id', '=', id).executeTakeFirst();
}

export function findAlert(db: Db, id: number): Promise<AlertRow | undefined> {
  return db.selectFrom('city_alerts').select(ALERT_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export function findByAddress(db: Db, emailKey: string, artistId: number, cityId: number): Promise<AlertRow | undefined> {
  return db.selectFrom('city_alerts').select(ALERT_COLUMNS).where('email_key', '=', emailKey).where('artist_id', '=', artistId).where('city_id', '=', cityId).executeTakeFirst();
}

/** A new unconfirmed alert, or undefined when the address has one for this artist and city already (the unique key decides). */
export async function insertAlert(
  db: Db,
  values: { artistId: number; email: string; emailKey: string; cityId: number; radiusKm: number; language: Language; manageHash: string; now: string },
): Promise<number | undefined> {
  const row = await db
    .insertInto('city_alerts')
    .values({
      artist_id: values.artistId,
      email: values.email,
      email_key: values.emailKey,
      city_id: values.cityId,
      radius_km: values.radiusKm,
      language: values.language,
      manage_hash: values.manageHash,
      confirmed_at: null,
      created_at: values.now,
      updated_at: values.now,
    })
    .onConflict((oc) => oc.columns(['email_key', 'artist_id', 'city_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** A repeated request changes an unconfirmed alert only; a confirmed one is not changed by anyone without its link. */
export async function refreshUnconfirmed(db: Db, id: number, values: { email: string; radiusKm: number; language: Language; now: string }): Promise<boolean> {
  const result = await db
    .updateTable('city_alerts')
    .set({ email: values.email, radius_km: values.radiusKm, language: values.language, updated_at: values.now })
    .where('id', '=', id)
    .where('confirmed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Confirms once; answers whether this call did. */
export async function confirm(db: Db, id: number, now: string): Promise<boolean> {
  const result = await db.updateTable('city_alerts').set({ confirmed_at: now, updated_at: now }).where('id', '=', id).where('confirmed_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The alerts of one address (by its manage link), artists and cities named in `lang`, newest first. */
export function alertsOfAddress(db: Db, manageHash: string, lang: Language) {
  return db
    .selectFrom('city_alerts as a')
    .innerJoin('users as u', 'u.id', 'a.artist_id')
    .innerJoin('cities as c', 'c.id', 'a.city_id')
    .innerJoin('countries as co', 'co.id', 'c.country_id')
    .leftJoin('city_names as n', (j) => j.onRef('n.city_id', '=', 'c.id').on('n.language', '=', lang))
    .select(['a.id', 'a.radius_km', 'a.language', 'a.confirmed_at', 'a.created_at', 'u.id as artist_id', 'u.name as artist_name', 'u.username as artist_username', 'c.id as city_id', 'c.name as city_name', 'n.name as local_name'])
    .select((eb) => eb.ref(`co.name_${lang}`).as('country_name'))
    .where('a.manage_hash', '=', manageHash)
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .execute();
}

/** Deletes one alert of an address, or all of them; answers how many went. */
export async function deleteOfAddress(db: Db, manageHash: string, alertId?: number): Promise<number> {
  let q = db.deleteFrom('city_alerts').where('manage_hash', '=', manageHash);
  if (alertId !== undefined) q = q.where('id', '=', alertId);
  const result = await q.executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteAlert(db: Db, id: number): Promise<number> {
  const result = await db.deleteFrom('city_alerts').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deletes the requests nobody confirmed since `before`. */
export async function deleteUnconfirmedBefore(db: Db, before: string): Promise<number> {
  const result = await db.deleteFrom('city_alerts').where('confirmed_at', 'is', null).where('created_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

const TRIP_ARTIST = ['u.id as artist_id', 'u.name as artist_name', 'u.username as artist_username', 'c.id as city_id', 'c.latitude', 'c.longitude'] as const;

/**
 * A confirmed stay that has not ended, of an artist who is not suspended, where it takes place:
 * the guest spot's city, else the host studio's own.
 */
export function stayTrip(db: Db, stayId: number, today: string): Promise<TripRow | undefined> {
  return db
    .selectFrom('stays as s')
    .innerJoin('users as u', 'u.id', 's.artist_id')
    .innerJoin('users as h', 'h.id', 's.studio_id')
    .leftJoin('guest_spots as g', 'g.id', 's.guest_spot_id')
    .innerJoin('cities as c', (j) => j.on((eb) => eb('c.id', '=', eb.fn.coalesce('g.city_id', 'h.city_id'))))
    .select([...TRIP_ARTIST, 's.start_date', 's.end_date', 'h.name as studio_name'])
    .where('s.id', '=', stayId)
    .where('s.status', '=', 'confirmed')
    .where('s.end_date', '>=', today)
    .where('u.suspended_at', 'is', null)
    .executeTakeFirst();
}

/** An availability shown in the public lists (active, not hidden, not ended), at its city. */
export async function availabilityTrip(db: Db, availabilityId: number, today: string): Promise<TripRow | undefined> {
  const row = await db
    .selectFrom('availabilities as v')
    .innerJoin('users as u', 'u.id', 'v.artist_id')
    .innerJoin('cities as c', 'c.id', 'v.city_id')
    .select([...TRIP_ARTIST, 'v.start_date', 'v.end_date'])
    .where('v.id', '=', availabilityId)
    .where('v.is_active', '=', 1)
    .where('v.hidden_at', 'is', null)
    .where('v.end_date', '>=', today)
    .where('u.suspended_at', 'is', null)
    .executeTakeFirst();
  return row && { ...row, studio_name: null };
}

/**
 * The confirmed alerts of an artist whose city lies in a box (drawn around the trip for the
 * widest radius): one artist's handful of rows by its index, the exact distance is the caller's.
 */
export function confirmedAlertsInBox(db: Db, artistId: number, box: Box) {
  return db
    .selectFrom('city_alerts as a')
    .innerJoin('cities as c', 'c.id', 'a.city_id')
    .leftJoin('city_names as n', (j) => j.onRef('n.city_id', '=', 'c.id').onRef('n.language', '=', 'a.language'))
    .select(['a.id', 'a.email', 'a.email_key', 'a.radius_km', 'a.language', 'c.latitude', 'c.longitude', 'c.name as city_name', 'n.name as local_name'])
    .where('a.artist_id', '=', artistId)
    .where('a.confirmed_at', 'is not', null)
    .where('c.latitude', '>=', box.latMin)
    .where('c.latitude', '<=', box.latMax)
    .where((eb) => eb.or(box.lng.map(([min, max]) => eb.and([eb('c.longitude', '>=', min), eb('c.longitude', '<=', max)]))))
    .orderBy('a.id')
    .execute();
}

/** A city's name in a language (the trip's place in the mail). */
export async function cityName(db: Db, cityId: number, lang: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('cities as c')
    .leftJoin('city_names as n', (j) => j.onRef('n.city_id', '=', 'c.id').on('n.language', '=', lang))
    .select(['c.name', 'n.name as local_name'])
    .where('c.id', '=', cityId)
    .executeTakeFirst();
  return row ? (row.local_name ?? row.name) : undefined;
}

/**
 * Claims the mail of one alert about one trip: the primary key lets one insert through, across
 * processes and repeated deliveries, and only the caller whose insert took it mails.
 */
export async function claimSend(db: Db, alertId: number, kind: TripKind, sourceId: number, now: string): Promise<boolean> {
  const rows = await db
    .insertInto('city_alert_sends')
    .values({ alert_id: alertId, source_kind: kind, source_id: sourceId, sent_at: now })
    .onConflict((oc) => oc.columns(['alert_id', 'source_kind', 'source_id']).doNothing())
    .returning('alert_id')
    .execute();
  return rows.length > 0;
}

/** Gives a claim back after its mail failed, so the event's next try sends it. */
export async function releaseSend(db: Db, alertId: number, kind: TripKind, sourceId: number): Promise<void> {
  await db.deleteFrom('city_alert_sends').where('alert_id', '=', alertId).where('source_kind', '=', kind).where('source_id', '=', sourceId).execute();
}
