import { sql } from 'kysely';
import type { Db } from '../../db/index';

/** What the forum's sitemap files list: visible threads in fixed id ranges, and the categories. */

const fileOf = (perFile: number) => sql<number>`(${sql.ref('id')} - 1) / ${sql.lit(perFile)} + 1`;

const visible = (db: Db) => db.selectFrom('forum_threads').where('hidden_at', 'is', null);

export async function threadFiles(db: Db, perFile: number): Promise<{ n: number; lastmod: string | null }[]> {
  const rows = await visible(db)
    .select([fileOf(perFile).as('n'), (eb) => eb.fn.max('last_post_at').as('lastmod')])
    .groupBy(fileOf(perFile))
    .orderBy('n')
    .execute();
  return rows.map((r) => ({ n: Number(r.n), lastmod: r.lastmod }));
}

export function threadPages(db: Db, from: number, to: number) {
  return visible(db).select(['id', 'slug', 'reply_count', 'last_post_at']).where('id', '>=', from).where('id', '<=', to).orderBy('id').execute();
}

/** Each category with its visible threads (for its numbered pages) and last activity, as the triggers keep them. */
export function categoryPages(db: Db) {
  return db
    .selectFrom('forum_categories as c')
    .leftJoin('forum_category_stats as s', 's.category_id', 'c.id')
    .select(['c.slug', sql<number>`coalesce(s.threads, 0)`.as('threads'), 's.last_post_at as lastmod'])
    .orderBy('c.position')
    .execute();
}
