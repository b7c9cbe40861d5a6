import type { createDb } from '../src/server/db/index';
import { RENDERER_VERSION, renderMarkdown, threadSlug } from '../src/server/modules/forum/index';

const BODY = 'Looking for a **guest spot** in spring: who has room for fine line and blackwork? Tips on deposits welcome.';
const REPLY = 'We host guests every month, send us your portfolio and dates. Deposits go to the guest.';

/**
 * A scaled forum: `threads` threads over the categories, each with its opening post, by the
 * scaled users, and one long thread (the newest, so the bench finds it first) with `replies`
 * replies. Written straight through the database, in batches, as the other scaled data.
 */
export async function addScaledForum(db: ReturnType<typeof createDb>, threads = 20_000, replies = 400): Promise<void> {
  const categories = (await db.selectFrom('forum_categories').select('id').orderBy('position').execute()).map((c) => c.id);
  const authors = (await db.selectFrom('users').select('id').orderBy('id').limit(2_000).execute()).map((u) => u.id);
  const html = renderMarkdown(BODY).html;
  const replyHtml = renderMarkdown(REPLY).html;
  const now = Date.now();
  const batch = 500;
  for (let start = 0; start < threads; start += batch) {
    const rows = [];
    for (let i = start; i < Math.min(threads, start + batch); i++) {
      const at = new Date(now - (threads - i) * 60_000).toISOString();
      const title = `Guest spot question number ${i}`;
      rows.push({
        category_id: categories[i % categories.length] as number, author_id: authors[i % authors.length] as number, title, slug: threadSlug(title),
        language: ['en', 'de', 'es', 'fr', 'pt'][i % 5] as string, is_pinned: i % 2000 === 0 ? 1 : 0, hidden_at: null, hidden_by: null, hidden_reason: null,
        reply_count: i === threads - 1 ? replies : 0, last_post_at: at, answer_post_id: null, deleted_at: null, client_id: null, created_at: at, updated_at: at,
      });
    }
    const inserted = await db.insertInto('forum_threads').values(rows).returning(['id', 'author_id', 'created_at']).execute();
    await db
      .insertInto('forum_posts')
      .values(inserted.map((t) => ({ thread_id: t.id, author_id: t.author_id, is_opening: 1, reply_to_post_id: null, body: BODY, body_html: html, renderer_version: RENDERER_VERSION, hidden_at: null, hidden_by: null, client_id: null, created_at: t.created_at, updated_at: t.created_at })))
      .execute();
  }
  const hot = await db.selectFrom('forum_threads').select('id').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
  for (let start = 0; start < replies; start += batch) {
    const rows = [];
    for (let i = start; i < Math.min(replies, start + batch); i++) {
      const at = new Date(now + i * 1000).toISOString();
      rows.push({ thread_id: hot.id, author_id: authors[(i * 7) % authors.length] as number, is_opening: 0, reply_to_post_id: null, body: REPLY, body_html: replyHtml, renderer_version: RENDERER_VERSION, hidden_at: null, hidden_by: null, client_id: null, created_at: at, updated_at: at });
    }
    await db.insertInto('forum_posts').values(rows).execute();
  }
}
