import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers';

/*
 * The forum front's numbers per category (visible threads, their posts, the last activity) as one
 * row per category (`forum_category_stats`), so the list of categories reads eight rows instead of
 * grouping every thread of the forum on each uncached read (docs/decisions/053).
 *
 * A thread counts while it is not hidden; it adds `reply_count + 1` posts (the opening post and
 * its visible replies, as the thread row keeps them). Triggers on `forum_threads` keep the rows
 * in the statement that writes the thread, so every writer (a new thread, a reply, a hidden or
 * restored thread or post, a moved thread, an account deleted with its threads, the seeds and
 * the bench's bulk rows) keeps them exact without knowing of them. The last activity moves
 * forward by itself; only when the thread that may have held it leaves the category (hidden,
 * moved, deleted, or its time set back) is it read again, from the category's index.
 *
 * On PostgreSQL the rows of the categories a change touches are locked first, lower id first,
 * and the new numbers are taken in later statements, which see what committed while they waited.
 */

/** The posts a visible thread row adds to its category. */
const posts = (r: string) => `(${r}.reply_count + 1)`;

/** The last activity among a category's visible threads, read from its partial index. */
const lastActivity = (category: string) => `(select max(t.last_post_at) from forum_threads t where t.category_id = ${category} and t.hidden_at is null)`;

/** Whether an update takes away what may have been its old category's last activity. */
const leaves = `(old.hidden_at is null and (new.hidden_at is not null or new.category_id <> old.category_id or new.last_post_at < old.last_post_at))`;

const SQLITE_TRIGGERS = [
  `create trigger forum_stats_thread_insert after insert on forum_threads when new.hidden_at is null begin
    insert or ignore into forum_category_stats (category_id) values (new.category_id);
    update forum_category_stats set threads = threads + 1, posts = posts + ${posts('new')},
      last_post_at = case when last_post_at is null or new.last_post_at > last_post_at then new.last_post_at else last_post_at end
      where category_id = new.category_id;
  end`,
  `create trigger forum_stats_thread_delete after delete on forum_threads when old.hidden_at is null begin
    update forum_category_stats set threads = threads - 1, posts = posts - ${posts('old')}, last_post_at = ${lastActivity('old.category_id')}
      where category_id = old.category_id;
  end`,
  `create trigger forum_stats_thread_update after update of hidden_at, reply_count, last_post_at, category_id on forum_threads
    when old.hidden_at is not null or new.hidden_at is not null or old.reply_count <> new.reply_count or old.last_post_at <> new.last_post_at or old.category_id <> new.category_id begin
    insert or ignore into forum_category_stats (category_id) values (new.category_id);
    update forum_category_stats set threads = threads - 1, posts = posts - ${posts('old')}
      where category_id = old.category_id and old.hidden_at is null;
    update forum_category_stats set threads = threads + 1, posts = posts + ${posts('new')}
      where category_id = new.category_id and new.hidden_at is null;
    update forum_category_stats set last_post_at = ${lastActivity('old.category_id')}
      where category_id = old.category_id and ${leaves};
    update forum_category_stats set last_post_at = new.last_post_at
      where category_id = new.category_id and new.hidden_at is null and (last_post_at is null or new.last_post_at > last_post_at);
  end`,
];

const POSTGRES_FUNCTIONS = [
  `create function forum_stats_thread_change() returns trigger language plpgsql as $$
  begin
    if tg_op = 'INSERT' then
      if new.hidden_at is not null then return null; end if;
      insert into forum_category_stats (category_id) values (new.category_id) on conflict (category_id) do nothing;
      perform 1 from forum_category_stats where category_id = new.category_id for update;
      update forum_category_stats set threads = threads + 1, posts = posts + ${posts('new')},
        last_post_at = greatest(last_post_at, new.last_post_at)
        where category_id = new.category_id;
    elsif tg_op = 'DELETE' then
      if old.hidden_at is not null then return null; end if;
      perform 1 from forum_category_stats where category_id = old.category_id for update;
      update forum_category_stats set threads = threads - 1, posts = posts - ${posts('old')}, last_post_at = ${lastActivity('old.category_id')}
        where category_id = old.category_id;
    else
      if old.hidden_at is null and new.hidden_at is null and old.reply_count = new.reply_count
        and old.last_post_at = new.last_post_at and old.category_id = new.category_id then return null; end if;
      insert into forum_category_stats (category_id) values (new.category_id) on conflict (category_id) do nothing;
      perform 1 from forum_category_stats where category_id in (old.category_id, new.category_id) order by category_id for update;
      if old.hidden_at is null then
        update forum_category_stats set threads = threads - 1, posts = posts - ${posts('old')} where category_id = old.category_id;
      end if;
      if new.hidden_at is null then
        update forum_category_stats set threads = threads + 1, posts = posts + ${posts('new')} where category_id = new.category_id;
      end if;
      if ${leaves} then
        update forum_category_stats set last_post_at = ${lastActivity('old.category_id')} where category_id = old.category_id;
      end if;
      if new.hidden_at is null then
        update forum_category_stats set last_post_at = greatest(last_post_at, new.last_post_at) where category_id = new.category_id;
      end if;
    end if;
    return null;
  end $$`,
  `create trigger forum_stats_thread after insert or update or delete on forum_threads for each row execute function forum_stats_thread_change()`,
];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('forum_category_stats')
    .addColumn('category_id', 'integer', (c) => c.primaryKey().references('forum_categories.id').onDelete('cascade'))
    .addColumn('threads', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('posts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_post_at', 'text')
    .execute();
  await sql`insert into forum_category_stats (category_id, threads, posts, last_post_at)
    select c.id, count(t.id), coalesce(sum(t.reply_count + 1), 0), max(t.last_post_at)
    from forum_categories c left join forum_threads t on t.category_id = c.id and t.hidden_at is null
    group by c.id`.execute(db);
  for (const statement of isPostgres(db) ? POSTGRES_FUNCTIONS : SQLITE_TRIGGERS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger if exists forum_stats_thread on forum_threads`.execute(db);
    await sql`drop function if exists forum_stats_thread_change()`.execute(db);
  } else {
    for (const name of ['insert', 'delete', 'update']) await sql`drop trigger if exists ${sql.raw(`forum_stats_thread_${name}`)}`.execute(db);
  }
  await db.schema.dropTable('forum_category_stats').execute();
}
