import type { Kysely } from 'kysely';
import { idColumn, refersTo } from './columns';

/**
 * The admin area's audit log: one row per action an admin took, written in the action's own
 * transaction. It is only ever appended to: no code updates or deletes a row. The admin stays
 * named after their account is gone (`admin_id` emptied), since the action happened all the
 * same; `target_id` is text because targets are numbered rows, order UUIDs and product types.
 * `details` is JSON text ({before, after}) on both engines, as the other JSON columns are.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await idColumn(db, db.schema.createTable('admin_audit_log'))
    .addColumn('admin_id', 'integer', refersTo('users.id'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text')
    .addColumn('reason', 'text')
    .addColumn('details', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // The log reads newest first, whole or narrowed to one admin, one action or one target.
  await db.schema.createIndex('admin_audit_log_created_idx').on('admin_audit_log').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('admin_audit_log_admin_idx').on('admin_audit_log').columns(['admin_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('admin_audit_log_action_idx').on('admin_audit_log').columns(['action', 'created_at', 'id']).execute();
  await db.schema.createIndex('admin_audit_log_target_idx').on('admin_audit_log').columns(['target_type', 'target_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('admin_audit_log').execute();
}
