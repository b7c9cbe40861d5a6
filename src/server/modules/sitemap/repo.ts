import { sql } from 'kysely';
import type { Db } from '../../db/index';
import { notSuspended } from '../../db/suspension';

/** One file of a source: its number and the newest change among the rows it lists. */
export interface FileRow {
  n: number;
  lastmod: string | null;
}

/** A listed thing of a file: its id, what its path is made of, and when it last changed. */
export interface PageRow {
  id: number;
  key: string;
  lastmod: string | null;
}

/** The file an id belongs to: ids 1..perFile in file 1, and so on (a fixed range, so a file keeps its rows). */
const fileOf = (perFile: number) => sql<number>`(${sql.ref('id')} - 1) / ${sql.lit(perFile)} + 1`;

const asFiles = (rows: { n: number | string; lastmod: string | null }[]): FileRow[] => rows.map((r) => ({ n: Number(r.n), lastmod: r.lastmod }));

export type ListingTable = 'guest_spots' | 'availabilities';

export function createSitemapRepo(db: Db) {
  /** Public profiles: every account but admins and the suspended. */
  const profiles = () =>
    db
      .selectFrom('users')
      .where('role', '<>', 'admin')
      .where(notSuspended('users.id'));

  /** A kind's public detail pages: active, not hidden, not ended, of an owner who is neither suspended nor an admin. */
  const listings = (table: ListingTable, ownerColumn: 'studio_id' | 'artist_id', today: string) =>
    db
      .selectFrom(table)
      .where('is_active', '=', 1)
      .where('hidden_at', 'is', null)
      .where('end_date', '>=', today)
      .where(notSuspended(ownerColumn))
      .where(ownerColumn, 'not in', (eb) => eb.selectFrom('users').select('users.id').where('users.role', '=', 'admin'));

  return {
    async profileFiles(perFile: number): Promise<FileRow[]> {
      const rows = await profiles()
        .select([fileOf(perFile).as('n'), (eb) => eb.fn.max('updated_at').as('lastmod')])
        .groupBy(fileOf(perFile))
        .orderBy('n')
        .execute();
      return asFiles(rows);
    },

    profilePages(from: number, to: number): Promise<PageRow[]> {
      return profiles()
        .select(['id', 'username as key', 'updated_at as lastmod'])
        .where('id', '>=', from)
        .where('id', '<=', to)
        .orderBy('id')
        .execute();
    },

    async listingFiles(table: ListingTable, ownerColumn: 'studio_id' | 'artist_id', today: string, perFile: number): Promise<FileRow[]> {
      const rows = await listings(table, ownerColumn, today)
        .select([fileOf(perFile).as('n'), (eb) => eb.fn.max('updated_at').as('lastmod')])
        .groupBy(fileOf(perFile))
        .orderBy('n')
        .execute();
      return asFiles(rows);
    },

    listingPages(table: ListingTable, ownerColumn: 'studio_id' | 'artist_id', today: string, from: number, to: number): Promise<PageRow[]> {
      return listings(table, ownerColumn, today)
        .select(['id', 'slug as key', 'updated_at as lastmod'])
        .where('id', '>=', from)
        .where('id', '<=', to)
        .orderBy('id')
        .execute();
    },

    /** The newest change to a kind's public listings: when its list pages last changed. */
    async listingsChanged(table: ListingTable, ownerColumn: 'studio_id' | 'artist_id', today: string): Promise<string | null> {
      const row = await listings(table, ownerColumn, today)
        .select((eb) => eb.fn.max('updated_at').as('lastmod'))
        .executeTakeFirst();
      return row?.lastmod ?? null;
    },
  };
}

export type SitemapRepo = ReturnType<typeof createSitemapRepo>;
