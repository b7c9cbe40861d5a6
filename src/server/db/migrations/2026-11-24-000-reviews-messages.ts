import type { Kysely } from 'kysely';
import { belongsTo, idColumn, timestamps } from './columns';
import { createLinkTable, createPairTable } from './pair-tables';

/**
 * Reviews, messages and what keeps them safe and quick:
 * - the rating is kept on the user row as an integer sum and count, written in the review's
 *   transaction, so profiles, cards and the artist list read it without a join;
 * - a message carries its pair as (low id, high id), so a thread is one index range;
 * - a conversation row per participant (last message, unread count, hidden-until) is written in
 *   each message's transaction, so the list and the unread count are one indexed read;
 * - `client_id` is unique per sender, so a retried send can never store a second message;
 * - blocks, reports (with a snapshot of what was reported) and guest spot applications (one per
 *   artist and spot, decided by the primary key);
 * - the user's language and mail preference, last activity and the last unread-message mail,
 *   which the notice job claims with a conditional update so two processes never both send.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('rating_sum', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('users').addColumn('rating_count', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('users').addColumn('language', 'text').execute();
  await db.schema.alterTable('users').addColumn('email_on_message', 'integer', (c) => c.notNull().defaultTo(1)).execute();
  await db.schema.alterTable('users').addColumn('last_active_at', 'text').execute();
  await db.schema.alterTable('users').addColumn('message_mail_at', 'text').execute();

  await idColumn(db, db.schema.createTable('reviews'))
    .addColumn('reviewer_id', 'integer', belongsTo('users.id'))
    .addColumn('reviewed_id', 'integer', belongsTo('users.id'))
    .addColumn('rating', 'integer', (c) => c.notNull())
    .addColumn('comment', 'text')
    .$call(timestamps)
    .execute();
  await db.schema.createIndex('reviews_pair_idx').unique().on('reviews').columns(['reviewer_id', 'reviewed_id']).execute();
  await db.schema.createIndex('reviews_reviewed_idx').on('reviews').columns(['reviewed_id', 'id']).execute();

  await idColumn(db, db.schema.createTable('messages'))
    .addColumn('sender_id', 'integer', belongsTo('users.id'))
    .addColumn('receiver_id', 'integer', belongsTo('users.id'))
    .addColumn('user_low', 'integer', (c) => c.notNull())
    .addColumn('user_high', 'integer', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('is_read', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('read_at', 'text')
    .addColumn('client_id', 'text')
    .addColumn('reference_type', 'text')
    .addColumn('reference_id', 'integer')
    .addColumn('reference_data', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('messages_pair_idx').on('messages').columns(['user_low', 'user_high', 'id']).execute();
  await db.schema.createIndex('messages_client_idx').unique().on('messages').columns(['sender_id', 'client_id']).execute();
  await db.schema.createIndex('messages_unread_idx').on('messages').columns(['receiver_id', 'is_read', 'created_at']).execute();
  await db.schema.createIndex('messages_sender_idx').on('messages').columns(['sender_id', 'created_at']).execute();

  await createPairTable(db, 'conversations', ['user_id', 'users.id'], ['contact_id', 'users.id'], (t) =>
    t
      .addColumn('last_message_id', 'integer')
      .addColumn('last_message', 'text')
      .addColumn('last_sender_id', 'integer')
      .addColumn('last_message_at', 'text')
      .addColumn('unread_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('hidden_until_id', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull()),
  );
  await db.schema.createIndex('conversations_list_idx').on('conversations').columns(['user_id', 'last_message_at']).execute();

  await createLinkTable(db, 'blocks', ['blocker_id', 'users.id'], ['blocked_id', 'users.id'], (t) =>
    t.addColumn('created_at', 'text', (c) => c.notNull()),
  );

  await idColumn(db, db.schema.createTable('reports'))
    .addColumn('reporter_id', 'integer', belongsTo('users.id'))
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'integer', (c) => c.notNull())
    .addColumn('target_user_id', 'integer')
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('details', 'text')
    .addColumn('snapshot', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('reports_once_idx').unique().on('reports').columns(['reporter_id', 'target_type', 'target_id']).execute();
  await db.schema.createIndex('reports_reporter_idx').on('reports').columns(['reporter_id', 'created_at']).execute();
  await db.schema.createIndex('reports_status_idx').on('reports').columns(['status', 'created_at']).execute();

  await createPairTable(db, 'applications', ['guest_spot_id', 'guest_spots.id'], ['artist_id', 'users.id'], (t) =>
    t.addColumn('message_id', 'integer').addColumn('created_at', 'text', (c) => c.notNull()),
  );
  await db.schema.createIndex('applications_artist_idx').on('applications').columns(['artist_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['applications', 'reports', 'blocks', 'conversations', 'messages', 'reviews']) {
    await db.schema.dropTable(table).execute();
  }
  for (const column of ['message_mail_at', 'last_active_at', 'email_on_message', 'language', 'rating_count', 'rating_sum']) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
}
