import type { Kysely } from 'kysely';
import { belongsTo, idColumn, imageVariants, refersTo, timestamps } from './columns';

/**
 * Payments and planned social posts.
 *
 * - `products`: the catalogue in integer cents; an order copies its price, so a later change
 *   never alters what was paid.
 * - `payment_orders`: our order, written before the provider is called. Its status moves only
 *   through guarded updates (`where status = ...`), so a repeated or parallel capture, a webhook
 *   and the reconciler apply an entitlement once between them.
 * - `receipt_counters`: one row per year; the completion transaction takes the next number
 *   under the row's lock, so the numbers have no gaps.
 * - `test_provider_orders`: the built-in test provider's own books, kept apart as if it were
 *   another company.
 * - `payment_webhook_events`: each provider event id once.
 * - `user_credits`: promotion credits per kind (feed post, story, reel).
 * - `instagram_media`, `instagram_posts`, `post_promotions`: planned posts, their pictures and
 *   the promotion requests the admin area works through.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('products')
    .addColumn('product_type', 'text', (c) => c.primaryKey())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('EUR'))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  const now = new Date().toISOString();
  await db
    .insertInto('products')
    .values([
      { product_type: 'featured_artist', amount_cents: 1990, currency: 'EUR', updated_at: now },
      { product_type: 'featured_studio', amount_cents: 1990, currency: 'EUR', updated_at: now },
      { product_type: 'instagram_feed_post', amount_cents: 990, currency: 'EUR', updated_at: now },
      { product_type: 'instagram_story', amount_cents: 990, currency: 'EUR', updated_at: now },
      { product_type: 'instagram_reel', amount_cents: 1490, currency: 'EUR', updated_at: now },
    ])
    .execute();

  await db.schema
    .createTable('payment_orders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // Kept through account deletion for the books: the receipt's buyer is the snapshot.
    .addColumn('user_id', 'integer', refersTo('users.id'))
    .addColumn('product_type', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_order_id', 'text', (c) => c.unique())
    .addColumn('capture_id', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('post_id', 'integer')
    .addColumn('return_path', 'text')
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('failure', 'text')
    .addColumn('receipt_number', 'text', (c) => c.unique())
    .addColumn('buyer_snapshot', 'text')
    .addColumn('seller_snapshot', 'text')
    .$call(timestamps)
    .addColumn('completed_at', 'text')
    .execute();
  await db.schema.createIndex('payment_orders_user_idx').on('payment_orders').columns(['user_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('payment_orders_open_idx').on('payment_orders').columns(['status', 'created_at']).execute();

  await db.schema
    .createTable('receipt_counters')
    .addColumn('year', 'integer', (c) => c.primaryKey())
    .addColumn('last_number', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('test_provider_orders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('custom_id', 'text', (c) => c.notNull())
    .addColumn('request_id', 'text', (c) => c.notNull().unique())
    .addColumn('amount_value', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('capture_id', 'text')
    .addColumn('capture_request_id', 'text')
    .$call(timestamps)
    .execute();

  await db.schema
    .createTable('payment_webhook_events')
    .addColumn('event_id', 'text', (c) => c.primaryKey())
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('user_credits')
    .addColumn('user_id', 'integer', belongsTo('users.id'))
    .addColumn('product_type', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('user_credits_pk', ['user_id', 'product_type'])
    .execute();

  await idColumn(db, db.schema.createTable('instagram_media'))
    .addColumn('user_id', 'integer', belongsTo('users.id'))
    .$call(imageVariants)
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('instagram_media_user_idx').on('instagram_media').columns(['user_id', 'id']).execute();

  await idColumn(db, db.schema.createTable('instagram_posts'))
    .addColumn('user_id', 'integer', belongsTo('users.id'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('caption', 'text', (c) => c.notNull().defaultTo(''))
    // JSON array of hashtags without '#'.
    .addColumn('hashtags', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('planned_at', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('media_id', 'integer', refersTo('instagram_media.id'))
    .addColumn('reminded_at', 'text')
    .addColumn('published_at', 'text')
    .$call(timestamps)
    .execute();
  await db.schema.createIndex('instagram_posts_user_idx').on('instagram_posts').columns(['user_id', 'status', 'planned_at', 'id']).execute();
  await db.schema.createIndex('instagram_posts_due_idx').on('instagram_posts').columns(['status', 'reminded_at', 'planned_at']).execute();

  await idColumn(db, db.schema.createTable('post_promotions'))
    .addColumn('post_id', 'integer', belongsTo('instagram_posts.id'))
    .addColumn('user_id', 'integer', belongsTo('users.id'))
    .addColumn('product_type', 'text', (c) => c.notNull())
    // requested (credit spent, waiting for the admin area), done, rejected (credit returned).
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('order_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('decided_at', 'text')
    .execute();
  // One promotion of a kind per post; a second request of the same kind is refused by the index.
  await db.schema.createIndex('post_promotions_post_kind_idx').on('post_promotions').columns(['post_id', 'product_type']).unique().execute();
  await db.schema.createIndex('post_promotions_status_idx').on('post_promotions').columns(['status', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['post_promotions', 'instagram_posts', 'instagram_media', 'user_credits', 'payment_webhook_events', 'test_provider_orders', 'receipt_counters', 'payment_orders', 'products']) {
    await db.schema.dropTable(table).execute();
  }
}
