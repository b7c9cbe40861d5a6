import type { Db } from '../../db/index';
import type { Transaction } from 'kysely';
import type { Database, NewUser, UserRow } from '../../db/schema';

export function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUserByEmailKey(db: Db, emailKey: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email_key', '=', emailKey).executeTakeFirst();
}

export async function usernameKeyTaken(db: Db, key: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('username_key', '=', key).executeTakeFirst();
  return row !== undefined;
}

export async function insertUser(db: Db, user: NewUser): Promise<UserRow> {
  return db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
}

export async function updateUser(db: Db, id: number, values: Partial<Omit<UserRow, 'id'>>): Promise<void> {
  await db.updateTable('users').set(values).where('id', '=', id).execute();
}

/** Deletes the account; `within` runs first in the same transaction (an admin's audit entry). */
export async function deleteUser(db: Db, id: number, within?: (trx: Transaction<Database>) => Promise<void>): Promise<void> {
  if (!within) {
    await db.deleteFrom('users').where('id', '=', id).execute();
    return;
  }
  await db.transaction().execute(async (trx) => {
    await within(trx);
    await trx.deleteFrom('users').where('id', '=', id).execute();
  });
}

export async function insertSession(db: Db, row: { id: string; userId: number; now: string; expiresAt: string }) {
  await db
    .insertInto('sessions')
    .values({ id: row.id, user_id: row.userId, created_at: row.now, expires_at: row.expiresAt, last_seen_at: row.now })
    .execute();
}

export function findSessionWithUser(db: Db, id: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id as session_id', 'sessions.created_at as session_created_at', 'sessions.expires_at', 'sessions.last_seen_at',
      'users.id', 'users.username', 'users.name', 'users.email', 'users.role', 'users.user_type',
      'users.featured_until', 'users.avatar', 'users.suspended_at', 'users.suspended_until',
    ])
    .where('sessions.id', '=', id)
    .executeTakeFirst();
}

export async function touchSession(db: Db, id: string, now: string, expiresAt: string) {
  await db.updateTable('sessions').set({ last_seen_at: now, expires_at: expiresAt }).where('id', '=', id).execute();
}

export async function deleteSession(db: Db, id: string) {
  await db.deleteFrom('sessions').where('id', '=', id).execute();
}

export async function deleteSessionsOfUser(db: Db, userId: number, exceptId?: string) {
  let q = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (exceptId) q = q.where('id', '!=', exceptId);
  await q.execute();
}

/** Deletes sessions past their sliding expiry or started before `startedBefore`; answers how many. */
export async function deleteExpiredSessions(db: Db, now: string, startedBefore: string): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expires_at', '<=', now), eb('created_at', '<', startedBefore)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function insertPasswordReset(db: Db, row: { tokenHash: string; userId: number; now: string; expiresAt: string }) {
  await db
    .insertInto('password_resets')
    .values({ token_hash: row.tokenHash, user_id: row.userId, created_at: row.now, expires_at: row.expiresAt })
    // The same link again (a repeated outbox delivery) is the row already there.
    .onConflict((oc) => oc.column('token_hash').doNothing())
    .execute();
}

/** Marks a reset token used if it is still valid; answers the user id, atomically single-use. */
export async function claimPasswordReset(db: Db, tokenHash: string, now: string): Promise<number | undefined> {
  const row = await db
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}

/** Voids every outstanding reset link of the user. */
export async function deletePasswordResetsOfUser(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('password_resets').where('user_id', '=', userId).execute();
}

/**
 * Voids the user's reset links, then ends their sessions (all, or all but `keepSessionId`):
 * links first, the order every write replacing an account's access locks its rows in.
 */
async function revokeAccess(trx: Db, userId: number, keepSessionId?: string): Promise<void> {
  await deletePasswordResetsOfUser(trx, userId);
  await deleteSessionsOfUser(trx, userId, keepSessionId);
}

/**
 * Voids the user's reset links and ends their sessions but `keepSessionId`, and writes `values`
 * (a new password or email) to the account, in one transaction; `within` runs last in it (an
 * admin's suspension with its audit entry), and throwing there rolls everything back.
 */
export async function endSessionsOfUser(
  db: Db,
  userId: number,
  values: Partial<Omit<UserRow, 'id'>>,
  keepSessionId?: string,
  within?: (trx: Transaction<Database>) => Promise<void>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await revokeAccess(trx, userId, keepSessionId);
    if (Object.keys(values).length) await updateUser(trx, userId, values);
    if (within) await within(trx);
  });
}

/**
 * Writes the new password of a claimed reset link, voiding the user's other links and ending
 * their sessions; answers false when the link was voided after it was claimed (a password or
 * email change, the admin command): a link mailed before those never outlasts them.
 */
export async function completePasswordReset(db: Db, tokenHash: string, userId: number, values: Partial<Omit<UserRow, 'id'>>): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .deleteFrom('password_resets')
      .where('token_hash', '=', tokenHash)
      .where('user_id', '=', userId)
      .returning('token_hash')
      .executeTakeFirst();
    if (!claimed) return false;
    await revokeAccess(trx, userId);
    await updateUser(trx, userId, values);
    return true;
  });
}

/**
 * Makes the account with the email key an administrator with `values` (a new password), voiding
 * its reset links and ending its sessions in the same transaction; answers the row as it was
 * before, or undefined when there is none.
 */
export async function makeAdmin(db: Db, emailKey: string, values: Partial<Omit<UserRow, 'id'>>): Promise<UserRow | undefined> {
  return db.transaction().execute(async (trx) => {
    const row = await findUserByEmailKey(trx, emailKey);
    if (!row) return undefined;
    await revokeAccess(trx, row.id);
    await updateUser(trx, row.id, { ...values, role: 'admin' });
    return row;
  });
}

/** Deletes reset tokens that can no longer be used (used or expired); answers how many. */
export async function deleteSpentPasswordResets(db: Db, now: string): Promise<number> {
  const result = await db
    .deleteFrom('password_resets')
    .where((eb) => eb.or([eb('used_at', 'is not', null), eb('expires_at', '<=', now)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
