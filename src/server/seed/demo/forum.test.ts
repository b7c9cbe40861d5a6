import { beforeAll, expect, it } from 'vitest';
import { describeEachEngine, useTestApp } from '../../test/app';
import { insertBareUsers } from '../../test/factories';
import { DEMO_FORUM, seedDemoForum } from './forum';

const DOMAIN = 'forum-demo.test';

describeEachEngine('demo forum', (engine) => {
  const t = useTestApp(engine);
  const keys = [...new Set(DEMO_FORUM.flatMap((thread) => [thread.by, ...thread.replies.flatMap((r) => [r.by, ...(r.likes ?? [])]), ...(thread.likes ?? [])]))];

  beforeAll(async () => {
    // The demo's accounts by their e-mail names; Lena under her real name, so the mention finds her.
    await insertBareUsers(
      t.app,
      keys.map((key) => {
        const username = key === 'lena' ? 'Lena Ink' : `demo_${key.replace(/\./g, '_')}`;
        return { username, usernameKey: username.toLowerCase().replace(/ /g, '-'), email: `${key}@${DOMAIN}`, name: key, type: 'artist' as const };
      }),
    );
    await t.app.ctx.db.updateTable('users').set({ role: 'admin' }).where('email_key', '=', `admin@${DOMAIN}`).execute();
    await seedDemoForum(t.app.ctx.db, DOMAIN);
  });

  it('writes about 40 threads in several languages and every category, with replies, likes, an answer and a mention', async () => {
    const db = t.app.ctx.db;
    const threads = await db.selectFrom('forum_threads').selectAll().execute();
    expect(threads.length).toBeGreaterThanOrEqual(38);
    expect(new Set(threads.map((x) => x.language))).toEqual(new Set(['en', 'de', 'es', 'fr', 'pt']));
    expect(new Set(threads.map((x) => x.category_id)).size).toBe(8);
    expect(threads.filter((x) => x.answer_post_id !== null).length).toBeGreaterThanOrEqual(1);
    expect(threads.filter((x) => x.is_pinned === 1)).toHaveLength(1);
    const replies = await db.selectFrom('forum_posts').select(['thread_id', 'body_html']).where('is_opening', '=', 0).execute();
    expect(replies.length).toBeGreaterThan(60);
    for (const thread of threads) expect(thread.reply_count).toBe(replies.filter((r) => r.thread_id === thread.id).length);
    const liked = await db.selectFrom('forum_posts').select(['id', 'like_count']).where('like_count', '>', 0).execute();
    expect(liked.length).toBeGreaterThan(20);
    const likes = await db.selectFrom('forum_likes').select('post_id').execute();
    expect(likes).toHaveLength(liked.reduce((n, p) => n + p.like_count, 0));
    const mention = await db.selectFrom('forum_posts').select('body_html').where('body_html', 'like', '%class="mention"%').execute();
    expect(mention[0]?.body_html).toContain('<a href="/Lena-Ink" class="mention"');
    const lena = await db.selectFrom('users').select('id').where('username', '=', 'Lena Ink').executeTakeFirstOrThrow();
    expect(await db.selectFrom('notifications').select('kind').where('user_id', '=', lena.id).where('kind', '=', 'forum_mention').execute()).toHaveLength(1);
  });

  it('reads like the forum it is: the categories count it, search finds it, the latest list leads with the newest', async () => {
    const categories = (await t.app.inject({ method: 'GET', url: '/api/forum/categories' })).json().categories;
    expect(categories.every((c: { threadCount: number }) => c.threadCount > 0)).toBe(true);
    const found = (await t.app.inject({ method: 'GET', url: '/api/search?q=Lissabon&type=threads' })).json();
    expect(found.counts.threads).toBeGreaterThanOrEqual(1);
    const latest = (await t.app.inject({ method: 'GET', url: '/api/forum/threads/latest' })).json().threads;
    expect(latest[0].title).toBe('Holzschnitt-Optik: Linien oder Dotwork für die Schraffur?');
  });

  it('runs once', async () => {
    const before = await t.app.ctx.db.selectFrom('forum_threads').select('id').execute();
    await seedDemoForum(t.app.ctx.db, DOMAIN);
    expect(await t.app.ctx.db.selectFrom('forum_threads').select('id').execute()).toHaveLength(before.length);
  });
});
