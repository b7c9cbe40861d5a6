import { sql, type RawBuilder } from 'kysely';

/**
 * Whether the user `id` names (a column reference) is not suspended at `now`: a suspended
 * account's profile, cards, listings and images leave every public page and list. Written as
 * "not among the suspended ids", a short list read through `users_suspended_idx`, so a query on
 * a listing or image table needs no join to users for it. It lives in db/ because the
 * directories of several modules share it.
 */
export function notSuspended(id: string, now: string = new Date().toISOString()): RawBuilder<boolean> {
  return sql<boolean>`${sql.ref(id)} not in (select s.id from users s where s.suspended_at is not null and (s.suspended_until is null or s.suspended_until > ${now}))`;
}
