import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers';

/*
 * Search reads its matches newest first and stops at a page (modules/search/repo.ts), so the
 * SQLite index gains what that walk needs without reading the documents' rows:
 * - `kind`, the document's type as a column of its own, so a type's tab and count match it in
 *   the index instead of reading every match's row for its type;
 * - prefix indexes of 2 to 12 characters, so the last word, matched as a prefix ("bla", "li",
 *   "blackwork"), reads one list of documents lazily, newest first, instead of first merging
 *   the whole lists of every word it begins (3-5 ms a match over 40,000 documents, and growing
 *   with them). On English prose the prefixes make the index about five times its size without
 *   them; 2 to 4 alone cost four of those five, and they are the ones a typed word needs most.
 * - `search_titles`, the titles alone in an index of their own: the title hits (the first tier)
 *   read their own short lists, where a column filter on `search_fts` read every match of the
 *   words to find that none was in a title (6 ms over 40,000 documents for an empty answer).
 * The table is made again; the start that follows rebuilds the index (its version changed).
 * PostgreSQL keeps its columns (its GIN index answers prefixes, types are a column), and the
 * titles gain a GIN index of their own for the same reason as `search_titles`: the title tier
 * read every match of the words to recheck its title (66 ms over 40,000 matches, none a title).
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`create index search_documents_title_tsv_idx on search_documents using gin (title_tsv)`.execute(db);
    return;
  }
  await sql`drop trigger if exists search_documents_fts_delete`.execute(db);
  await sql`drop table if exists search_fts`.execute(db);
  await sql`delete from search_documents`.execute(db);
  const options = sql.raw(`tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3 4 5 6 7 8 9 10 11 12'`);
  await sql`create virtual table search_fts using fts5(title, body, kind, ${options})`.execute(db);
  await sql`create virtual table search_titles using fts5(title, ${options})`.execute(db);
  await sql`create trigger search_documents_fts_delete after delete on search_documents begin
    delete from search_fts where rowid = old.id; delete from search_titles where rowid = old.id; end`.execute(db);
  await sql`delete from search_state where key = 'version'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop index if exists search_documents_title_tsv_idx`.execute(db);
    return;
  }
  await sql`drop trigger if exists search_documents_fts_delete`.execute(db);
  await sql`drop table if exists search_titles`.execute(db);
  await sql`drop table if exists search_fts`.execute(db);
  await sql`delete from search_documents`.execute(db);
  await sql`create virtual table search_fts using fts5(title, body, tokenize = 'unicode61 remove_diacritics 2')`.execute(db);
  await sql`create trigger search_documents_fts_delete after delete on search_documents begin
    delete from search_fts where rowid = old.id; end`.execute(db);
  await sql`delete from search_state where key = 'version'`.execute(db);
}
