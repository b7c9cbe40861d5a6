import type { Kysely } from 'kysely';
import { belongsTo, idColumn, refersTo } from './columns';

/** The featured days a purchase bought when this migration was written (the constant may change later; history must not). */
const PURCHASED_DAYS = 14;
const DAY_MS = 86_400_000;

/**
 * The admin area's money records.
 *
 * - `featured_periods`: every stretch of featured status, bought (`source` purchase, with its
 *   order) or granted by an admin (`source` admin, with the admin and the reason). A revoke
 *   sets `revoked_at` and cuts `ends_at` to that moment, so the rows tell who was featured when
 *   and why; `users.featured_until` stays the one value the public lists read.
 *   Filled here from the completed featured orders, replaying the rule "from the later of the
 *   completion and the previous end", so the history starts complete.
 * - `post_promotions.permalink`: the published post's address on Instagram, which its owner sees.
 * - `post_promotions.reason`: why the admin area rejected it, for the owner and the audit.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('featured_periods')
    .$call((t) => idColumn(db, t))
    .addColumn('user_id', 'integer', belongsTo('users.id'))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('order_id', 'text', refersTo('payment_orders.id'))
    .addColumn('admin_id', 'integer', refersTo('users.id'))
    .addColumn('starts_at', 'text', (c) => c.notNull())
    .addColumn('ends_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('reason', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('featured_periods_user_idx').on('featured_periods').columns(['user_id', 'ends_at']).execute();
  // One row per order: a repeated completion can never write a second period.
  await db.schema.createIndex('featured_periods_order_idx').on('featured_periods').column('order_id').unique().execute();

  await db.schema.alterTable('post_promotions').addColumn('permalink', 'text').execute();
  await db.schema.alterTable('post_promotions').addColumn('reason', 'text').execute();

  const orders: { id: string; user_id: number; completed_at: string }[] = await db
    .selectFrom('payment_orders')
    .select(['id', 'user_id', 'completed_at'])
    .where('status', '=', 'completed')
    .where('product_type', 'in', ['featured_artist', 'featured_studio'])
    .where('user_id', 'is not', null)
    .where('completed_at', 'is not', null)
    .orderBy('user_id')
    .orderBy('completed_at')
    .orderBy('id')
    .execute();
  const lastEnd = new Map<number, number>();
  const rows = orders.map((o) => {
    const done = Date.parse(o.completed_at);
    const start = Math.max(done, lastEnd.get(o.user_id) ?? 0);
    const end = start + PURCHASED_DAYS * DAY_MS;
    lastEnd.set(o.user_id, end);
    return {
      user_id: o.user_id,
      source: 'purchase',
      order_id: o.id,
      admin_id: null,
      starts_at: new Date(start).toISOString(),
      ends_at: new Date(end).toISOString(),
      revoked_at: null,
      reason: null,
      created_at: o.completed_at,
    };
  });
  for (let i = 0; i < rows.length; i += 500) await db.insertInto('featured_periods').values(rows.slice(i, i + 500)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('post_promotions').dropColumn('reason').execute();
  await db.schema.alterTable('post_promotions').dropColumn('permalink').execute();
  await db.schema.dropTable('featured_periods').execute();
}
