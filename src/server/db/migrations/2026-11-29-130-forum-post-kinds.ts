import type { Kysely } from 'kysely';

/*
 * A thread's opening post and its replies found by kind, not by walking the thread: the opening
 * post's join read every post of the thread in (thread_id, id) order to find the one with
 * is_opening = 1, and counting the replies a reader sees read each post's row for its kind and
 * hidden state. Both grew with the thread (a soak of forum replies made its p99 drift). With the
 * hidden state and the author in the index, the count reads the index alone.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('forum_posts_kind_idx').on('forum_posts').columns(['thread_id', 'is_opening', 'hidden_at', 'author_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('forum_posts_kind_idx').execute();
}
