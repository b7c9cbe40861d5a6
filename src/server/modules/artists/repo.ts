import { sql, type ExpressionBuilder } from 'kysely';
import type { Language } from '../../../common/languages';
import { isPostgresDb, type Db } from '../../db/index';
import type { Database } from '../../db/schema';
import { notSuspended } from '../../db/suspension';
import { isVerifiedStudio } from '../../db/verified';
import { hasPicture } from '../profiles/index';

export interface ArtistFilter {
  now: string;
  today: string;
  /** Last day a listing may start on to count (the artists' "available now" window); null for any. */
  horizon: string | null;
  styleId: number | null;
  countryId: number | null;
  cityId: number | null;
  /** Only people with a listing that has not ended (and starts by `horizon`). */
  available: boolean;
}

/**
 * One directory of profiles: artists with their availabilities, studios with their guest spots.
 * Both listing tables share the columns read here (id, slug, title, days, is_active); each names
 * its owner in its own column.
 */
export interface Directory {
  userType: 'artist' | 'studio';
  listings: 'availabilities' | 'guest_spots';
  owner: 'artist_id' | 'studio_id';
}

export const ARTISTS: Directory = { userType: 'artist', listings: 'availabilities', owner: 'artist_id' };
export const STUDIOS: Directory = { userType: 'studio', listings: 'guest_spots', owner: 'studio_id' };

export interface ArtistRow {
  id: number;
  name: string;
  username: string;
  avatar: string | null;
  city_name: string | null;
  city: string | null;
  country_code: string | null;
  featured: number;
  /** A verified studio (db/verified): 1 or true; never an artist. */
  verified: unknown;
  rating_sum: number;
  rating_count: number;
  /** The person's soonest listing that counts (see ArtistFilter.available). */
  avail_id: number | null;
  avail_slug: string | null;
  avail_title: string | null;
  avail_start: string | null;
  avail_end: string | null;
}

export function createArtistRepo(db: Db, directory: Directory = ARTISTS) {
  const postgres = isPostgresDb(db);
  // Typed as the availabilities table: the guest spots' table has the same columns read here,
  // and the owner column is the directory's (a name Kysely cannot check, hence the casts).
  const listingsAs = (alias: 'a' | 'ca') => `${directory.listings} as ${alias}` as 'availabilities as a';
  const ownerOf = `a.${directory.owner}` as 'a.artist_id';

  /** The directory's soonest counting listing of a person (`users` or `u`): active, not ended, starting by the horizon. */
  const counting = (f: ArtistFilter, eb: ExpressionBuilder<Database, 'users'>, person: 'users.id') => {
    let q = eb.selectFrom(listingsAs('a')).select('a.id').whereRef(ownerOf, '=', person).where('a.is_active', '=', 1).where('a.end_date', '>=', f.today);
    if (f.horizon !== null) q = q.where('a.start_date', '<=', f.horizon);
    return q;
  };

  /**
   * Accounts of the directory's type matching the filters; the admin team's account is no one to
   * book, and a profile without any picture stays out until it has one.
   */
  const filtered = (f: ArtistFilter) => {
    let q = db.selectFrom('users').where('users.user_type', '=', directory.userType).where('users.role', '<>', 'admin').where(hasPicture('users')).where(notSuspended('users.id', f.now));
    if (f.countryId !== null) q = q.where('users.country_id', '=', f.countryId);
    if (f.cityId !== null) q = q.where('users.city_id', '=', f.cityId);
    if (f.styleId !== null) {
      const styleId = f.styleId;
      q = q.where('users.id', 'in', (eb) => eb.selectFrom('user_styles').select('user_id').where('style_id', '=', styleId));
    }
    if (f.available) q = q.where((eb) => eb.exists(counting(f, eb, 'users.id')));
    return q;
  };

  return {
    /**
     * One page of the directory, featured first, then newest, each with its soonest counting
     * listing. The page's ids come from two ordered reads on users alone: the featured people
     * (a short list, newest first, read up to the page's end), then the others walking
     * (user_type, created_at, id) backwards from the offset left after the featured; the rows
     * and their listing are read for the page's ids only.
     */
    async listPage(f: ArtistFilter, limit: number, offset: number): Promise<ArtistRow[]> {
      const featured = (
        await filtered(f).select('users.id').where('users.featured_until', '>', f.now).orderBy('users.created_at', 'desc').orderBy('users.id', 'desc').limit(offset + limit).execute()
      ).map((r) => r.id);
      const first = featured.slice(offset, offset + limit);
      let rest: number[] = [];
      if (first.length < limit) {
        // Fewer featured than the page's end: that is all of them, so the others start past them.
        const others = filtered(f).where((eb) => eb.or([eb('users.featured_until', 'is', null), eb('users.featured_until', '<=', f.now)]));
        const page = others.select('users.id').orderBy('users.created_at', 'desc').orderBy('users.id', 'desc');
        rest = (await page.limit(limit - first.length).offset(Math.max(0, offset - featured.length)).execute()).map((r) => r.id);
      }
      const ids = [...first, ...rest];
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('users as u')
        .leftJoin('countries as c', 'c.id', 'u.country_id')
        .leftJoin(listingsAs('ca') as unknown as 'availabilities as ca', (join) =>
          join.on((eb) =>
            eb(
              'ca.id',
              '=',
              counting(f, eb as unknown as ExpressionBuilder<Database, 'users'>, 'u.id' as 'users.id')
                .orderBy('a.start_date')
                .orderBy('a.id')
                .limit(1),
            ),
          ),
        )
        .select([
          'u.id', 'u.name', 'u.username', 'u.avatar', 'u.city_name', 'u.city', 'c.code as country_code',
          'u.rating_sum', 'u.rating_count', 'ca.id as avail_id', 'ca.slug as avail_slug', 'ca.title as avail_title',
          'ca.start_date as avail_start', 'ca.end_date as avail_end',
        ])
        .select(sql<number>`case when u.featured_until > ${f.now} then 1 else 0 end`.as('featured'))
        // Only a studio can be verified: the artist directory skips the probe.
        .select((directory.userType === 'studio' ? isVerifiedStudio('u.id') : sql<boolean>`1 = 0`).as('verified'))
        .where('u.id', 'in', ids)
        .execute();
      const byId = new Map(rows.map((r) => [r.id, r]));
      // A person gone between the reads is left out rather than shown half.
      return ids.flatMap((id) => byId.get(id) ?? []);
    },

    /** How many people the directory holds; with `upTo`, no more than that many are counted (docs/decisions/031). */
    async count(f: ArtistFilter, upTo?: number): Promise<number> {
      if (postgres && upTo === undefined) return Number((await filtered(f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
      // SQLite, which keeps no statistics, walks in the page's order, so the count reads the
      // index of people with a picture as a page does. In no order it took the index of every
      // account of the type and read each row to find the few with pictures: on a young platform
      // most accounts have none yet, and the walk read them all (4.5 ms of the 20,000 accounts of
      // the bench's world, 0.3 ms in order). PostgreSQL weighs the filters itself and would sort.
      const walk = filtered(f).select(sql<number>`1`.as('one'));
      const ordered = postgres ? walk : walk.orderBy('users.created_at', 'desc').orderBy('users.id', 'desc');
      const counted = upTo === undefined ? ordered : ordered.limit(upTo);
      return Number((await db.selectFrom(counted.as('c')).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    },

    /** Style ids and names of many people in one query. */
    stylesOf(ids: number[], lang: Language) {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('user_styles as l')
        .innerJoin('styles as s', 's.id', 'l.style_id')
        .select(['l.user_id as owner_id', 's.id'])
        .select(sql<string>`${sql.ref(`s.name_${lang}`)}`.as('name'))
        .where('l.user_id', 'in', ids)
        .execute();
    },
  };
}

export type ArtistRepo = ReturnType<typeof createArtistRepo>;
