import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers';

/**
 * An index for the lists' text filter, which otherwise reads every listing that has not ended
 * (~60 ms per query at 100,000 guest spots on SQLite, ~30 ms on PostgreSQL; ~5-8 ms with it).
 * `search_text` is already folded (lowercase, no accents), so both indexes match substrings:
 * SQLite an FTS5 table with the trigram tokenizer, kept by triggers; PostgreSQL a pg_trgm GIN
 * index, which its planner uses for the same LIKE the app sends.
 */
const TABLES = ['guest_spots', 'availabilities'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await upPostgres(db);
    return;
  }
  for (const table of TABLES) {
    const search = sql.table(`${table}_search`);
    const source = sql.table(table);
    await sql`create virtual table ${search} using fts5(search_text, tokenize = 'trigram')`.execute(db);
    await sql`insert into ${search} (rowid, search_text) select id, search_text from ${source}`.execute(db);
    await sql`create trigger ${sql.raw(`${table}_search_insert`)} after insert on ${source} begin
      insert into ${search} (rowid, search_text) values (new.id, new.search_text); end`.execute(db);
    await sql`create trigger ${sql.raw(`${table}_search_delete`)} after delete on ${source} begin
      delete from ${search} where rowid = old.id; end`.execute(db);
    await sql`create trigger ${sql.raw(`${table}_search_update`)} after update of search_text on ${source} begin
      delete from ${search} where rowid = old.id;
      insert into ${search} (rowid, search_text) values (new.id, new.search_text); end`.execute(db);
  }
}

/**
 * pg_trgm is a trusted extension (a database owner may create it); where the role still may
 * not, the lists work as before through LIKE, so the migration goes on without the index.
 * The extension lives in `public`, so dropping one schema (as the tests do) keeps it, and an
 * advisory lock keeps parallel migrations from creating it twice.
 */
async function upPostgres(db: Kysely<any>): Promise<void> {
  await sql`select pg_advisory_xact_lock(7316001)`.execute(db);
  const installedIn = async () =>
    (await sql<{ schema: string }>`select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db)).rows[0]?.schema;
  let schema = await installedIn();
  if (!schema) {
    await sql`savepoint trgm`.execute(db);
    try {
      await sql`create extension if not exists pg_trgm with schema public`.execute(db);
      await sql`release savepoint trgm`.execute(db);
    } catch {
      await sql`rollback to savepoint trgm`.execute(db);
      return;
    }
    schema = await installedIn();
  }
  for (const table of TABLES) {
    const opclass = sql.raw(`${sql.id(schema ?? 'public').compile(db).sql}.gin_trgm_ops`);
    await sql`create index ${sql.raw(`${table}_search_idx`)} on ${sql.table(table)} using gin (search_text ${opclass})`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    if (isPostgres(db)) {
      await sql`drop index if exists ${sql.raw(`${table}_search_idx`)}`.execute(db);
      continue;
    }
    for (const action of ['insert', 'delete', 'update']) await sql`drop trigger if exists ${sql.raw(`${table}_search_${action}`)}`.execute(db);
    await sql`drop table if exists ${sql.table(`${table}_search`)}`.execute(db);
  }
}
