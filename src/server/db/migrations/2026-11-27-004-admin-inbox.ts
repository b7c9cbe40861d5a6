import type { Kysely } from 'kysely';
import { belongsTo, idColumn, refersTo } from './columns';

/**
 * The admin area's contact inbox and statistics.
 *
 * - `contact_messages.status`: new, read, answered, closed or spam. The old `handled` flag
 *   becomes `closed`, so nothing handled before shows up as new. `status_changed_at` orders
 *   nothing but tells the admin when it last moved.
 * - `contact_replies`: each answer an admin mailed, kept with its message (the message's rows
 *   go with it; the admin's name stays when their account goes, as in the audit log).
 * - `user_activity`: one row per user and Berlin day with an authenticated request, so
 *   "active users in a week" is a count of distinct users over at most seven small rows each;
 *   `week_start` (the Monday of that day's ISO week) lets one grouped query count them.
 * - Indexes on the creation times the weekly statistics read by range.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('contact_messages')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('new'))
    .execute();
  await db.schema.alterTable('contact_messages').addColumn('status_changed_at', 'text').execute();
  await db.updateTable('contact_messages').set({ status: 'closed' }).where('handled', '=', 1).execute();
  // The inbox reads newest first, whole or by status.
  await db.schema.createIndex('contact_messages_created_idx').on('contact_messages').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('contact_messages_status_idx').on('contact_messages').columns(['status', 'created_at', 'id']).execute();

  await idColumn(db, db.schema.createTable('contact_replies'))
    .addColumn('message_id', 'integer', belongsTo('contact_messages.id'))
    .addColumn('admin_id', 'integer', refersTo('users.id'))
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('contact_replies_message_idx').on('contact_replies').columns(['message_id', 'id']).execute();

  await db.schema
    .createTable('user_activity')
    .addColumn('user_id', 'integer', belongsTo('users.id'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('week_start', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_activity_pk', ['day', 'user_id'])
    .execute();
  await db.schema.createIndex('user_activity_week_idx').on('user_activity').columns(['week_start', 'user_id']).execute();

  await db.schema.createIndex('users_created_idx').on('users').column('created_at').execute();
  await db.schema.createIndex('guest_spots_created_idx').on('guest_spots').column('created_at').execute();
  await db.schema.createIndex('availabilities_created_idx').on('availabilities').column('created_at').execute();
  await db.schema.createIndex('messages_created_idx').on('messages').column('created_at').execute();
  await db.schema.createIndex('payment_orders_completed_idx').on('payment_orders').columns(['completed_at', 'status']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const index of [
    'payment_orders_completed_idx',
    'messages_created_idx',
    'availabilities_created_idx',
    'guest_spots_created_idx',
    'users_created_idx',
    'contact_messages_status_idx',
    'contact_messages_created_idx',
  ]) {
    await db.schema.dropIndex(index).execute();
  }
  await db.schema.dropTable('user_activity').execute();
  await db.schema.dropTable('contact_replies').execute();
  await db.schema.alterTable('contact_messages').dropColumn('status_changed_at').execute();
  await db.schema.alterTable('contact_messages').dropColumn('status').execute();
}
