import { sql, type Kysely } from 'kysely';

/**
 * Moderation after publication: gallery images carry whether an admin looked at them yet and,
 * once hidden, why; listings carry the same hiding; a message removed by moderation keeps its
 * row (both sides see it was removed) but loses its text. Reports gain how they ended, and the
 * one-report-per-reporter-and-target rule now counts open reports only, so a reporter may report
 * again what came back after a dismissal.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('gallery_images').addColumn('review_status', 'text', (c) => c.notNull().defaultTo('new')).execute();
  await db.schema.alterTable('gallery_images').addColumn('reviewed_at', 'text').execute();
  await db.schema.alterTable('gallery_images').addColumn('hidden_at', 'text').execute();
  await db.schema.alterTable('gallery_images').addColumn('hidden_reason', 'text').execute();
  // The admin queue reads by state, oldest first.
  await db.schema.createIndex('gallery_images_review_idx').on('gallery_images').columns(['review_status', 'created_at', 'id']).execute();

  for (const table of ['guest_spots', 'availabilities']) {
    await db.schema.alterTable(table).addColumn('hidden_at', 'text').execute();
    await db.schema.alterTable(table).addColumn('hidden_reason', 'text').execute();
  }

  await db.schema.alterTable('messages').addColumn('removed_at', 'text').execute();

  await db.schema.alterTable('reports').addColumn('resolution', 'text').execute();
  await db.schema.alterTable('reports').addColumn('resolution_reason', 'text').execute();
  await db.schema.alterTable('reports').addColumn('resolved_at', 'text').execute();
  await db.schema.dropIndex('reports_once_idx').execute();
  await db.schema
    .createIndex('reports_open_once_idx')
    .unique()
    .on('reports')
    .columns(['reporter_id', 'target_type', 'target_id'])
    .where(sql.ref('status'), '=', sql.lit('open'))
    .execute();
  // The admin queue groups by target within a state.
  await db.schema.createIndex('reports_target_idx').on('reports').columns(['status', 'target_type', 'target_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('reports_target_idx').execute();
  await db.schema.dropIndex('reports_open_once_idx').execute();
  // Reports filed again after a dismissal would break the old rule: only the first of each stays.
  await sql`delete from reports where id not in (select min(id) from reports group by reporter_id, target_type, target_id)`.execute(db);
  await db.schema.createIndex('reports_once_idx').unique().on('reports').columns(['reporter_id', 'target_type', 'target_id']).execute();
  for (const column of ['resolved_at', 'resolution_reason', 'resolution']) await db.schema.alterTable('reports').dropColumn(column).execute();
  await db.schema.alterTable('messages').dropColumn('removed_at').execute();
  for (const table of ['guest_spots', 'availabilities']) {
    await db.schema.alterTable(table).dropColumn('hidden_reason').execute();
    await db.schema.alterTable(table).dropColumn('hidden_at').execute();
  }
  await db.schema.dropIndex('gallery_images_review_idx').execute();
  for (const column of ['hidden_reason', 'hidden_at', 'reviewed_at', 'review_status']) await db.schema.alterTable('gallery_images').dropColumn(column).execute();
}
