import { sql, type Kysely } from 'kysely';

/*
 * The map's counts read indexes, not every account and listing:
 * - `users_role_idx`: the admin team's ids, which every map count leaves out. Without it each
 *   count walked a whole index of the users (1 ms a count at 20,000 accounts, seven a page).
 * - `users_place_idx`: the accounts of a type per listed city, counted and paged (by id) from
 *   the index alone.
 * - `*_unplaced_idx` (partial): accounts and listings with a hand-typed place and no listed
 *   city, a few among many. The map groups them by name; without these it read every account or
 *   every shown listing to find them (9 ms of the bench's 6,667 studios, for none).
 */
const UNPLACED = sql<boolean>`city_id is null or city_id = 0`;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('users_role_idx').on('users').columns(['role', 'id']).execute();
  await db.schema.createIndex('users_place_idx').on('users').columns(['user_type', 'city_id', 'id']).execute();
  await db.schema.createIndex('users_unplaced_idx').on('users').columns(['user_type', 'country_id']).where(UNPLACED).execute();
  for (const table of ['guest_spots', 'availabilities']) {
    await db.schema.createIndex(`${table}_unplaced_idx`).on(table).columns(['is_active', 'end_date']).where(UNPLACED).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of ['users_role_idx', 'users_place_idx', 'users_unplaced_idx', 'guest_spots_unplaced_idx', 'availabilities_unplaced_idx']) {
    await db.schema.dropIndex(name).execute();
  }
}
