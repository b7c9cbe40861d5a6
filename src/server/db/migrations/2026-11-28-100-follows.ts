import { type Kysely } from 'kysely';
import { belongsTo } from './columns';

/**
 * Following artists and studios (issue 29 item 2).
 *
 * `follows`: one row per follower and followed account, the pair its primary key, so parallel
 * follows of the same account make one row. Both references cascade: deleting either account
 * removes the follow. Counts are read, not kept: a follower deleting their account would leave a
 * kept counter wrong, and the count reads only the followed side's index.
 *
 * - `follows_followed_idx` (followed_id, created_at, follower_id): the follower count and the
 *   followed account's own list of followers, newest first.
 * - `follows_follower_idx` (follower_id, created_at, followed_id): whom one follows, and the feed's
 *   "owners I follow".
 *
 * The feed reads each source by its owner and time; availabilities, stays and portfolio images
 * had no such index (guest spots have `guest_spots_studio_idx`).
 *
 * `users.email_weekly_follows` turns the weekly mail of the feed on (off by default: nothing is
 * mailed that was not asked for); `users.follows_mail_week` is the Monday of the last week mailed,
 * so a week is never mailed twice, whichever process runs the job.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('follows')
    .addColumn('follower_id', 'integer', belongsTo('users.id'))
    .addColumn('followed_id', 'integer', belongsTo('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('follows_pkey', ['follower_id', 'followed_id'])
    .execute();
  await db.schema.createIndex('follows_followed_idx').on('follows').columns(['followed_id', 'created_at', 'follower_id']).execute();
  await db.schema.createIndex('follows_follower_idx').on('follows').columns(['follower_id', 'created_at', 'followed_id']).execute();

  await db.schema.createIndex('availabilities_artist_created_idx').on('availabilities').columns(['artist_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('gallery_images_user_created_idx').on('gallery_images').columns(['user_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('stays_artist_created_idx').on('stays').columns(['artist_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('stays_studio_created_idx').on('stays').columns(['studio_id', 'created_at', 'id']).execute();

  await db.schema.alterTable('users').addColumn('email_weekly_follows', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('users').addColumn('follows_mail_week', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('follows_mail_week').execute();
  await db.schema.alterTable('users').dropColumn('email_weekly_follows').execute();
  await db.schema.dropIndex('stays_studio_created_idx').execute();
  await db.schema.dropIndex('stays_artist_created_idx').execute();
  await db.schema.dropIndex('gallery_images_user_created_idx').execute();
  await db.schema.dropIndex('availabilities_artist_created_idx').execute();
  await db.schema.dropIndex('follows_follower_idx').execute();
  await db.schema.dropIndex('follows_followed_idx').execute();
  await db.schema.dropTable('follows').execute();
}
