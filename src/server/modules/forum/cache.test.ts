import { existsSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { matchRoute } from '../../../common/routes';
import { routeTags, serverEntryPath } from '../../http/render';
import { describeEachEngine, useTestApp } from '../../test/app';
import { createArtist, createStudio, type TestUser } from '../../test/factories';
import { makeAdmin } from '../../test/listing-factories';
import { buildRequired, describeWith } from '../../test/services';
import { ageAccount, categoryIds, forumCall, postReply, postThread } from './testing';

/**
 * Whether a forum write clears what is kept under the forum page's tags: an entry filed under
 * them is made again on the next read after the write, and only then.
 */
function pageEntry(app: Parameters<typeof forumCall>[0], pathname: string) {
  const match = matchRoute(pathname);
  if (!match) throw new Error(`no route for ${pathname}`);
  let made = 0;
  const read = () => app.ctx.answers.get(`forum-cache-test:${pathname}`, routeTags(match), async () => String(++made));
  return { read, made: () => made };
}

describeEachEngine('forum answers kept until a forum write', (engine) => {
  const t = useTestApp(engine);
  let lena: TestUser;
  let nadel: TestUser;
  let admin: TestUser;
  let category: number;

  beforeAll(async () => {
    category = (await categoryIds(t.app)).get('technique-machines') as number;
    [lena, nadel, admin] = [await createArtist(t.app), await createStudio(t.app), await createArtist(t.app)];
    await makeAdmin(t.app, admin);
    await ageAccount(t.app, lena, nadel, admin);
  });

  it('files every forum page under the forum tag, and clears it on each write', async () => {
    const thread = await postThread(t.app, lena, { categoryId: category, title: 'Which needle for lines?' });
    const pages = ['/forum', '/de/forum/c/technique-machines', '/forum/c/technique-machines/page/2', `/forum/t/${thread.id}/${thread.slug}`, `/es/forum/t/${thread.id}/${thread.slug}/page/2`, '/search'];
    const entries = pages.map((p) => pageEntry(t.app, p));
    const readAll = async () => {
      for (const entry of entries) await entry.read();
      return entries.map((e) => e.made());
    };
    expect(await readAll()).toEqual(pages.map(() => 1));
    // Kept: a second read makes nothing.
    expect(await readAll()).toEqual(pages.map(() => 1));

    const reply = await postReply(t.app, nadel, thread.id, 'A 5RL works too.');
    expect(await readAll()).toEqual(pages.map(() => 2));

    const steps: [string, () => Promise<{ statusCode: number }>][] = [
      ['like', () => forumCall(t.app, 'PUT', `/api/forum/posts/${reply.id}/like`, { as: lena })],
      ['unlike', () => forumCall(t.app, 'DELETE', `/api/forum/posts/${reply.id}/like`, { as: lena })],
      ['answer', () => forumCall(t.app, 'PUT', `/api/forum/threads/${thread.id}/answer`, { as: lena, payload: { postId: reply.id } })],
      ['edit reply', () => forumCall(t.app, 'PUT', `/api/forum/posts/${reply.id}`, { as: nadel, payload: { body: 'A 5RL works too, or a 7RL.' } })],
      ['edit thread', () => forumCall(t.app, 'PUT', `/api/forum/threads/${thread.id}`, { as: lena, payload: { title: 'Which needle for fine lines?' } })],
      ['lock', () => forumCall(t.app, 'POST', `/api/forum/threads/${thread.id}/moderation`, { as: admin, payload: { action: 'lock' } })],
      ['hide reply', () => forumCall(t.app, 'POST', `/api/forum/posts/${reply.id}/moderation`, { as: admin, payload: { action: 'hide', reason: 'Off topic' } })],
      ['delete reply', () => forumCall(t.app, 'DELETE', `/api/forum/posts/${reply.id}`, { as: nadel })],
      ['delete thread', () => forumCall(t.app, 'DELETE', `/api/forum/threads/${thread.id}`, { as: lena })],
    ];
    let expected = 2;
    for (const [what, write] of steps) {
      const res = await write();
      expect(res.statusCode, what).toBeLessThan(300);
      expected++;
      expect(await readAll(), what).toEqual(pages.map(() => expected));
    }
  });

  it('counts a reply in the categories answer at once', async () => {
    const count = async () => {
      const res = await forumCall(t.app, 'GET', '/api/forum/categories');
      const categories = res.json().categories as { id: number; postCount: number }[];
      return categories.find((c) => c.id === category)?.postCount;
    };
    const thread = await postThread(t.app, lena, { categoryId: category });
    const before = await count();
    await postReply(t.app, nadel, thread.id);
    expect(await count()).toBe((before ?? 0) + 1);
  });

  it('keeps the visitors\' API answers as bytes until a forum write or an author\'s change', async () => {
    const thread = await postThread(t.app, lena, { categoryId: category, title: 'Coil or rotary for packing?' });
    const urls = ['/api/forum/categories', '/api/forum/categories/technique-machines/threads', '/api/forum/threads/latest', `/api/forum/threads/${thread.id}`];
    const etags = async () => Promise.all(urls.map(async (url) => (await forumCall(t.app, 'GET', url)).headers.etag as string));
    const first = await etags();
    expect(first.every(Boolean)).toBe(true);
    expect(await etags()).toEqual(first);

    await postReply(t.app, nadel, thread.id, 'Rotary, a 4 mm stroke.');
    const afterReply = await etags();
    afterReply.forEach((etag, i) => expect(etag, urls[i]).not.toBe(first[i]));
    expect((await forumCall(t.app, 'GET', `/api/forum/threads/${thread.id}`)).body).toContain('Rotary, a 4 mm stroke.');

    // An author's rename or suspension clears the tags of the people the answer shows.
    await t.app.ctx.db.updateTable('users').set({ name: 'Nadelwerk Renamed' }).where('id', '=', nadel.user.id).execute();
    expect((await forumCall(t.app, 'GET', `/api/forum/threads/${thread.id}`)).body).not.toContain('Nadelwerk Renamed');
    t.app.ctx.invalidation.invalidate([`user:${nadel.user.id}`]);
    expect((await forumCall(t.app, 'GET', `/api/forum/threads/${thread.id}`)).body).toContain('Nadelwerk Renamed');

    // A logged-in reader gets an answer made for them, never kept for others.
    const mine = await forumCall(t.app, 'GET', `/api/forum/threads/${thread.id}`, { as: lena });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['cache-control']).toBe('no-store');
    expect(mine.headers.etag).toBeUndefined();
  });

  it('leaves the forum kept when a write fails', async () => {
    const thread = await postThread(t.app, lena, { categoryId: category });
    const entry = pageEntry(t.app, `/forum/t/${thread.id}/${thread.slug}`);
    await entry.read();
    const own = await forumCall(t.app, 'PUT', `/api/forum/posts/${(await postReply(t.app, nadel, thread.id)).id}/like`, { as: nadel });
    expect(own.statusCode).toBe(403);
    await entry.read();
    // Made once before the reply and once after it; the refused like cleared nothing.
    expect(entry.made()).toBe(2);
  });
});

// The pages themselves come from the server build of the web app (as in http/render.test.ts).
const webDist = path.resolve('dist/web');
const build = {
  what: `the server-rendering build (${path.relative(process.cwd(), serverEntryPath(webDist))})`,
  available: existsSync(serverEntryPath(webDist)),
  required: buildRequired,
  hint: 'run `npm run build` first.',
};

describeWith(build, 'forum pages rendered on the server', () => {
  describeEachEngine('a kept thread page after a reply', (engine) => {
    const t = useTestApp(engine, async () => undefined, {}, { webDist });
    let lena: TestUser;
    let nadel: TestUser;

    beforeAll(async () => {
      [lena, nadel] = [await createArtist(t.app), await createStudio(t.app)];
      await ageAccount(t.app, lena, nadel);
    });

    it('shows a reply at once on the kept thread page', async () => {
      const category = (await categoryIds(t.app)).get('guest-spots-travel') as number;
      const thread = await postThread(t.app, lena, { categoryId: category, title: 'Where to sleep in Lisbon?' });
      // The thread's own event clears the forum's pages when delivered: delivered before the reads.
      await t.app.ctx.outbox.drain();
      const url = `/forum/t/${thread.id}/${thread.slug}`;
      const first = await forumCall(t.app, 'GET', url);
      expect(first.statusCode).toBe(200);
      expect(first.body).not.toContain('Try the hostel by the river');
      // Kept: the same bytes with the same ETag.
      expect((await forumCall(t.app, 'GET', url)).headers.etag).toBe(first.headers.etag);

      await postReply(t.app, nadel, thread.id, 'Try the hostel by the river.');
      const after = await forumCall(t.app, 'GET', url);
      expect(after.statusCode).toBe(200);
      expect(after.headers.etag).not.toBe(first.headers.etag);
      expect(after.body).toContain('Try the hostel by the river');
    });
  });
});
