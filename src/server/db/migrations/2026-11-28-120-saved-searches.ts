import type { Kysely } from 'kysely';
import { belongsTo, idColumn } from './columns';

/**
 * Saved searches (issue 29 item 1, docs/decisions/051).
 *
 * `saved_searches`: a member's filters of one public list (`kind`), stored as the list's own
 * query (JSON text), with a name, how often hits are mailed and whether the search is paused.
 * `country_key` is the country the filters name (its id), 0 for none: the matching reads the
 * candidates of a new listing with `kind, paused = 0, country_key in (0, its country)` from
 * `saved_searches_match_idx`, never the whole table. `last_digest_at` is when the search's hits
 * were last mailed (the creation to start with, so a daily search first mails a day later). `saved_searches_user_idx` serves the owner's list and the cap of 20.
 *
 * `saved_search_hits`: which item a search matched, once: the primary key (search, item kind,
 * item id) lets one hit through however often the item is published, edited and re-published,
 * and the notification is written only with a hit that was inserted. `mailed_at` stays null
 * until a digest carried it; `saved_search_hits_unmailed_idx` finds those.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await idColumn(db, db.schema.createTable('saved_searches'))
    .addColumn('user_id', 'integer', belongsTo('users.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('filters', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('frequency', 'text', (c) => c.notNull())
    .addColumn('paused', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('country_key', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('last_digest_at', 'text')
    .execute();
  await db.schema.createIndex('saved_searches_match_idx').on('saved_searches').columns(['kind', 'paused', 'country_key']).execute();
  await db.schema.createIndex('saved_searches_user_idx').on('saved_searches').columns(['user_id', 'id']).execute();

  await db.schema
    .createTable('saved_search_hits')
    .addColumn('search_id', 'integer', belongsTo('saved_searches.id'))
    .addColumn('item_kind', 'text', (c) => c.notNull())
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('mailed_at', 'text')
    .addPrimaryKeyConstraint('saved_search_hits_pkey', ['search_id', 'item_kind', 'item_id'])
    .execute();
  await db.schema.createIndex('saved_search_hits_unmailed_idx').on('saved_search_hits').columns(['mailed_at', 'search_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('saved_search_hits_unmailed_idx').execute();
  await db.schema.dropTable('saved_search_hits').execute();
  await db.schema.dropIndex('saved_searches_user_idx').execute();
  await db.schema.dropIndex('saved_searches_match_idx').execute();
  await db.schema.dropTable('saved_searches').execute();
}
