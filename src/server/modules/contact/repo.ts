import type { Db } from '../../db/index';

export async function insertContactMessage(
  db: Db,
  row: {
    name: string;
    email: string;
    subject: string;
    message: string;
    language: string;
    userId: number | null;
    /** An appeal arrives with its own status and names the suspension it is about. */
    appeal?: { userId: number; suspendedAt: string };
  },
): Promise<number> {
  const inserted = await db
    .insertInto('contact_messages')
    .values({
      name: row.name,
      email: row.email,
      subject: row.subject,
      message: row.message,
      language: row.language,
      user_id: row.userId,
      ...(row.appeal ? { status: 'appeal', appeal_user_id: row.appeal.userId, appeal_suspended_at: row.appeal.suspendedAt } : {}),
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/** The account an appeal link names, with its suspension as it stands now. */
export function findSuspendedAccount(db: Db, userId: number) {
  return db.selectFrom('users').select(['id', 'name', 'username', 'email', 'suspended_at', 'suspended_until']).where('id', '=', userId).executeTakeFirst();
}

/** Whether the suspension was appealed already. */
export async function hasAppeal(db: Db, userId: number, suspendedAt: string): Promise<boolean> {
  const row = await db.selectFrom('contact_messages').select('id').where('appeal_user_id', '=', userId).where('appeal_suspended_at', '=', suspendedAt).executeTakeFirst();
  return !!row;
}
