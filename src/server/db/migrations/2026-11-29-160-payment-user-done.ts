import type { Kysely } from 'kysely';

/*
 * The featured lists put a fresh buyer first, asking per featured account whether it completed a
 * purchase lately. SQLite, which keeps no statistics, answered that from (status, created_at):
 * every completed order of the platform once per featured account, a cost that grows with each
 * sale. This index answers it from the account's own completed orders.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('payment_orders_user_done_idx').on('payment_orders').columns(['user_id', 'status', 'completed_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('payment_orders_user_done_idx').execute();
}
