import { sql } from 'kysely';
import type { Db } from '../../db/index';

/**
 * Counts one hit under `key` in one upsert (a row lock on the key), starting a new window when
 * the old one has passed; answers the count including this hit and the window's time left.
 */
export async function hitCounter(db: Db, key: string, windowMs: number, now: number): Promise<{ count: number; resetMs: number }> {
  const { rows } = await sql<{ count: number; reset_ms: string }>`
    insert into rate_limits as r (key, count, reset_at) values (${key}, 1, ${now + windowMs})
    on conflict (key) do update set
      count = case when r.reset_at <= ${now} then 1 else r.count + 1 end,
      reset_at = case when r.reset_at <= ${now} then excluded.reset_at else r.reset_at end
    returning r.count, r.reset_at - ${now} as reset_ms`.execute(db);
  const row = rows[0] as { count: number; reset_ms: string };
  return { count: Number(row.count), resetMs: Math.max(0, Number(row.reset_ms)) };
}

/** Takes one hit back from a counter whose window lasts, never below zero. */
export async function refundCounter(db: Db, key: string, now: number): Promise<void> {
  await sql`update rate_limits set count = count - 1 where key = ${key} and count > 0 and reset_at > ${now}`.execute(db);
}

export async function deleteCounter(db: Db, key: string): Promise<void> {
  await sql`delete from rate_limits where key = ${key}`.execute(db);
}

/** Throws unless the table answers. */
export async function pingCounters(db: Db): Promise<void> {
  await sql`select 1 from rate_limits limit 1`.execute(db);
}

/** Removes up to `batch` counters whose window has passed; answers how many. */
export async function sweepCounters(db: Db, batch: number, now: number): Promise<number> {
  const result = await sql`delete from rate_limits where key in (select key from rate_limits where reset_at <= ${now} limit ${batch})`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
