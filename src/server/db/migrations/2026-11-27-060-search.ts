import { sql, type Kysely } from 'kysely';
import { belongsTo, idColumn } from './columns';
import { isPostgres } from './helpers';

/**
 * Site search (modules/search, docs/decisions/029).
 *
 * - `search_documents`: one row per thing found (a profile, a guest spot, an availability, later
 *   a forum thread), written by the search module in the transaction of the change it mirrors.
 *   `title` and `body` are the plain texts the snippet is cut from; the words the engines match
 *   are kept beside them, per engine. The owner's row deletes its documents (account deletion).
 * - SQLite: an FTS5 table `search_fts` (rowid = document id) with the words already folded and
 *   stemmed by the app (snowball-stemmers), tokenized by `unicode61 remove_diacritics 2`; a
 *   trigger keeps it from outliving its document, also when the owner's deletion cascades.
 * - PostgreSQL: `tsv` (title weight A, body B) under a GIN index, and `title_tsv` for ranking,
 *   made by text search configurations `tgs_en` ... `tgs_pt` (unaccent, then that language's
 *   Snowball stemmer, without stop words, as the SQLite side stems) and `tgs_simple` (unaccent
 *   only: the exact words).
 * - `search_state`: the version of the index's rules; a start that finds another rebuilds it.
 */
const STEMMERS = { en: 'english', de: 'german', es: 'spanish', fr: 'french', pt: 'portuguese' } as const;
/** The token types the app's words become in PostgreSQL's default parser (it hands over letters and digits only). */
const LETTER_TOKENS = 'asciiword, word, hword, hword_part, asciihword, hword_asciipart';
const OTHER_TOKENS = 'numword, numhword, hword_numpart, int, uint';

export async function up(db: Kysely<any>): Promise<void> {
  await idColumn(db, db.schema.createTable('search_documents'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('ref_id', 'integer', (c) => c.notNull())
    .addColumn('owner_id', 'integer', belongsTo('users.id'))
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('sort_at', 'text', (c) => c.notNull())
    .addColumn('indexed_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('search_documents_ref_idx').on('search_documents').columns(['type', 'ref_id']).unique().execute();
  await db.schema.createIndex('search_documents_owner_idx').on('search_documents').column('owner_id').execute();
  await db.schema
    .createTable('search_state')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  if (!isPostgres(db)) {
    await sql`create virtual table search_fts using fts5(title, body, tokenize = 'unicode61 remove_diacritics 2')`.execute(db);
    await sql`create trigger search_documents_fts_delete after delete on search_documents begin
      delete from search_fts where rowid = old.id; end`.execute(db);
    return;
  }

  // unaccent is a trusted extension (a database owner may create it). It lives in `public`, so
  // dropping one schema (as the tests do) keeps it; the lock keeps parallel migrations from
  // creating it twice.
  await sql`select pg_advisory_xact_lock(7316002)`.execute(db);
  await sql`create extension if not exists unaccent with schema public`.execute(db);
  const { rows } = await sql<{ schema: string }>`select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'unaccent'`.execute(db);
  const unaccent = sql.raw(`${sql.id(rows[0]?.schema ?? 'public').compile(db).sql}.unaccent`);

  await sql`create text search configuration tgs_simple (parser = pg_catalog.default)`.execute(db);
  await sql`alter text search configuration tgs_simple add mapping for ${sql.raw(`${LETTER_TOKENS}, ${OTHER_TOKENS}`)} with ${unaccent}, simple`.execute(db);
  for (const [lang, stemmer] of Object.entries(STEMMERS)) {
    const dictionary = sql.raw(`tgs_${stemmer}_stem`);
    const config = sql.raw(`tgs_${lang}`);
    await sql`create text search dictionary ${dictionary} (template = snowball, language = ${sql.raw(stemmer)})`.execute(db);
    await sql`create text search configuration ${config} (parser = pg_catalog.default)`.execute(db);
    await sql`alter text search configuration ${config} add mapping for ${sql.raw(LETTER_TOKENS)} with ${unaccent}, ${dictionary}`.execute(db);
    await sql`alter text search configuration ${config} add mapping for ${sql.raw(OTHER_TOKENS)} with ${unaccent}, simple`.execute(db);
  }
  await sql`alter table search_documents add column tsv tsvector not null default ''::tsvector`.execute(db);
  await sql`alter table search_documents add column title_tsv tsvector not null default ''::tsvector`.execute(db);
  await sql`create index search_documents_tsv_idx on search_documents using gin (tsv)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    for (const [lang, stemmer] of Object.entries(STEMMERS)) {
      await sql`drop text search configuration if exists ${sql.raw(`tgs_${lang}`)}`.execute(db);
      await sql`drop text search dictionary if exists ${sql.raw(`tgs_${stemmer}_stem`)}`.execute(db);
    }
    await sql`drop text search configuration if exists tgs_simple`.execute(db);
  } else {
    await sql`drop trigger if exists search_documents_fts_delete`.execute(db);
    await sql`drop table if exists search_fts`.execute(db);
  }
  await db.schema.dropTable('search_state').ifExists().execute();
  await db.schema.dropTable('search_documents').ifExists().execute();
}
