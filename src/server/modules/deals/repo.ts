import type { Insertable, Selectable, Transaction } from 'kysely';
import { isDbId } from '../../../common/schemas/ids';
import { isPostgresDb, type Db } from '../../db/index';
import type { Database, DealRequestsTable, StaysTable } from '../../db/schema';

type Executor = Db | Transaction<Database>;
export type RequestRow = Selectable<DealRequestsTable>;
export type StayRow = Selectable<StaysTable>;

/** A request with the titles and slugs of what it names, as the lists show it. */
export interface RequestListRow extends RequestRow {
  spot_slug: string | null;
  spot_title: string | null;
  availability_slug: string | null;
  availability_title: string | null;
}

/** A user as deals show them, with what the at-a-glance card and the mails need. */
export interface DealPersonRow {
  id: number;
  name: string;
  username: string;
  avatar: string | null;
  user_type: string;
  role: string;
  email: string;
  language: string | null;
  languages: string;
  rating_sum: number;
  rating_count: number;
  email_on_message: number;
  created_at: string;
}

/** The spot a request names, as accepting and inviting read it. */
export interface SpotRow {
  id: number;
  studio_id: number;
  slug: string;
  title: string;
  start_date: string;
  end_date: string;
  is_active: number;
  places: number;
  terms: string | null;
  city_name: string | null;
}

/** A position in a list, newest first: the last row's key. */
export interface Position {
  at: string;
  id: number;
}

/** Which of a user's requests a list shows. */
export interface RequestFilter {
  side: 'artist' | 'studio';
  kind: 'application' | 'invitation';
  status?: string | undefined;
}

export interface StayFilter {
  side?: 'artist' | 'studio' | undefined;
  status?: string | undefined;
}

/** The statements of applications, invitations and stays. */
export function createDealRepo(db: Db) {
  const postgres = isPostgresDb(db);

  return {
    transaction<T>(fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
      return db.transaction().execute(fn);
    },

    async people(ids: number[], trx: Executor = db): Promise<DealPersonRow[]> {
      const valid = [...new Set(ids.filter(isDbId))];
      if (!valid.length) return [];
      return trx
        .selectFrom('users')
        .select(['id', 'name', 'username', 'avatar', 'user_type', 'role', 'email', 'language', 'languages', 'rating_sum', 'rating_count', 'email_on_message', 'created_at'])
        .where('id', 'in', valid)
        .execute();
    },

    /**
     * One page of a user's requests of one kind, newest first, after `after`: one range of the
     * side's (user, created_at, id) index. A pending request whose first day passed counts as
     * expired for the status filter, as it reads.
     */
    requestsPage(userId: number, filter: RequestFilter, today: string, after: Position | undefined, limit: number): Promise<RequestListRow[]> {
      const owner = filter.side === 'artist' ? 'r.artist_id' : 'r.studio_id';
      let q = db
        .selectFrom('deal_requests as r')
        .leftJoin('guest_spots as g', 'g.id', 'r.guest_spot_id')
        .leftJoin('availabilities as a', 'a.id', 'r.availability_id')
        .selectAll('r')
        .select(['g.slug as spot_slug', 'g.title as spot_title', 'a.slug as availability_slug', 'a.title as availability_title'])
        .where(owner, '=', userId)
        .where('r.kind', '=', filter.kind);
      if (filter.status === 'pending') q = q.where('r.status', '=', 'pending').where('r.start_date', '>=', today);
      else if (filter.status === 'expired') {
        q = q.where((eb) => eb.or([eb('r.status', '=', 'expired'), eb.and([eb('r.status', '=', 'pending'), eb('r.start_date', '<', today)])]));
      } else if (filter.status) q = q.where('r.status', '=', filter.status);
      if (after) q = q.where((eb) => eb(eb.refTuple('r.created_at', 'r.id'), '<', eb.tuple(after.at, after.id)));
      return q.orderBy('r.created_at', 'desc').orderBy('r.id', 'desc').limit(limit + 1).execute();
    },

    /** A request; in a transaction on PostgreSQL its row stays locked until the end. */
    async request(id: number, trx?: Transaction<Database>): Promise<RequestRow | undefined> {
      if (!isDbId(id)) return undefined;
      const q = (trx ?? db).selectFrom('deal_requests').selectAll().where('id', '=', id);
      return (trx && postgres ? q.forUpdate() : q).executeTakeFirst();
    },

    /** Locks the spot's row (its places are counted against its confirmed stays) and answers it. */
    async lockSpot(trx: Transaction<Database>, id: number): Promise<SpotRow | undefined> {
      const q = trx
        .selectFrom('guest_spots as g')
        .leftJoin('cities as ci', 'ci.id', 'g.city_id')
        .select(['g.id', 'g.studio_id', 'g.slug', 'g.title', 'g.start_date', 'g.end_date', 'g.is_active', 'g.places', 'g.terms'])
        .select((eb) => eb.fn.coalesce('g.city_name', 'ci.name').as('city_name'))
        .where('g.id', '=', id);
      return (postgres ? q.forUpdate('g') : q).executeTakeFirst();
    },

    /** Locks the artist's user row: an artist's stays do not overlap, and accepts for them take turns. */
    async lockUser(trx: Transaction<Database>, id: number): Promise<void> {
      if (!postgres) return;
      await trx.selectFrom('users').select('id').where('id', '=', id).forUpdate().execute();
    },

    /** The spot a request names or an invitation offers. */
    spot(id: number, trx: Executor = db): Promise<SpotRow | undefined> {
      return trx
        .selectFrom('guest_spots as g')
        .leftJoin('cities as ci', 'ci.id', 'g.city_id')
        .select(['g.id', 'g.studio_id', 'g.slug', 'g.title', 'g.start_date', 'g.end_date', 'g.is_active', 'g.places', 'g.terms'])
        .select((eb) => eb.fn.coalesce('g.city_name', 'ci.name').as('city_name'))
        .where('g.id', '=', id)
        .executeTakeFirst();
    },

    /** An availability an invitation answers. */
    async availability(id: number, trx: Executor = db) {
      if (!isDbId(id)) return undefined;
      return trx
        .selectFrom('availabilities')
        .select(['id', 'artist_id', 'slug', 'title', 'start_date', 'end_date', 'is_active', 'hidden_at'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** The studio's place for a stay without a spot: the city it names on its profile. */
    async studioCity(id: number, trx: Executor = db): Promise<string | null> {
      const row = await trx
        .selectFrom('users as u')
        .leftJoin('cities as ci', 'ci.id', 'u.city_id')
        .select((eb) => eb.fn.coalesce('u.city_name', 'ci.name', 'u.city').as('city'))
        .where('u.id', '=', id)
        .executeTakeFirst();
      return row?.city ?? null;
    },

    /** Whether the artist has a confirmed stay on any of the days. */
    async overlappingStay(trx: Executor, artistId: number, start: string, end: string): Promise<boolean> {
      const row = await trx
        .selectFrom('stays')
        .select('id')
        .where('artist_id', '=', artistId)
        .where('status', '=', 'confirmed')
        .where('start_date', '<=', end)
        .where('end_date', '>=', start)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The spot's confirmed stays sharing a day with the given days. */
    async guestsOverlapping(trx: Executor, spotId: number, start: string, end: string): Promise<number> {
      const row = await trx
        .selectFrom('stays')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('guest_spot_id', '=', spotId)
        .where('status', '=', 'confirmed')
        .where('start_date', '<=', end)
        .where('end_date', '>=', start)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    async insertRequest(trx: Executor, values: Insertable<DealRequestsTable>): Promise<number | undefined> {
      const row = await trx.insertInto('deal_requests').values(values).onConflict((oc) => oc.doNothing()).returning('id').executeTakeFirst();
      return row?.id;
    },

    /**
     * Moves a pending request that has not reached its first day to `status`; answers the row,
     * or undefined when it was not pending any more (the guard decides between parallel answers).
     */
    decide(trx: Executor, id: number, today: string, values: { status: string; decided_at: string; reason?: string | null; stay_id?: number | null }) {
      return trx
        .updateTable('deal_requests')
        .set(values)
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .where('start_date', '>=', today)
        .returningAll()
        .executeTakeFirst();
    },

    /** Marks pending requests whose first day passed unanswered as expired; answers how many. */
    async expireOverdue(today: string): Promise<number> {
      const rows = await db.updateTable('deal_requests').set({ status: 'expired' }).where('status', '=', 'pending').where('start_date', '<', today).returning('id').execute();
      return rows.length;
    },

    /** Expires the one pending invitation of a studio for an availability that passed its first day, so the key lets a new one in. */
    async expireOverdueInvitation(trx: Executor, availabilityId: number, studioId: number, today: string): Promise<void> {
      await trx
        .updateTable('deal_requests')
        .set({ status: 'expired' })
        .where('availability_id', '=', availabilityId)
        .where('studio_id', '=', studioId)
        .where('kind', '=', 'invitation')
        .where('status', '=', 'pending')
        .where('start_date', '<', today)
        .execute();
    },

    async insertStay(trx: Executor, values: Insertable<StaysTable>): Promise<StayRow> {
      return trx.insertInto('stays').values(values).returningAll().executeTakeFirstOrThrow();
    },

    async stay(id: number): Promise<StayRow | undefined> {
      if (!isDbId(id)) return undefined;
      return db.selectFrom('stays').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Cancels a confirmed stay that has not ended; undefined when it was not (any more). */
    cancelStay(trx: Executor, id: number, today: string, values: { cancelled_at: string; cancel_reason: string; cancelled_by: number }) {
      return trx
        .updateTable('stays')
        .set({ ...values, status: 'cancelled' })
        .where('id', '=', id)
        .where('status', '=', 'confirmed')
        .where('end_date', '>=', today)
        .returningAll()
        .executeTakeFirst();
    },

    /**
     * One page of a user's stays (as artist, as studio, or both), latest start first, after
     * `after`. A confirmed stay whose last day passed counts as completed, as it reads.
     */
    staysPage(userId: number, filter: StayFilter, today: string, after: Position | undefined, limit: number): Promise<StayRow[]> {
      let q = db.selectFrom('stays').selectAll();
      if (filter.side === 'artist') q = q.where('artist_id', '=', userId);
      else if (filter.side === 'studio') q = q.where('studio_id', '=', userId);
      else q = q.where((eb) => eb.or([eb('artist_id', '=', userId), eb('studio_id', '=', userId)]));
      if (filter.status === 'confirmed') q = q.where('status', '=', 'confirmed').where('end_date', '>=', today);
      else if (filter.status === 'completed') {
        q = q.where((eb) => eb.or([eb('status', '=', 'completed'), eb.and([eb('status', '=', 'confirmed'), eb('end_date', '<', today)])]));
      } else if (filter.status) q = q.where('status', '=', filter.status);
      if (after) q = q.where((eb) => eb(eb.refTuple('start_date', 'id'), '<', eb.tuple(after.at, after.id)));
      return q.orderBy('start_date', 'desc').orderBy('id', 'desc').limit(limit + 1).execute();
    },

    /** A user's stays others may see: confirmed or completed, from `since` on, soonest first. */
    publicStays(userId: number, since: string, limit: number): Promise<StayRow[]> {
      return db
        .selectFrom('stays')
        .selectAll()
        .where((eb) => eb.or([eb('artist_id', '=', userId), eb('studio_id', '=', userId)]))
        .where('status', 'in', ['confirmed', 'completed'])
        .where('end_date', '>=', since)
        .orderBy('start_date')
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    /** The dashboard's counts: pending requests to answer and sent, upcoming confirmed stays. */
    async summary(userId: number, side: 'artist' | 'studio', today: string): Promise<{ pendingReceived: number; pendingSent: number; upcomingStays: number }> {
      const owner = side === 'artist' ? 'artist_id' : 'studio_id';
      const received = side === 'artist' ? 'invitation' : 'application';
      const rows = await db
        .selectFrom('deal_requests')
        .select(['kind', (eb) => eb.fn.countAll<number>().as('n')])
        .where(owner, '=', userId)
        .where('status', '=', 'pending')
        .where('start_date', '>=', today)
        .groupBy('kind')
        .execute();
      const stays = await db
        .selectFrom('stays')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(owner, '=', userId)
        .where('status', '=', 'confirmed')
        .where('end_date', '>=', today)
        .executeTakeFirst();
      const count = (kind: string) => Number(rows.find((r) => r.kind === kind)?.n ?? 0);
      return { pendingReceived: count(received), pendingSent: count(received === 'application' ? 'invitation' : 'application'), upcomingStays: Number(stays?.n ?? 0) };
    },

    /** The spots among `spots` whose whole window lies inside one of the artist's confirmed stays. */
    async spotsInsideStays(artistId: number, spots: { id: number; startDate: string; endDate: string }[], today: string): Promise<Set<number>> {
      if (!spots.length) return new Set();
      const stays = await db
        .selectFrom('stays')
        .select(['start_date', 'end_date'])
        .where('artist_id', '=', artistId)
        .where('status', '=', 'confirmed')
        .where('end_date', '>=', today)
        .execute();
      return new Set(spots.filter((s) => stays.some((st) => st.start_date <= s.startDate && st.end_date >= s.endDate)).map((s) => s.id));
    },
  };
}

export type DealRepo = ReturnType<typeof createDealRepo>;
