import type { Db } from '../../db/index';

export async function insertContactMessage(
  db: Db,
  row: { name: string; email: string; subject: string; message: string; language: string; userId: number | null },
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
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}
