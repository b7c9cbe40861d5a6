import { beforeAll, describe, expect, it } from 'vitest';
import { matchRoute } from '../../../common/routes';
import { createSitemapService } from '../sitemap/index';
import { describeEachEngine, useTestApp } from '../../test/app';
import { createArtist, createStudio, type TestUser } from '../../test/factories';
import { makeAdmin } from '../../test/listing-factories';
import { resetLimit } from '../../lib/rate-limit/index';
import { NEW_ACCOUNT, wordMatcher } from './moderation';
import { REPLY_LIMIT, THREAD_LIMIT } from './service';
import { forumSitemapSource } from './sitemap';
import { ageAccount, categoryIds, forumCall, postReply, postThread } from './testing';

describe('the word list', () => {
  it('matches whole words and phrases, whatever their case and accents', () => {
    const matches = wordMatcher(['cheap pills', 'spám']);
    expect(matches?.('Buy CHEAP   pills'.replace(/ +/g, ' '))).toBe(true);
    expect(matches?.('No SPAM here')).toBe(true);
    expect(matches?.('spamming is a different word')).toBe(false);
    expect(wordMatcher([])).toBeNull();
  });
});

describeEachEngine('forum: moderation', (engine) => {
  const t = useTestApp(engine, undefined, { FORUM_HELD_WORDS: 'casino bonus, replica' });
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, opts: Parameters<typeof forumCall>[3] = {}) => forumCall(t.app, method, url, opts);
  let cats: Map<string, number>;
  let lena: TestUser;
  let ben: TestUser;
  let nadel: TestUser;
  let admin: TestUser;
  const cat = (slug: string) => cats.get(slug) as number;

  beforeAll(async () => {
    cats = await categoryIds(t.app);
    [lena, ben, nadel, admin] = [await createArtist(t.app), await createArtist(t.app), await createStudio(t.app), await createArtist(t.app)];
    await makeAdmin(t.app, admin);
    await ageAccount(t.app, lena, ben, nadel, admin);
  });

  describe('the moderation hook', () => {
    it('holds a new account to 2 links and 1 picture a post and 3 threads in its first day (429 with Retry-After)', async () => {
      const fresh = await createArtist(t.app);
      const links = await call('POST', '/api/forum/threads', { as: fresh, lang: 'de', payload: { categoryId: cat('introduce-yourself'), title: 'Hello from Köln', body: 'https://a.example https://b.example https://c.example' } });
      expect(links.statusCode).toBe(400);
      expect(links.json().error).toBe('An deinem ersten Tag hier kann ein Beitrag höchstens 2 Links enthalten.');
      const two = await call('POST', '/api/forum/threads', { as: fresh, payload: { categoryId: cat('introduce-yourself'), title: 'Hello from Köln', body: 'https://a.example and https://b.example' } });
      expect(two.statusCode).toBe(201);
      const images = await call('POST', '/api/forum/threads', { as: fresh, payload: { categoryId: cat('introduce-yourself'), title: 'Two pictures', body: 'Look', imageIds: [1, 2] } });
      expect(images.statusCode).toBe(400);
      for (let i = 0; i < NEW_ACCOUNT.threads - 1; i++) await postThread(t.app, fresh, { categoryId: cat('introduce-yourself') });
      await resetLimit(t.app.ctx.rateLimits, THREAD_LIMIT, `user:${fresh.user.id}`);
      const fourth = await call('POST', '/api/forum/threads', { as: fresh, payload: { categoryId: cat('introduce-yourself'), title: 'One thread too many', body: 'Again' } });
      expect(fourth.statusCode).toBe(429);
      expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(23 * 3600);
      expect(fourth.json().error).toBe('New accounts can start 3 threads in their first day. You can start more in 24 hours.');
    });

    it('holds a new account to 10 replies in its first day', async () => {
      const fresh = await createStudio(t.app);
      const thread = await postThread(t.app, lena, { categoryId: cat('introduce-yourself') });
      for (let i = 0; i < NEW_ACCOUNT.replies; i++) await postReply(t.app, fresh, thread.id);
      const eleventh = await call('POST', `/api/forum/threads/${thread.id}/posts`, { as: fresh, payload: { body: 'One more' } });
      expect(eleventh.statusCode).toBe(429);
      expect(eleventh.headers['retry-after']).toBeDefined();
    });

    it('refuses the same body twice in ten minutes (409)', async () => {
      const thread = await postThread(t.app, lena, { categoryId: cat('introduce-yourself') });
      await postReply(t.app, ben, thread.id, 'Welcome aboard!');
      const again = await call('POST', `/api/forum/threads/${thread.id}/posts`, { as: ben, lang: 'fr', payload: { body: 'Welcome aboard!' } });
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toBe('Tu viens de publier exactement ce texte.');
    });

    it('holds a post using a listed word hidden for review: others do not see it, its author does with the reason', async () => {
      const held = await call('POST', '/api/forum/threads', { as: ben, lang: 'de', payload: { categoryId: cat('business-studio-life'), title: 'Great Casino Bonus', body: 'Click here' } });
      expect(held.statusCode).toBe(201);
      expect(held.json().thread).toMatchObject({ isHidden: true, hiddenReason: 'Zur Prüfung zurückgehalten: Unser Team sieht es sich in Kürze an.' });
      const id = held.json().thread.id;
      expect((await call('GET', `/api/forum/threads/${id}`)).statusCode).toBe(404);
      expect((await call('GET', `/api/forum/threads/${id}`, { as: lena })).statusCode).toBe(404);
      expect((await call('GET', `/api/forum/threads/${id}`, { as: ben })).statusCode).toBe(200);
      expect((await call('GET', `/api/forum/threads/${id}`, { as: admin })).statusCode).toBe(200);
      const list = (await call('GET', '/api/forum/categories/business-studio-life/threads')).json();
      expect(list.threads.map((x: { id: number }) => x.id)).not.toContain(id);

      const thread = await postThread(t.app, lena, { categoryId: cat('business-studio-life') });
      const reply = await call('POST', `/api/forum/threads/${thread.id}/posts`, { as: ben, payload: { body: 'Selling a replica machine' } });
      expect(reply.json().post).toMatchObject({ isHidden: true });
      expect((await call('GET', `/api/forum/threads/${thread.id}`)).json().posts).toEqual([]);
      expect((await call('GET', `/api/forum/threads/${thread.id}`)).json().thread.replyCount).toBe(0);
      expect((await call('GET', `/api/forum/threads/${thread.id}`, { as: ben })).json().posts).toHaveLength(1);
      // An edit that brings a listed word in holds a visible reply too.
      const clean = await postReply(t.app, nadel, thread.id, 'All fine here');
      const edited = await call('PUT', `/api/forum/posts/${clean.id}`, { as: nadel, payload: { body: 'Get your casino bonus' } });
      expect(edited.json().post.isHidden).toBe(true);
    });

    it('counts 5 threads and 30 replies an hour per member, then 429 with Retry-After in the request’s language', async () => {
      const busy = await createArtist(t.app);
      await ageAccount(t.app, busy);
      const post = (i: number) => call('POST', '/api/forum/threads', { as: busy, lang: 'es', payload: { categoryId: cat('conventions-events'), title: `Convention report ${i}`, body: `Report ${i}` } });
      for (let i = 0; i < THREAD_LIMIT.max; i++) expect((await post(i)).statusCode).toBe(201);
      const over = await post(99);
      expect(over.statusCode).toBe(429);
      expect(over.headers['retry-after']).toBeDefined();
      expect(over.json().error).toBe('Puedes abrir como máximo 5 temas por hora. Inténtalo de nuevo en 60 minutos.');
      const thread = await postThread(t.app, lena, { categoryId: cat('conventions-events') });
      await resetLimit(t.app.ctx.rateLimits, REPLY_LIMIT, `user:${busy.user.id}`);
      for (let i = 0; i < REPLY_LIMIT.max; i++) expect((await call('POST', `/api/forum/threads/${thread.id}/posts`, { as: busy, payload: { body: `Reply ${i}` } })).statusCode).toBe(201);
      const tooMany = await call('POST', `/api/forum/threads/${thread.id}/posts`, { as: busy, payload: { body: 'Reply 31' } });
      expect(tooMany.statusCode).toBe(429);
      expect(tooMany.headers['retry-after']).toBeDefined();
    });
  });

  describe('admin moderation', () => {
    const ROUTES = [
      ['POST', '/api/forum/threads/:id/moderation'],
      ['POST', '/api/forum/posts/:id/moderation'],
    ] as const;

    it('guards every moderation route like /api/admin/: a visitor 401, an artist and a studio 403', async () => {
      for (const [method, pattern] of ROUTES) {
        expect(t.app.hasRoute({ method, url: pattern }), pattern).toBe(true);
        const url = pattern.replace(':id', '1');
        expect((await call(method, url, { payload: { action: 'pin' } })).statusCode, url).toBe(401);
        expect((await call(method, url, { as: lena, payload: { action: 'pin' } })).statusCode, url).toBe(403);
        const studio = await call(method, url, { as: nadel, lang: 'de', payload: { action: 'pin' } });
        expect(studio.statusCode, url).toBe(403);
        expect(studio.json().error).toBe('Das dürfen nur Administratoren.');
      }
    });

    it('pins, locks, hides with a reason (404 to others, the author sees why), moves and unhides, each audited', async () => {
      const thread = await postThread(t.app, lena, { categoryId: cat('guest-spots-travel') });
      const act = (payload: object, lang = 'en') => call('POST', `/api/forum/threads/${thread.id}/moderation`, { as: admin, payload, lang });
      expect((await act({ action: 'fly' })).statusCode).toBe(400);
      expect((await act({ action: 'hide' })).statusCode).toBe(400);
      expect((await act({ action: 'move' })).statusCode).toBe(400);
      expect((await act({ action: 'move', categoryId: 999_999 })).statusCode).toBe(404);
      expect((await call('POST', '/api/forum/threads/999999/moderation', { as: admin, payload: { action: 'pin' } })).statusCode).toBe(404);
      expect((await act({ action: 'pin' })).json().thread.isPinned).toBe(true);
      expect((await act({ action: 'lock' })).json().thread.isLocked).toBe(true);
      expect((await act({ action: 'hide', reason: 'Off topic for this category' })).json().thread.isHidden).toBe(true);
      expect((await call('GET', `/api/forum/threads/${thread.id}`, { as: ben })).statusCode).toBe(404);
      expect((await call('GET', `/api/forum/threads/${thread.id}`, { as: lena })).json().thread).toMatchObject({ isHidden: true, hiddenReason: 'Off topic for this category' });
      expect((await act({ action: 'move', categoryId: cat('business-studio-life') })).json().thread.category.slug).toBe('business-studio-life');
      expect((await act({ action: 'unhide' })).json().thread.isHidden).toBe(false);
      expect((await act({ action: 'unlock' })).json().thread.isLocked).toBe(false);
      expect((await act({ action: 'unpin' })).json().thread.isPinned).toBe(false);
      const audit = await t.app.ctx.db.selectFrom('admin_audit_log').select(['action', 'reason', 'admin_id']).where('target_type', '=', 'forum_thread').where('target_id', '=', String(thread.id)).orderBy('id').execute();
      expect(audit.map((a) => a.action)).toEqual(['forum.thread.pin', 'forum.thread.lock', 'forum.thread.hide', 'forum.thread.move', 'forum.thread.unhide', 'forum.thread.unlock', 'forum.thread.unpin']);
      expect(audit[2]).toMatchObject({ reason: 'Off topic for this category', admin_id: admin.user.id });
    });

    it('hides a reply (left out for others, its author sees the reason) and shows it again, the reply count following', async () => {
      const thread = await postThread(t.app, lena, { categoryId: cat('guest-spots-travel') });
      const reply = await postReply(t.app, ben, thread.id, 'Rude words here');
      const act = (payload: object) => call('POST', `/api/forum/posts/${reply.id}/moderation`, { as: admin, payload });
      expect((await act({ action: 'hide' })).statusCode).toBe(400);
      expect((await call('POST', `/api/forum/posts/${thread.openingPostId}/moderation`, { as: admin, payload: { action: 'hide', reason: 'x' } })).statusCode).toBe(400);
      expect((await act({ action: 'hide', reason: 'Be kind' })).json().post).toMatchObject({ isHidden: true, hiddenReason: 'Be kind' });
      const others = (await call('GET', `/api/forum/threads/${thread.id}`, { as: lena })).json();
      expect(others.posts).toEqual([]);
      expect(others.thread.replyCount).toBe(0);
      expect((await call('GET', `/api/forum/threads/${thread.id}`, { as: ben })).json().posts[0]).toMatchObject({ isHidden: true, hiddenReason: 'Be kind' });
      expect((await call('PUT', `/api/forum/posts/${reply.id}/like`, { as: lena })).statusCode).toBe(404);
      expect((await act({ action: 'unhide' })).json().post.isHidden).toBe(false);
      expect((await call('GET', `/api/forum/threads/${thread.id}`)).json().thread.replyCount).toBe(1);
      const audit = await t.app.ctx.db.selectFrom('admin_audit_log').select('action').where('target_type', '=', 'forum_post').where('target_id', '=', String(reply.id)).orderBy('id').execute();
      expect(audit.map((a) => a.action)).toEqual(['forum.post.hide', 'forum.post.unhide']);
    });
  });

  describe('reports', () => {
    const report = (as: TestUser, targetType: string, targetId: number, lang = 'en') => call('POST', '/api/reports', { as, lang, payload: { targetType, targetId, reason: 'spam' } });

    it('takes reports of threads and replies (own content 400, unknown 404), which reach the admin queue with hide and remove', async () => {
      const thread = await postThread(t.app, lena, { categoryId: cat('designs-critique') });
      const reply = await postReply(t.app, ben, thread.id, 'Copy of my flash!');
      const own = await report(lena, 'forum_thread', thread.id, 'de');
      expect(own.statusCode).toBe(400);
      expect(own.json().error).toBe('Du kannst deinen eigenen Beitrag nicht melden.');
      expect((await report(ben, 'forum_post', reply.id)).statusCode).toBe(400);
      expect((await report(ben, 'forum_thread', 999_999)).statusCode).toBe(404);
      // The opening post is reported as its thread.
      expect((await report(ben, 'forum_post', thread.openingPostId)).statusCode).toBe(404);
      expect((await report(ben, 'forum_thread', thread.id)).statusCode).toBe(201);
      expect((await report(lena, 'forum_post', reply.id)).statusCode).toBe(201);
      const queue = (await call('GET', '/api/admin/reports?targetType=forum_post', { as: admin })).json().reports;
      const group = queue.find((g: { targetId: number }) => g.targetId === reply.id);
      expect(group).toMatchObject({ targetType: 'forum_post', count: 1, preview: { content: 'Copy of my flash!', owner: { id: ben.user.id } } });
      const hide = await call('POST', '/api/admin/reports/resolve', { as: admin, payload: { targetType: 'forum_post', targetId: reply.id, action: 'hide', reason: 'Stolen design' } });
      expect(hide.statusCode).toBe(200);
      expect((await call('GET', `/api/forum/threads/${thread.id}`, { as: ben })).json().posts[0]).toMatchObject({ isHidden: true, hiddenReason: 'Stolen design' });
      const remove = await call('POST', '/api/admin/reports/resolve', { as: admin, payload: { targetType: 'forum_thread', targetId: thread.id, action: 'remove', reason: 'Spam thread' } });
      expect(remove.statusCode).toBe(200);
      expect((await call('GET', `/api/forum/threads/${thread.id}`, { as: lena })).statusCode).toBe(404);
      const audit = await t.app.ctx.db.selectFrom('admin_audit_log').select(['action', 'target_type']).where('action', '=', 'report.resolve').where('target_id', 'in', [String(reply.id), String(thread.id)]).execute();
      expect(audit).toHaveLength(2);
    });

    it('hides a reply three members reported until an admin decides; dismissing shows it again', async () => {
      const thread = await postThread(t.app, lena, { categoryId: cat('designs-critique') });
      const reply = await postReply(t.app, nadel, thread.id, 'Borderline joke');
      const reporters = [lena, ben, admin];
      expect((await report(reporters[0] as TestUser, 'forum_post', reply.id)).statusCode).toBe(201);
      expect((await report(reporters[1] as TestUser, 'forum_post', reply.id)).statusCode).toBe(201);
      // The same member again counts once.
      expect((await report(reporters[1] as TestUser, 'forum_post', reply.id)).statusCode).toBe(200);
      expect((await call('GET', `/api/forum/threads/${thread.id}`)).json().posts).toHaveLength(1);
      expect((await report(reporters[2] as TestUser, 'forum_post', reply.id)).statusCode).toBe(201);
      expect((await call('GET', `/api/forum/threads/${thread.id}`)).json().posts).toEqual([]);
      expect((await call('GET', `/api/forum/threads/${thread.id}`, { as: nadel, lang: 'es' })).json().posts[0]).toMatchObject({ isHidden: true, hiddenReason: 'Oculto tras varias denuncias hasta que nuestro equipo lo revise.' });
      const dismiss = await call('POST', '/api/admin/reports/resolve', { as: admin, payload: { targetType: 'forum_post', targetId: reply.id, action: 'dismiss', reason: 'Harmless' } });
      expect(dismiss.statusCode).toBe(200);
      expect((await call('GET', `/api/forum/threads/${thread.id}`)).json().posts).toHaveLength(1);
    });
  });

  describe('live events', () => {
    it('tells the admins of new threads and reports, and the notified watchers of a new reply, on the events port', async () => {
      const heard: { to: string; type: string }[] = [];
      const stop = [
        t.app.ctx.events.subscribe(admin.user.id, (e) => heard.push({ to: 'admin', type: e.type })),
        t.app.ctx.events.subscribe(lena.user.id, (e) => heard.push({ to: 'lena', type: e.type })),
      ];
      try {
        const thread = await postThread(t.app, lena, { categoryId: cat('conventions-events') });
        const reply = await postReply(t.app, ben, thread.id, 'I will be there on Saturday.');
        await call('POST', '/api/reports', { as: lena, payload: { targetType: 'forum_post', targetId: reply.id, reason: 'spam' } });
        await new Promise((resolve) => setTimeout(resolve, 50));
      } finally {
        for (const s of stop) s();
      }
      expect(heard).toEqual(expect.arrayContaining([
        { to: 'admin', type: 'forum.thread.created' },
        { to: 'lena', type: 'forum.post.created' },
        { to: 'admin', type: 'report.created' },
      ]));
    });
  });

  describe('sitemap and search', () => {
    it('lists the forum, its categories and visible threads in the forum sitemap file, never a hidden one', async () => {
      const visible = await postThread(t.app, lena, { categoryId: cat('guest-spots-travel'), title: 'Sitemap visible thread' });
      const hidden = await postThread(t.app, lena, { categoryId: cat('guest-spots-travel'), title: 'Sitemap hidden thread' });
      await call('POST', `/api/forum/threads/${hidden.id}/moderation`, { as: admin, payload: { action: 'hide', reason: 'Duplicate' } });
      const sitemap = createSitemapService({ config: { publicUrl: 'http://localhost:3000' }, sources: [forumSitemapSource(t.app.ctx.db, { routed: () => true })] });
      expect((await sitemap.index()).body).toContain('/sitemaps/forum-1.xml');
      const file = await sitemap.file('forum-1.xml');
      const xml = [...(file?.chunks() ?? [])].join('');
      expect(xml).toContain('<loc>http://localhost:3000/forum</loc>');
      expect(xml).toContain('<loc>http://localhost:3000/forum/c/guest-spots-travel</loc>');
      expect(xml).toContain(`<loc>http://localhost:3000/forum/t/${visible.id}/sitemap-visible-thread</loc>`);
      expect(xml).toContain(`hreflang="de" href="http://localhost:3000/de/forum/t/${visible.id}/sitemap-visible-thread"`);
      expect(xml).not.toContain(`/forum/t/${hidden.id}/`);
      expect(await sitemap.file('forum-9.xml')).toBeNull();
      // The app's own sitemap names the forum's files once the app routes its pages.
      const index = (await call('GET', '/sitemap.xml')).body;
      expect(index.includes('/sitemaps/forum-1.xml')).toBe(matchRoute('/forum') !== null);
    });

    it('finds a visible thread by a word of one of its replies, one hit a thread; a hidden thread is never found', async () => {
      const thread = await postThread(t.app, lena, { categoryId: cat('technique-machines'), title: 'Rotary or coil for lining?', body: 'Which one do you prefer?' });
      await postReply(t.app, ben, thread.id, 'My Bishop wand handles the zebrawood grip perfectly.');
      await postReply(t.app, nadel, thread.id, 'Zebrawood grips are heavy though.');
      const found = (await call('GET', '/api/search?q=zebrawood&type=threads')).json();
      expect(found.counts.threads).toBe(1);
      expect(found.results[0]).toMatchObject({ type: 'threads', id: thread.id, title: 'Rotary or coil for lining?', url: `/forum/t/${thread.id}/rotary-or-coil-for-lining` });
      await call('POST', `/api/forum/threads/${thread.id}/moderation`, { as: admin, payload: { action: 'hide', reason: 'Test' } });
      expect((await call('GET', '/api/search?q=zebrawood&type=threads')).json().counts.threads).toBe(0);
    });
  });
});
