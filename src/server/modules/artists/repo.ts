import { sql } from 'kysely';
import type { Language } from '../../../common/languages';
import type { Db } from '../../db/index';
import { notSuspended } from '../../db/suspension';
import { hasPicture } from '../profiles/index';

export interface ArtistFilter {
  now: string;
  today: string;
  /** Last day of the "available now" window. */
  horizon: string;
  styleId: number | null;
  countryId: number | null;
  cityId: number | null;
  available: boolean;
}

export interface ArtistRow {
  id: number;
  name: string;
  username: string;
  avatar: string | null;
  city_name: string | null;
  city: string | null;
  country_code: string | null;
  featured: number;
  rating_sum: number;
  rating_count: number;
  avail_id: number | null;
  avail_slug: string | null;
  avail_title: string | null;
  avail_start: string | null;
  avail_end: string | null;
}

export function createArtistRepo(db: Db) {
  /**
   * Artist accounts matching the filters; the admin team's account is no artist to book, and a
   * profile without any picture stays out until it has one.
   */
  const filtered = (f: ArtistFilter) => {
    let q = db.selectFrom('users').where('users.user_type', '=', 'artist').where('users.role', '<>', 'admin').where(hasPicture('users')).where(notSuspended('users.id', f.now));
    if (f.countryId !== null) q = q.where('users.country_id', '=', f.countryId);
    if (f.cityId !== null) q = q.where('users.city_id', '=', f.cityId);
    if (f.styleId !== null) {
      const styleId = f.styleId;
      q = q.where('users.id', 'in', (eb) => eb.selectFrom('user_styles').select('user_id').where('style_id', '=', styleId));
    }
    if (f.available) {
      q = q.where((eb) =>
        eb.exists(
          eb
            .selectFrom('availabilities as a')
            .select('a.id')
            .whereRef('a.artist_id', '=', 'users.id')
            .where('a.is_active', '=', 1)
            .where('a.end_date', '>=', f.today)
            .where('a.start_date', '<=', f.horizon),
        ),
      );
    }
    return q;
  };

  return {
    /**
     * One page of artists, featured first, then newest, each with its soonest availability in
     * the window: the page is picked on users alone, the availability joined for its rows only.
     */
    listPage(f: ArtistFilter, limit: number, offset: number): Promise<ArtistRow[]> {
      const page = filtered(f)
        .select(['users.id as page_id', 'users.created_at as page_created'])
        .select(sql<number>`case when users.featured_until > ${f.now} then 1 else 0 end`.as('page_featured'))
        .orderBy('page_featured', 'desc')
        .orderBy('users.created_at', 'desc')
        .orderBy('users.id', 'desc')
        .limit(limit)
        .offset(offset);
      return db
        .selectFrom(page.as('p'))
        .innerJoin('users as u', 'u.id', 'p.page_id')
        .leftJoin('countries as c', 'c.id', 'u.country_id')
        .leftJoin('availabilities as ca', (join) =>
          join.on((eb) =>
            eb(
              'ca.id',
              '=',
              eb
                .selectFrom('availabilities as a')
                .select('a.id')
                .whereRef('a.artist_id', '=', 'u.id')
                .where('a.is_active', '=', 1)
                .where('a.end_date', '>=', f.today)
                .where('a.start_date', '<=', f.horizon)
                .orderBy('a.start_date')
                .orderBy('a.id')
                .limit(1),
            ),
          ),
        )
        .select([
          'u.id', 'u.name', 'u.username', 'u.avatar', 'u.city_name', 'u.city', 'c.code as country_code',
          'p.page_featured as featured', 'u.rating_sum', 'u.rating_count', 'ca.id as avail_id', 'ca.slug as avail_slug', 'ca.title as avail_title',
          'ca.start_date as avail_start', 'ca.end_date as avail_end',
        ])
        .orderBy('p.page_featured', 'desc')
        .orderBy('p.page_created', 'desc')
        .orderBy('p.page_id', 'desc')
        .execute();
    },

    async count(f: ArtistFilter): Promise<number> {
      const row = await filtered(f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Style ids and names of many artists in one query. */
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
