import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { FORUM_CATEGORY_SLUGS, FORUM_PAGE_SIZE } from '../../../common/schemas/forum';
import { describeEachEngine, useTestApp } from '../../test/app';
import { createArtist, createStudio, type TestUser } from '../../test/factories';
import { makeAdmin } from '../../test/listing-factories';
import { multipartBody } from '../../test/multipart';
import { ageAccount, categoryIds, forumCall, postReply, postThread } from './testing';

const SUMMARY_KEYS = ['author', 'category', 'createdAt', 'id', 'isLocked', 'isPinned', 'language', 'lastPostAt', 'replyCount', 'slug', 'title'];
const AUTHOR_KEYS = ['avatar', 'id', 'name', 'userType', 'username'];

describeEachEngine('forum: reading and writing', (engine) => {
  const t = useTestApp(engine);
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, opts: Parameters<typeof forumCall>[3] = {}) => forumCall(t.app, method, url, opts);
  let cats: Map<string, number>;
  let lena: TestUser;
  let nadel: TestUser;
  let ben: TestUser;
  let admin: TestUser;
  const cat = (slug: string) => cats.get(slug) as number;

  beforeAll(async () => {
    cats = await categoryIds(t.app);
    [lena, nadel, ben, admin] = [await createArtist(t.app), await createStudio(t.app), await createArtist(t.app), await createArtist(t.app)];
    await makeAdmin(t.app, admin);
    await ageAccount(t.app, lena, nadel, ben, admin);
  });

  describe('categories', () => {
    it('has the eight categories in every install, named in the request’s language, with their counts', async () => {
      const res = await call('GET', '/api/forum/categories', { lang: 'de' });
      expect(res.statusCode).toBe(200);
      const { categories } = res.json();
      expect(categories.map((c: { slug: string }) => c.slug)).toEqual([...FORUM_CATEGORY_SLUGS]);
      expect(categories[0]).toMatchObject({ name: 'Gastspots & Reisen', threadCount: 0, postCount: 0, lastPostAt: null, questionLike: false });
      expect(categories[1]).toMatchObject({ name: 'Technik & Maschinen', questionLike: true });
      expect(Object.keys(categories[0]).sort()).toEqual(['description', 'id', 'lastPostAt', 'name', 'postCount', 'questionLike', 'slug', 'threadCount']);
      const pt = (await call('GET', '/api/forum/categories', { lang: 'pt' })).json().categories;
      expect(pt[2].name).toBe('Higiene e cuidados');
    });

    it('answers an unknown category 404 and a malformed page 400, in the request’s language', async () => {
      const unknown = await call('GET', '/api/forum/categories/no-such-thing/threads', { lang: 'fr' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().error).toBe('Cette catégorie du forum n’existe pas.');
      const bad = await call('GET', `/api/forum/categories/${FORUM_CATEGORY_SLUGS[0]}/threads?page=zwei`, { lang: 'de' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toBe('Die Seite muss eine ganze Zahl ab 1 sein.');
      const badLanguage = await call('GET', `/api/forum/categories/${FORUM_CATEGORY_SLUGS[0]}/threads?language=it`);
      expect(badLanguage.statusCode).toBe(400);
    });
  });

  describe('threads', () => {
    it('starts a thread (201) with the exact shape, the opening post rendered, its language from the interface by default', async () => {
      const res = await call('POST', '/api/forum/threads', {
        as: lena,
        lang: 'de',
        payload: { categoryId: cat('guest-spots-travel'), title: '  Gastspot in Lissabon – Erfahrungen?  ', body: 'Hat jemand **Tipps** für <b>Lissabon</b>?', imageIds: [] },
      });
      expect(res.statusCode).toBe(201);
      const thread = res.json().thread;
      expect(thread).toMatchObject({ title: 'Gastspot in Lissabon – Erfahrungen?', slug: 'gastspot-in-lissabon-erfahrungen', language: 'de', replyCount: 0, isPinned: false, isLocked: false, isHidden: false, isDeleted: false, watching: true });
      expect(thread.bodyHtml).toBe('<p>Hat jemand <strong>Tipps</strong> für &lt;b&gt;Lissabon&lt;/b&gt;?</p>');
      expect(Object.keys(thread.author).sort()).toEqual(AUTHOR_KEYS);
      expect(thread.can).toMatchObject({ edit: true, delete: true, reply: true, like: false, markAnswer: false });
      const summary = (await call('GET', '/api/forum/threads/latest?limit=1')).json().threads[0];
      expect(Object.keys(summary).sort()).toEqual(SUMMARY_KEYS);
      expect(summary.id).toBe(thread.id);
    });

    it('refuses a visitor (401), bad input (400 in the request’s language) and an unknown category (404)', async () => {
      const payload = { categoryId: cat('guest-spots-travel'), title: 'A fine title', body: 'Text' };
      expect((await call('POST', '/api/forum/threads', { payload })).statusCode).toBe(401);
      const short = await call('POST', '/api/forum/threads', { as: lena, lang: 'es', payload: { ...payload, title: 'Hi' } });
      expect(short.statusCode).toBe(400);
      expect(short.json()).toMatchObject({ error: 'El título necesita entre 5 y 120 caracteres.', field: 'title' });
      const long = await call('POST', '/api/forum/threads', { as: lena, payload: { ...payload, body: 'x'.repeat(20_001) } });
      expect(long.statusCode).toBe(400);
      const empty = await call('POST', '/api/forum/threads', { as: lena, payload: { ...payload, body: '   \n ' } });
      expect(empty.json().error).toBe('Please write between 1 and 20,000 characters.');
      const language = await call('POST', '/api/forum/threads', { as: lena, payload: { ...payload, language: 'it' } });
      expect(language.statusCode).toBe(400);
      const client = await call('POST', '/api/forum/threads', { as: lena, payload: { ...payload, clientId: 'not-a-uuid' } });
      expect(client.statusCode).toBe(400);
      const images = await call('POST', '/api/forum/threads', { as: lena, payload: { ...payload, imageIds: [1, 2, 3, 4, 5] } });
      expect(images.json().error).toBe('A post can carry at most 4 pictures.');
      const unknown = await call('POST', '/api/forum/threads', { as: lena, payload: { ...payload, categoryId: 999_999 } });
      expect(unknown.statusCode).toBe(404);
      const notJson = await t.app.inject({ method: 'POST', url: '/api/forum/threads', headers: { cookie: lena.cookie, 'content-type': 'application/json' }, payload: '{' });
      expect(notJson.statusCode).toBe(400);
    });

    it('answers a repeated client id with the first thread (200), storing one', async () => {
      const clientId = randomUUID();
      const payload = { categoryId: cat('business-studio-life'), title: 'Deposits for guest artists', body: 'How much do you take?', clientId };
      const first = await call('POST', '/api/forum/threads', { as: nadel, payload });
      const again = await call('POST', '/api/forum/threads', { as: nadel, payload: { ...payload, title: 'Changed on retry' } });
      expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
      expect(again.json().thread.id).toBe(first.json().thread.id);
      expect(again.json().thread.title).toBe('Deposits for guest artists');
      const rows = await t.app.ctx.db.selectFrom('forum_threads').select('id').where('client_id', '=', clientId).execute();
      expect(rows).toHaveLength(1);
    });

    it('lists a category 20 a page, pinned first, then by last activity, with a language filter; a page past the last 404', async () => {
      const category = cat('designs-critique');
      const now = Date.now();
      const db = t.app.ctx.db;
      for (let i = 0; i < FORUM_PAGE_SIZE + 1; i++) {
        const at = new Date(now - (i + 1) * 60_000).toISOString();
        const { id } = await db
          .insertInto('forum_threads')
          .values({ category_id: category, author_id: ben.user.id, title: `Flash sheet ${i}`, slug: `flash-sheet-${i}`, language: i === 5 ? 'fr' : 'en', hidden_at: null, hidden_by: null, last_post_at: at, client_id: null, created_at: at, updated_at: at, answer_post_id: null, deleted_at: null, hidden_reason: null })
          .returning('id')
          .executeTakeFirstOrThrow();
        await db.insertInto('forum_posts').values({ thread_id: id, author_id: ben.user.id, is_opening: 1, reply_to_post_id: null, body: 'Sheet', body_html: '<p>Sheet</p>', renderer_version: 1, hidden_at: null, hidden_by: null, client_id: null, created_at: at, updated_at: at }).execute();
      }
      const oldest = (await db.selectFrom('forum_threads').select('id').where('title', '=', `Flash sheet ${FORUM_PAGE_SIZE}`).executeTakeFirstOrThrow()).id;
      await db.updateTable('forum_threads').set({ is_pinned: 1 }).where('id', '=', oldest).execute();

      const first = (await call('GET', '/api/forum/categories/designs-critique/threads')).json();
      expect(first).toMatchObject({ page: 1, pageCount: 2, total: FORUM_PAGE_SIZE + 1 });
      expect(first.category).toMatchObject({ slug: 'designs-critique', threadCount: FORUM_PAGE_SIZE + 1 });
      expect(first.threads).toHaveLength(FORUM_PAGE_SIZE);
      expect(first.threads[0]).toMatchObject({ id: oldest, isPinned: true });
      expect(first.threads[1].title).toBe('Flash sheet 0');
      const second = (await call('GET', '/api/forum/categories/designs-critique/threads?page=2')).json();
      expect(second.threads.map((x: { title: string }) => x.title)).toEqual([`Flash sheet ${FORUM_PAGE_SIZE - 1}`]);
      expect((await call('GET', '/api/forum/categories/designs-critique/threads?page=3', { lang: 'de' })).json()).toMatchObject({ error: 'Diese Seite gibt es nicht.' });
      expect((await call('GET', '/api/forum/categories/designs-critique/threads?page=3')).statusCode).toBe(404);
      const french = (await call('GET', '/api/forum/categories/designs-critique/threads?language=fr')).json();
      expect(french).toMatchObject({ total: 1, pageCount: 1 });
      expect(french.threads[0].title).toBe('Flash sheet 5');
      // An empty category has one empty page.
      expect((await call('GET', '/api/forum/categories/about-this-platform/threads')).json()).toMatchObject({ threads: [], page: 1, pageCount: 1, total: 0 });
    });

    it('lists the latest threads newest first, 3 by default, 1-10', async () => {
      const a = await postThread(t.app, ben, { categoryId: cat('conventions-events') });
      const b = await postThread(t.app, ben, { categoryId: cat('introduce-yourself') });
      const latest = (await call('GET', '/api/forum/threads/latest')).json().threads;
      expect(latest).toHaveLength(3);
      expect(latest.slice(0, 2).map((x: { id: number }) => x.id)).toEqual([b.id, a.id]);
      for (const limit of ['0', '11', 'x', '2.5']) expect((await call('GET', `/api/forum/threads/latest?limit=${limit}`)).statusCode, limit).toBe(400);
      expect((await call('GET', '/api/forum/threads/latest?limit=10')).json().threads.length).toBeLessThanOrEqual(10);
    });

    it('answers an unknown thread 404, a malformed id 400, a page past the last 404', async () => {
      expect((await call('GET', '/api/forum/threads/999999')).statusCode).toBe(404);
      expect((await call('GET', '/api/forum/threads/abc')).statusCode).toBe(400);
      expect((await call('GET', '/api/forum/threads/99999999999')).statusCode).toBe(404);
      const thread = await postThread(t.app, ben, { categoryId: cat('conventions-events') });
      expect((await call('GET', `/api/forum/threads/${thread.id}?page=1`)).statusCode).toBe(200);
      expect((await call('GET', `/api/forum/threads/${thread.id}?page=2`)).statusCode).toBe(404);
      expect((await call('GET', `/api/forum/threads/${thread.id}?page=0`)).statusCode).toBe(400);
    });
  });

  describe('replies', () => {
    it('replies (201 with its page), pages the thread 20 posts a page, keeps the counts, answers a repeat with the first', async () => {
      const thread = await postThread(t.app, lena, { categoryId: cat('technique-machines') });
      const first = await call('POST', `/api/forum/threads/${thread.id}/posts`, { as: ben, payload: { body: 'Try a *3RL* for the outline.' } });
      expect(first.statusCode).toBe(201);
      expect(first.json()).toMatchObject({ page: 1, post: { threadId: thread.id, bodyHtml: '<p>Try a <em>3RL</em> for the outline.</p>', replyToPostId: null, likeCount: 0, isAnswer: false, isHidden: false } });
      const clientId = randomUUID();
      const quoted = await call('POST', `/api/forum/threads/${thread.id}/posts`, { as: nadel, payload: { body: '> Try a 3RL\n\nAgreed.', replyToPostId: first.json().post.id, clientId } });
      expect(quoted.statusCode).toBe(201);
      expect(quoted.json().post.bodyHtml).toContain('<blockquote>');
      const repeat = await call('POST', `/api/forum/threads/${thread.id}/posts`, { as: nadel, payload: { body: 'Agreed, again.', clientId } });
      expect(repeat.statusCode).toBe(200);
      expect(repeat.json().post.id).toBe(quoted.json().post.id);
      for (let i = 0; i < FORUM_PAGE_SIZE - 1; i++) await postReply(t.app, i % 2 ? ben : nadel, thread.id, `Reply number ${i}`);
      const page = await call('POST', `/api/forum/threads/${thread.id}/posts`, { as: ben, payload: { body: 'The twenty-second reply' } });
      expect(page.json().page).toBe(2);
      const read = (await call('GET', `/api/forum/threads/${thread.id}`)).json();
      expect(read).toMatchObject({ page: 1, pageCount: 2, thread: { replyCount: FORUM_PAGE_SIZE + 2 } });
      expect(read.posts).toHaveLength(FORUM_PAGE_SIZE);
      expect(read.posts[0]).toMatchObject({ body: 'Try a *3RL* for the outline.' });
      const second = (await call('GET', `/api/forum/threads/${thread.id}?page=2`)).json();
      expect(second.posts.map((p: { body: string }) => p.body)).toEqual(['Reply number 18', 'The twenty-second reply']);
      const categories = (await call('GET', '/api/forum/categories')).json().categories;
      const technique = categories.find((c: { slug: string }) => c.slug === 'technique-machines');
      expect(technique.postCount).toBeGreaterThanOrEqual(FORUM_PAGE_SIZE + 3);
    });

    it('refuses a visitor 401, bad input 400, an unknown thread 404, a locked thread 403, a reply to another thread’s post 400', async () => {
      const thread = await postThread(t.app, lena, { categoryId: cat('guest-spots-travel') });
      const other = await postThread(t.app, lena, { categoryId: cat('guest-spots-travel') });
      const otherPost = await postReply(t.app, ben, other.id);
      expect((await call('POST', `/api/forum/threads/${thread.id}/posts`, { payload: { body: 'Hi' } })).statusCode).toBe(401);
      expect((await call('POST', `/api/forum/threads/${thread.id}/posts`, { as: ben, payload: { body: '' } })).statusCode).toBe(400);
      expect((await call('POST', `/api/forum/threads/${thread.id}/posts`, { as: ben, payload: {} })).statusCode).toBe(400);
      expect((await call('POST', '/api/forum/threads/999999/posts', { as: ben, payload: { body: 'Hi' } })).statusCode).toBe(404);
      const wrong = await call('POST', `/api/forum/threads/${thread.id}/posts`, { as: ben, payload: { body: 'Hi there', replyToPostId: otherPost.id } });
      expect(wrong.statusCode).toBe(400);
      const reused = randomUUID();
      await call('POST', `/api/forum/threads/${other.id}/posts`, { as: ben, payload: { body: 'One', clientId: reused } });
      expect((await call('POST', `/api/forum/threads/${thread.id}/posts`, { as: ben, payload: { body: 'Two', clientId: reused } })).statusCode).toBe(409);
      const lock = await call('POST', `/api/forum/threads/${thread.id}/moderation`, { as: admin, payload: { action: 'lock' } });
      expect(lock.json().thread.isLocked).toBe(true);
      const locked = await call('POST', `/api/forum/threads/${thread.id}/posts`, { as: ben, lang: 'de', payload: { body: 'Zu spät?' } });
      expect(locked.statusCode).toBe(403);
      expect(locked.json().error).toBe('Dieses Thema ist geschlossen: Es nimmt keine Antworten mehr an.');
      expect((await call('POST', `/api/forum/threads/${thread.id}/posts`, { as: admin, payload: { body: 'Closed by the team.' } })).statusCode).toBe(201);
    });
  });

  describe('editing and deleting', () => {
    it('lets the author and an admin edit (the admin’s edit audited), refuses others 403 and visitors 401', async () => {
      const thread = await postThread(t.app, lena, { categoryId: cat('guest-spots-travel'), title: 'Guest spot in Porto?' });
      const edited = await call('PUT', `/api/forum/threads/${thread.id}`, { as: lena, payload: { title: 'Guest spot in Porto in May?', body: 'Looking for **May**.', language: 'pt', categoryId: cat('business-studio-life') } });
      expect(edited.statusCode).toBe(200);
      expect(edited.json().thread).toMatchObject({ title: 'Guest spot in Porto in May?', slug: 'guest-spot-in-porto-in-may', language: 'pt', bodyHtml: '<p>Looking for <strong>May</strong>.</p>', category: { slug: 'business-studio-life' } });
      expect(edited.json().thread.editedAt).not.toBeNull();
      expect((await call('PUT', `/api/forum/threads/${thread.id}`, { as: ben, payload: { title: 'Hijacked title' } })).statusCode).toBe(403);
      expect((await call('PUT', `/api/forum/threads/${thread.id}`, { payload: { title: 'Hijacked title' } })).statusCode).toBe(401);
      expect((await call('PUT', `/api/forum/threads/${thread.id}`, { as: lena, payload: {} })).statusCode).toBe(400);
      expect((await call('PUT', `/api/forum/threads/${thread.id}`, { as: lena, payload: { categoryId: 999_999 } })).statusCode).toBe(404);
      expect((await call('PUT', '/api/forum/threads/999999', { as: lena, payload: { title: 'Nothing here' } })).statusCode).toBe(404);
      const byAdmin = await call('PUT', `/api/forum/threads/${thread.id}`, { as: admin, payload: { title: 'Guest spot in Porto (moved)' } });
      expect(byAdmin.statusCode).toBe(200);
      const audit = await t.app.ctx.db.selectFrom('admin_audit_log').selectAll().where('target_type', '=', 'forum_thread').where('target_id', '=', String(thread.id)).execute();
      expect(audit.map((a) => a.action)).toEqual(['forum.thread.edit']);

      const reply = await postReply(t.app, ben, thread.id, 'Porto is lovely.');
      const put = await call('PUT', `/api/forum/posts/${reply.id}`, { as: ben, payload: { body: 'Porto is *lovely*.' } });
      expect(put.json().post).toMatchObject({ body: 'Porto is *lovely*.', bodyHtml: '<p>Porto is <em>lovely</em>.</p>' });
      expect((await call('PUT', `/api/forum/posts/${reply.id}`, { as: lena, payload: { body: 'Not yours' } })).statusCode).toBe(403);
      expect((await call('PUT', `/api/forum/posts/${reply.id}`, { payload: { body: 'Not yours' } })).statusCode).toBe(401);
      expect((await call('PUT', `/api/forum/posts/${reply.id}`, { as: ben, payload: { body: 42 } })).statusCode).toBe(400);
      expect((await call('PUT', '/api/forum/posts/999999', { as: ben, payload: { body: 'Gone' } })).statusCode).toBe(404);
    });

    it('deletes a thread nobody answered; one others answered keeps their replies and reads “deleted by its author”', async () => {
      const lonely = await postThread(t.app, lena, { categoryId: cat('introduce-yourself') });
      expect((await call('DELETE', `/api/forum/threads/${lonely.id}`, { as: ben })).statusCode).toBe(403);
      expect((await call('DELETE', `/api/forum/threads/${lonely.id}`)).statusCode).toBe(401);
      const gone = await call('DELETE', `/api/forum/threads/${lonely.id}`, { as: lena });
      expect(gone.json()).toEqual({ success: true, threadDeleted: true });
      expect((await call('GET', `/api/forum/threads/${lonely.id}`)).statusCode).toBe(404);

      const answered = await postThread(t.app, lena, { categoryId: cat('introduce-yourself'), body: 'Hello from Berlin!' });
      const reply = await postReply(t.app, ben, answered.id, 'Welcome, Lena!');
      const kept = await call('DELETE', `/api/forum/threads/${answered.id}`, { as: lena });
      expect(kept.json()).toEqual({ success: true, threadDeleted: false });
      const read = (await call('GET', `/api/forum/threads/${answered.id}`, { lang: 'de' })).json();
      expect(read.thread).toMatchObject({ isDeleted: true, body: '', bodyHtml: '<p><em>Dieser Beitrag wurde von seinem Verfasser gelöscht.</em></p>' });
      expect(read.posts.map((p: { id: number }) => p.id)).toEqual([reply.id]);
      expect((await call('GET', `/api/forum/threads/${answered.id}`, { lang: 'fr' })).json().thread.bodyHtml).toContain('Ce message a été supprimé par son auteur.');
      expect((await call('DELETE', `/api/forum/threads/${answered.id}`, { as: lena })).statusCode).toBe(409);

      expect((await call('DELETE', `/api/forum/posts/${reply.id}`, { as: lena })).statusCode).toBe(403);
      expect((await call('DELETE', `/api/forum/posts/${reply.id}`, { as: admin })).json()).toEqual({ success: true, threadDeleted: false });
      const audit = await t.app.ctx.db.selectFrom('admin_audit_log').select('action').where('target_type', '=', 'forum_post').where('target_id', '=', String(reply.id)).execute();
      expect(audit).toEqual([{ action: 'forum.post.delete' }]);
      expect((await call('DELETE', `/api/forum/posts/${reply.id}`, { as: admin })).statusCode).toBe(404);
    });
  });

  describe('taking part', () => {
    it('likes once per user and post, never one’s own, the count kept on the post', async () => {
      const thread = await postThread(t.app, lena, { categoryId: cat('hygiene-aftercare') });
      const reply = await postReply(t.app, ben, thread.id);
      expect((await call('PUT', `/api/forum/posts/${reply.id}/like`)).statusCode).toBe(401);
      const own = await call('PUT', `/api/forum/posts/${reply.id}/like`, { as: ben, lang: 'pt' });
      expect(own.statusCode).toBe(403);
      expect(own.json().error).toBe('Não podes gostar da tua própria publicação.');
      expect((await call('PUT', `/api/forum/posts/${reply.id}/like`, { as: lena })).json()).toEqual({ success: true, liked: true, likeCount: 1 });
      expect((await call('PUT', `/api/forum/posts/${reply.id}/like`, { as: lena })).json()).toEqual({ success: true, liked: true, likeCount: 1 });
      expect((await call('PUT', `/api/forum/posts/${reply.id}/like`, { as: nadel })).json().likeCount).toBe(2);
      expect((await call('DELETE', `/api/forum/posts/${reply.id}/like`, { as: lena })).json()).toEqual({ success: true, liked: false, likeCount: 1 });
      expect((await call('PUT', `/api/forum/posts/${thread.openingPostId}/like`, { as: ben })).json().likeCount).toBe(1);
      expect((await call('PUT', '/api/forum/posts/999999/like', { as: lena })).statusCode).toBe(404);
      expect((await call('PUT', '/api/forum/posts/x/like', { as: lena })).statusCode).toBe(400);
      const read = (await call('GET', `/api/forum/threads/${thread.id}`, { as: nadel })).json();
      expect(read.posts[0]).toMatchObject({ likeCount: 1, liked: true });
      expect(read.thread).toMatchObject({ likeCount: 1, liked: false });
    });

    it('marks one reply as the answer in a question-like category, by the thread’s author only', async () => {
      const question = await postThread(t.app, lena, { categoryId: cat('hygiene-aftercare'), title: 'Second skin: how long?' });
      const reply = await postReply(t.app, ben, question.id, 'Three to five days, then wash gently.');
      expect((await call('PUT', `/api/forum/threads/${question.id}/answer`, { as: ben, payload: { postId: reply.id } })).statusCode).toBe(403);
      expect((await call('PUT', `/api/forum/threads/${question.id}/answer`, { payload: { postId: reply.id } })).statusCode).toBe(401);
      expect((await call('PUT', `/api/forum/threads/${question.id}/answer`, { as: lena, payload: { postId: 'x' } })).statusCode).toBe(400);
      expect((await call('PUT', `/api/forum/threads/${question.id}/answer`, { as: lena, payload: { postId: question.openingPostId } })).statusCode).toBe(404);
      const marked = await call('PUT', `/api/forum/threads/${question.id}/answer`, { as: lena, payload: { postId: reply.id } });
      expect(marked.json().thread.answer).toMatchObject({ id: reply.id, isAnswer: true, body: 'Three to five days, then wash gently.' });
      expect((await call('GET', `/api/forum/threads/${question.id}`)).json().posts[0].isAnswer).toBe(true);
      expect((await call('DELETE', `/api/forum/threads/${question.id}/answer`, { as: lena })).json().thread.answer).toBeNull();
      const chat = await postThread(t.app, lena, { categoryId: cat('introduce-yourself') });
      const hello = await postReply(t.app, ben, chat.id);
      expect((await call('PUT', `/api/forum/threads/${chat.id}/answer`, { as: lena, payload: { postId: hello.id } })).statusCode).toBe(400);
    });

    it('notifies watchers of a reply and the mentioned at once; an unwatch stops it; the watch calls need a login', async () => {
      const thread = await postThread(t.app, lena, { categoryId: cat('conventions-events'), title: 'Who goes to the Berlin convention?' });
      const unread = async (user: TestUser) => (await call('GET', '/api/notifications', { as: user })).json();
      const before = (await unread(lena)).unread;
      await postReply(t.app, ben, thread.id, `I go! @${nadel.user.username.replace(/ /g, '-')} too?`);
      const lenaNotes = await unread(lena);
      expect(lenaNotes.unread).toBe(before + 1);
      expect(lenaNotes.notifications[0]).toMatchObject({ kind: 'forum_reply', title: `${ben.user.name} replied in “Who goes to the Berlin convention?”` });
      expect(lenaNotes.notifications[0].url).toMatch(new RegExp(`^/forum/t/${thread.id}/who-goes-to-the-berlin-convention#post-\\d+$`));
      const nadelNotes = (await call('GET', '/api/notifications', { as: nadel, lang: 'de' })).json();
      expect(nadelNotes.notifications[0]).toMatchObject({ kind: 'forum_mention', title: `${ben.user.name} hat dich in „Who goes to the Berlin convention?“ erwähnt` });
      // One unread reply notice a thread is enough: a second reply adds none until it is read.
      await postReply(t.app, nadel, thread.id, 'Count me in.');
      expect((await unread(lena)).unread).toBe(before + 1);
      expect((await call('DELETE', `/api/forum/threads/${thread.id}/watch`)).statusCode).toBe(401);
      expect((await call('PUT', '/api/forum/threads/999999/watch', { as: lena })).statusCode).toBe(404);
      expect((await call('DELETE', `/api/forum/threads/${thread.id}/watch`, { as: lena })).json()).toEqual({ success: true, watching: false });
      await call('PUT', '/api/notifications/read', { as: lena, payload: { all: true } });
      await postReply(t.app, ben, thread.id, 'See you there.');
      expect((await unread(lena)).unread).toBe(0);
      expect((await call('PUT', `/api/forum/threads/${thread.id}/watch`, { as: lena })).json()).toEqual({ success: true, watching: true });
      expect((await call('GET', `/api/forum/threads/${thread.id}`, { as: lena })).json().thread.watching).toBe(true);
    });

    it('renders a preview for a member (401 for a visitor, 400 for no body)', async () => {
      const res = await call('POST', '/api/forum/preview', { as: lena, payload: { body: '# Title\n\n[site](https://example.com) <script>x</script>' } });
      expect(res.json().bodyHtml).toBe('<h3>Title</h3>\n<p><a href="https://example.com" rel="nofollow ugc noopener">site</a> &lt;script&gt;x&lt;/script&gt;</p>');
      expect((await call('POST', '/api/forum/preview', { payload: { body: 'x' } })).statusCode).toBe(401);
      expect((await call('POST', '/api/forum/preview', { as: lena, payload: {} })).statusCode).toBe(400);
    });
  });

  describe('uploads', () => {
    const jpeg = () => sharp({ create: { width: 320, height: 240, channels: 3, background: '#884422' } }).jpeg().toBuffer();
    const upload = async (as: TestUser | null, data: Buffer, type = 'image/jpeg') => {
      const body = await multipartBody({}, { data, type, filename: 'work.jpg' });
      return t.app.inject({ method: 'POST', url: '/api/forum/uploads', headers: { ...body.headers, 'accept-language': 'en', ...(as ? { cookie: as.cookie } : {}) }, payload: body.payload });
    };

    it('takes a jpeg (201), refuses other formats 415, over 10 MB 413, a visitor 401, no file 400', async () => {
      const res = await upload(lena, await jpeg());
      expect(res.statusCode).toBe(201);
      expect(Object.keys(res.json()).sort()).toEqual(['id', 'imageUrl', 'success', 'thumbnailUrl']);
      const gif = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
      expect((await upload(lena, gif, 'image/gif')).statusCode).toBe(415);
      expect((await upload(lena, Buffer.alloc(10 * 1024 * 1024 + 10, 1))).statusCode).toBe(413);
      expect((await upload(null, await jpeg())).statusCode).toBe(401);
      const empty = await multipartBody({ note: 'x' });
      expect((await t.app.inject({ method: 'POST', url: '/api/forum/uploads', headers: { ...empty.headers, cookie: lena.cookie }, payload: empty.payload })).statusCode).toBe(400);
      expect((await call('POST', '/api/forum/uploads', { as: lena, payload: { image: 'x' } })).statusCode).toBe(415);
    });

    it('attaches one’s own uploads to a post in order, refuses another’s, and sweeps the unattached after a day', async () => {
      const a = (await upload(lena, await jpeg())).json();
      const b = (await upload(lena, await jpeg())).json();
      const others = (await upload(ben, await jpeg())).json();
      const thread = await postThread(t.app, lena, { categoryId: cat('designs-critique'), imageIds: [b.id, a.id] });
      expect(thread.images.map((i: { id: number }) => i.id)).toEqual([b.id, a.id]);
      const stolen = await call('POST', '/api/forum/threads', { as: lena, payload: { categoryId: cat('designs-critique'), title: 'With someone else’s picture', body: 'Look', imageIds: [others.id] } });
      expect(stolen.statusCode).toBe(400);
      expect(stolen.json().error).toBe('One of the pictures could not be attached. Please upload it again.');
      const reused = await call('POST', `/api/forum/threads/${thread.id}/posts`, { as: lena, payload: { body: 'Again', imageIds: [a.id] } });
      expect(reused.statusCode).toBe(400);

      const swept = await t.app.services.forum.sweepUploads(new Date(Date.now() + 25 * 3600_000));
      expect(swept).toBeGreaterThanOrEqual(1);
      const left = await t.app.ctx.db.selectFrom('forum_post_images').select('id').where('id', 'in', [a.id, b.id, others.id]).execute();
      expect(left.map((r) => r.id).sort()).toEqual([a.id, b.id].sort());
    });
  });
});
