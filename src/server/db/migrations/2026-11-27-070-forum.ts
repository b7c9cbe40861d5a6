import { sql, type Kysely } from 'kysely';
import { belongsTo, idColumn, imageVariants, localizedNames, refersTo } from './columns';

/**
 * The forum (modules/forum, docs/decisions/030).
 *
 * - `forum_categories`: reference data (seeded in five languages on every start); a category is
 *   never deleted while threads name it.
 * - `forum_threads`: a thread's title, language, state (pinned, locked, hidden with who hid it
 *   and why, deleted by its author) and the kept `reply_count` and `last_post_at` of its visible
 *   replies. `(author_id, client_id)` is unique: the browser's UUID of a post decides repeats.
 *   `(category_id, is_pinned, last_post_at, id)` over the visible threads serves a category page
 *   in its order and its count.
 * - `forum_posts`: the opening post (`is_opening`) and the replies, each with its markdown and
 *   the HTML rendered from it by `renderer_version`, the kept `like_count`, hidden state and the
 *   client id (unique per author). `(thread_id, id)` pages a thread; `(author_id, created_at)`
 *   serves the moderation checks (repeats, a new account's first day).
 * - `forum_post_images`: uploads, attached to a post or waiting (`post_id` null) until a sweep
 *   drops them after a day (partial index on the waiting ones).
 * - `forum_likes`, `forum_watches`: one row per user and post / thread; a watch row with
 *   `watching = 0` remembers an explicit unwatch, so replying again does not undo it.
 * - `users`: the forum mail digest's slot (`forum_mail_at`, at most one an hour) and a mail
 *   preference per kind of forum notice.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await localizedNames(
    idColumn(db, db.schema.createTable('forum_categories'))
      .addColumn('slug', 'text', (c) => c.notNull().unique())
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('question_like', 'integer', (c) => c.notNull().defaultTo(0)),
  )
    .addColumn('description_en', 'text', (c) => c.notNull())
    .addColumn('description_de', 'text', (c) => c.notNull())
    .addColumn('description_es', 'text', (c) => c.notNull())
    .addColumn('description_fr', 'text', (c) => c.notNull())
    .addColumn('description_pt', 'text', (c) => c.notNull())
    .execute();

  await idColumn(db, db.schema.createTable('forum_threads'))
    .addColumn('category_id', 'integer', (c) => c.notNull().references('forum_categories.id'))
    .addColumn('author_id', 'integer', belongsTo('users.id'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('is_pinned', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_locked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hidden_at', 'text')
    .addColumn('hidden_by', 'text')
    .addColumn('hidden_reason', 'text')
    .addColumn('reply_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_post_at', 'text', (c) => c.notNull())
    .addColumn('answer_post_id', 'integer')
    .addColumn('deleted_at', 'text')
    .addColumn('client_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('forum_threads_client_idx').on('forum_threads').columns(['author_id', 'client_id']).unique().execute();
  await db.schema
    .createIndex('forum_threads_category_idx')
    .on('forum_threads')
    .columns(['category_id', 'is_pinned', 'last_post_at', 'id'])
    .where(sql.ref('hidden_at'), 'is', null)
    .execute();
  await db.schema.createIndex('forum_threads_author_idx').on('forum_threads').columns(['author_id', 'created_at']).execute();

  await idColumn(db, db.schema.createTable('forum_posts'))
    .addColumn('thread_id', 'integer', belongsTo('forum_threads.id'))
    .addColumn('author_id', 'integer', belongsTo('users.id'))
    .addColumn('is_opening', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reply_to_post_id', 'integer', refersTo('forum_posts.id'))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('body_html', 'text', (c) => c.notNull())
    .addColumn('renderer_version', 'integer', (c) => c.notNull())
    .addColumn('like_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hidden_at', 'text')
    .addColumn('hidden_by', 'text')
    .addColumn('hidden_reason', 'text')
    .addColumn('client_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('edited_at', 'text')
    .execute();
  await db.schema.createIndex('forum_posts_client_idx').on('forum_posts').columns(['author_id', 'client_id']).unique().execute();
  await db.schema.createIndex('forum_posts_thread_idx').on('forum_posts').columns(['thread_id', 'id']).execute();
  await db.schema.createIndex('forum_posts_author_idx').on('forum_posts').columns(['author_id', 'created_at']).execute();

  await imageVariants(
    idColumn(db, db.schema.createTable('forum_post_images'))
      .addColumn('post_id', 'integer', (c) => c.references('forum_posts.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', belongsTo('users.id')),
  )
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('forum_post_images_post_idx').on('forum_post_images').columns(['post_id', 'position']).execute();
  await db.schema.createIndex('forum_post_images_user_idx').on('forum_post_images').column('user_id').execute();
  await db.schema.createIndex('forum_post_images_waiting_idx').on('forum_post_images').column('created_at').where(sql.ref('post_id'), 'is', null).execute();

  await db.schema
    .createTable('forum_likes')
    .addColumn('post_id', 'integer', belongsTo('forum_posts.id'))
    .addColumn('user_id', 'integer', belongsTo('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('forum_likes_pk', ['post_id', 'user_id'])
    .execute();
  await db.schema.createIndex('forum_likes_user_idx').on('forum_likes').columns(['user_id', 'post_id']).execute();

  await db.schema
    .createTable('forum_watches')
    .addColumn('thread_id', 'integer', belongsTo('forum_threads.id'))
    .addColumn('user_id', 'integer', belongsTo('users.id'))
    .addColumn('watching', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('forum_watches_pk', ['thread_id', 'user_id'])
    .execute();
  await db.schema.createIndex('forum_watches_user_idx').on('forum_watches').columns(['user_id', 'thread_id']).execute();

  await db.schema.alterTable('users').addColumn('forum_mail_at', 'text').execute();
  await db.schema.alterTable('users').addColumn('email_on_forum_reply', 'integer', (c) => c.notNull().defaultTo(1)).execute();
  await db.schema.alterTable('users').addColumn('email_on_forum_mention', 'integer', (c) => c.notNull().defaultTo(1)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('email_on_forum_mention').execute();
  await db.schema.alterTable('users').dropColumn('email_on_forum_reply').execute();
  await db.schema.alterTable('users').dropColumn('forum_mail_at').execute();
  for (const table of ['forum_watches', 'forum_likes', 'forum_post_images', 'forum_posts', 'forum_threads', 'forum_categories']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
