import { sql } from 'kysely';
import type { Db } from '../../db/index';

/*
 * The statistics' grouped reads, one query per metric. Timestamps are ISO 8601 UTC text on
 * both engines, so the first 13 characters ("2026-03-29T01") are the UTC hour: grouping by it
 * works alike on SQLite and PostgreSQL, and the service folds hours into Berlin days and weeks
 * (a UTC day would put the hour or two after Berlin's midnight into the wrong week). `from` and
 * `to` are UTC bounds as ISO text (`to` exclusive).
 */

/** The UTC hour of a timestamp column, as written in the select and in the group by alike. */
const hourOf = (column: string) => sql<string>`substr(${sql.ref(column)}, 1, 13)`;

export interface HourCount {
  hour: string;
  n: number;
}

/** New accounts per UTC hour and type. */
export async function registrationsByHour(db: Db, from: string, to: string): Promise<(HourCount & { userType: string })[]> {
  const rows = await db
    .selectFrom('users')
    .select([hourOf('created_at').as('hour'), 'user_type', (eb) => eb.fn.countAll<string | number>().as('n')])
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .where('user_type', 'in', ['artist', 'studio'])
    .groupBy([hourOf('created_at'), 'user_type'])
    .execute();
  return rows.map((r) => ({ hour: r.hour, userType: r.user_type, n: Number(r.n) }));
}

/** Rows created per UTC hour in a table with a created_at column (listings, messages). */
export async function createdByHour(db: Db, table: 'guest_spots' | 'availabilities' | 'messages', from: string, to: string): Promise<HourCount[]> {
  const rows = await db
    .selectFrom(table)
    .select([hourOf('created_at').as('hour'), (eb) => eb.fn.countAll<string | number>().as('n')])
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .groupBy(hourOf('created_at'))
    .execute();
  return rows.map((r) => ({ hour: r.hour, n: Number(r.n) }));
}

/** Completed payments' amounts per UTC hour of completion and product. */
export async function revenueByHour(db: Db, from: string, to: string): Promise<(HourCount & { productType: string })[]> {
  const rows = await db
    .selectFrom('payment_orders')
    .select([hourOf('completed_at').as('hour'), 'product_type', (eb) => eb.fn.sum<string | number>('amount_cents').as('n')])
    .where('status', '=', 'completed')
    .where('completed_at', '>=', from)
    .where('completed_at', '<', to)
    .groupBy([hourOf('completed_at'), 'product_type'])
    .execute();
  return rows.map((r) => ({ hour: r.hour, productType: r.product_type, n: Number(r.n) }));
}

/** Distinct users with an authenticated request per ISO week (rows carry their Berlin week already). */
export async function activeUsersByWeek(db: Db, firstWeek: string, lastWeek: string): Promise<{ weekStart: string; n: number }[]> {
  const rows = await db
    .selectFrom('user_activity')
    .select(['week_start', (eb) => eb.fn.count<string | number>('user_id').distinct().as('n')])
    .where('week_start', '>=', firstWeek)
    .where('week_start', '<=', lastWeek)
    .groupBy('week_start')
    .execute();
  return rows.map((r) => ({ weekStart: r.week_start, n: Number(r.n) }));
}
