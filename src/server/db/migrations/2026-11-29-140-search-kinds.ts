import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers';

/*
 * Search reads its matches newest first and stops at a page (modules/search/repo.ts), so the
 * SQLite index gains what that walk needs without reading the documents' rows:
 * - `kind`, the document's type as a column of its own, so a type's tab and count match it in
 *   the index instead of reading every match's row for its type;
 * - prefix indexes of 2, 3 and 4 characters, so a word being typed ("bla", "li") reads one
 *   list of documents instead of merging the lists of every word it begins.
 * The table is made again; the start that follows rebuilds the index (its version changed).
 * PostgreSQL keeps its columns: its GIN index already answers prefixes, and types are a column.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  await sql`drop trigger if exists search_documents_fts_delete`.execute(db);
  await sql`drop table if exists search_fts`.execute(db);
  await sql`delete from search_documents`.execute(db);
  await sql`create virtual table search_fts using fts5(title, body, kind, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3 4')`.execute(db);
  await sql`create trigger search_documents_fts_delete after delete on search_documents begin
    delete from search_fts where rowid = old.id; end`.execute(db);
  await sql`delete from search_state where key = 'version'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  await sql`drop trigger if exists search_documents_fts_delete`.execute(db);
  await sql`drop table if exists search_fts`.execute(db);
  await sql`delete from search_documents`.execute(db);
  await sql`create virtual table search_fts using fts5(title, body, tokenize = 'unicode61 remove_diacritics 2')`.execute(db);
  await sql`create trigger search_documents_fts_delete after delete on search_documents begin
    delete from search_fts where rowid = old.id; end`.execute(db);
  await sql`delete from search_state where key = 'version'`.execute(db);
}
