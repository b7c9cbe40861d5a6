import { sql, type SqlBool, type Transaction } from 'kysely';
import type { Db } from '../../db/index';
import { isPostgresDb } from '../../db/index';
import type { Database } from '../../db/schema';

type Executor = Db | Transaction<Database>;

/** The columns of a user the admin area lists and checks; never the password hash. */
const USER_COLUMNS = [
  'users.id', 'users.username', 'users.name', 'users.email', 'users.user_type', 'users.role', 'users.created_at',
  'users.last_active_at', 'users.suspended_at', 'users.suspended_until', 'users.suspension_reason', 'users.language',
] as const;

export interface UserListFilter {
  /** Lowercase text matched anywhere in the username, the email or the name. */
  text?: string;
  userType?: string;
  role?: string;
  status?: 'active' | 'suspended';
  now: string;
  after?: { createdAt: string; id: number };
  limit: number;
}

/** `%` and `_` are plain characters in the search. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Users newest first, filtered; `limit` rows from after the cursor. */
export function listUsers(db: Db, f: UserListFilter) {
  let q = db.selectFrom('users').select(USER_COLUMNS);
  if (f.text) {
    const pattern = containsPattern(f.text.toLowerCase());
    q = q.where((eb) =>
      eb.or([
        sql<SqlBool>`${sql.ref('users.username_key')} like ${pattern} escape '\\'`,
        sql<SqlBool>`${sql.ref('users.email_key')} like ${pattern} escape '\\'`,
        sql<SqlBool>`lower(${sql.ref('users.name')}) like ${pattern} escape '\\'`,
      ]),
    );
  }
  if (f.userType) q = q.where('users.user_type', '=', f.userType);
  if (f.role) q = q.where('users.role', '=', f.role);
  if (f.status === 'suspended') q = q.where('users.suspended_at', 'is not', null).where((eb) => eb.or([eb('users.suspended_until', 'is', null), eb('users.suspended_until', '>', f.now)]));
  if (f.status === 'active') q = q.where((eb) => eb.or([eb('users.suspended_at', 'is', null), eb('users.suspended_until', '<=', f.now)]));
  if (f.after) {
    const { createdAt, id } = f.after;
    q = q.where((eb) => eb.or([eb('users.created_at', '<', createdAt), eb.and([eb('users.created_at', '=', createdAt), eb('users.id', '<', id)])]));
  }
  return q.orderBy('users.created_at', 'desc').orderBy('users.id', 'desc').limit(f.limit).execute();
}

export type AdminUserRow = Awaited<ReturnType<typeof listUsers>>[number];

export function findUser(db: Executor, id: number): Promise<AdminUserRow | undefined> {
  return db.selectFrom('users').select(USER_COLUMNS).where('users.id', '=', id).executeTakeFirst();
}

/** The password hash of the acting admin, to check the password they typed again. */
export async function findPasswordHash(db: Db, id: number): Promise<string | undefined> {
  return (await db.selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirst())?.password_hash;
}

/** What the user has on the site, each counted on its own index. */
export async function countsOf(db: Db, id: number) {
  const n = (q: { executeTakeFirstOrThrow(): Promise<{ n: number | string | bigint }> }) => q.executeTakeFirstOrThrow().then((r) => Number(r.n));
  const [spots, availabilities, galleryImages, reviewsWritten, reviewsReceived, messagesSent, reportsAgainst, warnings] = await Promise.all([
    n(db.selectFrom('guest_spots').select((eb) => eb.fn.countAll().as('n')).where('studio_id', '=', id)),
    n(db.selectFrom('availabilities').select((eb) => eb.fn.countAll().as('n')).where('artist_id', '=', id)),
    n(db.selectFrom('gallery_images').select((eb) => eb.fn.countAll().as('n')).where('user_id', '=', id)),
    n(db.selectFrom('reviews').select((eb) => eb.fn.countAll().as('n')).where('reviewer_id', '=', id)),
    n(db.selectFrom('reviews').select((eb) => eb.fn.countAll().as('n')).where('reviewed_id', '=', id)),
    n(db.selectFrom('messages').select((eb) => eb.fn.countAll().as('n')).where('sender_id', '=', id)),
    n(db.selectFrom('reports').select((eb) => eb.fn.countAll().as('n')).where('target_user_id', '=', id)),
    n(db.selectFrom('admin_user_warnings').select((eb) => eb.fn.countAll().as('n')).where('user_id', '=', id)),
  ]);
  return { listings: spots + availabilities, galleryImages, reviewsWritten, reviewsReceived, messagesSent, reportsAgainst, warnings };
}

/** The newest warnings of the user with the admin who gave each. */
export function listWarnings(db: Db, userId: number, limit: number) {
  return db
    .selectFrom('admin_user_warnings as w')
    .leftJoin('users as a', 'a.id', 'w.admin_id')
    .select(['w.id', 'w.reason', 'w.created_at', 'w.admin_id', 'a.username as admin_username'])
    .where('w.user_id', '=', userId)
    .orderBy('w.created_at', 'desc')
    .orderBy('w.id', 'desc')
    .limit(limit)
    .execute();
}

/** The newest notes about the user with the admin who wrote each. */
export function listNotes(db: Db, userId: number, limit: number) {
  return db
    .selectFrom('admin_user_notes as n')
    .leftJoin('users as a', 'a.id', 'n.admin_id')
    .select(['n.id', 'n.body', 'n.created_at', 'n.admin_id', 'a.username as admin_username'])
    .where('n.user_id', '=', userId)
    .orderBy('n.created_at', 'desc')
    .orderBy('n.id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * Locks the user's row for the rest of the transaction (PostgreSQL; SQLite runs one write
 * transaction at a time) and answers it as it is now, so a check and the write after it see
 * the same row however many admins act at once.
 */
export async function lockUser(trx: Transaction<Database>, id: number): Promise<AdminUserRow | undefined> {
  const q = trx.selectFrom('users').select(USER_COLUMNS).where('users.id', '=', id);
  return (isPostgresDb(trx) ? q.forNoKeyUpdate() : q).executeTakeFirst();
}

/** The key of the transaction lock that every change to who is a usable admin takes first. */
const ADMIN_SET_LOCK = 0x61646d6e;

/**
 * The ids of the administrators whose accounts are usable at `now` (not suspended), read under
 * one transaction-wide lock (PostgreSQL; SQLite runs one write transaction at a time): two
 * admins demoting, suspending or deleting each other at once then take turns, and the second
 * reads what the first did, so the last usable admin always stays. One lock rather than row
 * locks on every admin, which deadlock when the rows change while others wait on them.
 */
export async function lockActiveAdmins(trx: Transaction<Database>, now: string): Promise<number[]> {
  if (isPostgresDb(trx)) await sql`select pg_advisory_xact_lock(${ADMIN_SET_LOCK})`.execute(trx);
  const rows = await trx.selectFrom('users').select(['id', 'suspended_at', 'suspended_until']).where('role', '=', 'admin').orderBy('id').execute();
  return rows.filter((r) => r.suspended_at === null || (r.suspended_until !== null && r.suspended_until <= now)).map((r) => r.id);
}

export async function setSuspension(trx: Transaction<Database>, id: number, values: { at: string | null; until: string | null; reason: string | null }) {
  await trx
    .updateTable('users')
    .set({ suspended_at: values.at, suspended_until: values.until, suspension_reason: values.reason, updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .execute();
}

export async function setRole(trx: Transaction<Database>, id: number, role: string) {
  await trx.updateTable('users').set({ role, updated_at: new Date().toISOString() }).where('id', '=', id).execute();
}

export async function insertWarning(trx: Transaction<Database>, row: { userId: number; adminId: number; reason: string; now: string }): Promise<number> {
  const inserted = await trx
    .insertInto('admin_user_warnings')
    .values({ user_id: row.userId, admin_id: row.adminId, reason: row.reason, created_at: row.now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export async function insertNote(trx: Transaction<Database>, row: { userId: number; adminId: number; body: string; now: string }): Promise<number> {
  const inserted = await trx
    .insertInto('admin_user_notes')
    .values({ user_id: row.userId, admin_id: row.adminId, body: row.body, created_at: row.now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}
