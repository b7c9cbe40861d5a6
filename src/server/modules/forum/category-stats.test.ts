import { beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { describeEachEngine, useTestApp } from '../../test/app';
import { createArtist, type TestUser } from '../../test/factories';
import { makeAdmin } from '../../test/listing-factories';
import { ageAccount, categoryIds, forumCall, postReply, postThread } from './testing';

const PARALLEL = 50;

/** A seeded generator (mulberry32): a failing sequence runs again the same way. */
function random(seed: number) {
  let s = seed >>> 0;
  return {
    below(n: number) {
      s = (s + 0x6d2b79f5) >>> 0;
      let x = s;
      x = Math.imul(x ^ (x >>> 15), x | 1);
      x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
      return Math.floor((((x ^ (x >>> 14)) >>> 0) / 4294967296) * n);
    },
  };
}

interface Stats {
  threads: number;
  posts: number;
  last: string | null;
}

describeEachEngine('forum: the numbers kept per category', (engine) => {
  const t = useTestApp(engine);
  let members: TestUser[];
  let admin: TestUser;
  let cats: number[];

  beforeAll(async () => {
    members = [await createArtist(t.app), await createArtist(t.app), await createArtist(t.app)];
    admin = await makeAdmin(t.app, await createArtist(t.app));
    await ageAccount(t.app, ...members, admin);
    cats = [...(await categoryIds(t.app)).values()].sort((a, b) => a - b);
  });

  /** What the triggers keep, per category. */
  async function kept(): Promise<Map<number, Stats>> {
    const rows = await t.app.ctx.db.selectFrom('forum_category_stats').selectAll().execute();
    return new Map(rows.map((r) => [r.category_id, { threads: Number(r.threads), posts: Number(r.posts), last: r.last_post_at }]));
  }

  /** The same numbers counted from the threads, as the category list once grouped them on every read. */
  async function recount(): Promise<Map<number, Stats>> {
    const rows = await t.app.ctx.db
      .selectFrom('forum_categories as c')
      .leftJoin('forum_threads as th', (join) => join.onRef('th.category_id', '=', 'c.id').on('th.hidden_at', 'is', null))
      .select((eb) => ['c.id', eb.fn.count<number>('th.id').as('threads'), sql<number>`coalesce(sum(th.reply_count + 1), 0)`.as('posts'), eb.fn.max('th.last_post_at').as('last')])
      .groupBy('c.id')
      .execute();
    return new Map(rows.map((r) => [r.id, { threads: Number(r.threads), posts: Number(r.posts), last: r.last ?? null }]));
  }

  async function expectExact(when: string): Promise<void> {
    const [have, want] = await Promise.all([kept(), recount()]);
    for (const [id, stats] of want) expect(have.get(id) ?? { threads: 0, posts: 0, last: null }, `${when}, category ${id}`).toEqual(stats);
  }

  it('show on the category list as the threads count them, after threads, replies, hiding, moving and deleting', async () => {
    const first = await postThread(t.app, members[0] as TestUser, { categoryId: cats[0] as number });
    await postReply(t.app, members[1] as TestUser, first.id);
    await postReply(t.app, members[2] as TestUser, first.id);
    await expectExact('after a thread and two replies');
    const listed = (await forumCall(t.app, 'GET', '/api/forum/categories')).json().categories as { id: number; threadCount: number; postCount: number }[];
    const want = (await recount()).get(cats[0] as number) as Stats;
    expect(listed.find((c) => c.id === cats[0])).toMatchObject({ threadCount: want.threads, postCount: want.posts });

    const moderate = (id: number, payload: object) => forumCall(t.app, 'POST', `/api/forum/threads/${id}/moderation`, { as: admin, payload });
    expect((await moderate(first.id, { action: 'hide', reason: 'Checking the numbers' })).statusCode).toBe(200);
    await expectExact('after hiding the thread');
    expect((await moderate(first.id, { action: 'move', categoryId: cats[1] })).statusCode).toBe(200);
    expect((await moderate(first.id, { action: 'unhide' })).statusCode).toBe(200);
    await expectExact('after moving it and showing it again');

    // Every other write to a thread row, as a migration, a seed or a script might make it.
    const rnd = random(engine === 'postgres' ? 7 : 11);
    const threads = [first.id];
    for (let i = 0; i < 4; i++) threads.push((await postThread(t.app, members[i % 3] as TestUser, { categoryId: cats[i % cats.length] as number })).id);
    const db = t.app.ctx.db;
    for (let step = 0; step < 200; step++) {
      const id = threads[rnd.below(threads.length)] as number;
      const roll = rnd.below(5);
      const at = new Date(Date.UTC(2026, 0, 1 + rnd.below(300))).toISOString();
      if (roll === 0) await db.updateTable('forum_threads').set({ hidden_at: rnd.below(2) ? at : null }).where('id', '=', id).execute();
      else if (roll === 1) await db.updateTable('forum_threads').set({ reply_count: rnd.below(9) }).where('id', '=', id).execute();
      else if (roll === 2) await db.updateTable('forum_threads').set({ last_post_at: at }).where('id', '=', id).execute();
      else if (roll === 3) await db.updateTable('forum_threads').set({ category_id: cats[rnd.below(cats.length)] as number }).where('id', '=', id).execute();
      else await db.updateTable('forum_threads').set({ hidden_at: null, reply_count: rnd.below(4), last_post_at: at, category_id: cats[rnd.below(cats.length)] as number }).where('id', '=', id).execute();
      if (step % 25 === 24) await expectExact(`after step ${step}`);
    }
    await db.deleteFrom('forum_posts').where('thread_id', 'in', threads.slice(0, 2)).execute();
    await db.deleteFrom('forum_threads').where('id', 'in', threads.slice(0, 2)).execute();
    await expectExact('after deleting two threads');
  });

  it(`stay exact under ${PARALLEL} parallel replies and new threads in one category`, async () => {
    const category = cats[2] as number;
    const threads = await Promise.all(members.map((m) => postThread(t.app, m, { categoryId: category })));
    // The hour's reply limit is the forum's own tests' business: each reply here comes from a fresh account.
    const writers = await Promise.all(Array.from({ length: PARALLEL }, () => createArtist(t.app)));
    await ageAccount(t.app, ...writers);
    const answers = await Promise.all(
      writers.map((w, i) =>
        i % 10 === 0
          ? forumCall(t.app, 'POST', '/api/forum/threads', { as: w, payload: { categoryId: category, title: `Parallel question ${i}`, body: `Who else travels in spring? (${i})` } })
          : forumCall(t.app, 'POST', `/api/forum/threads/${(threads[i % threads.length] as { id: number }).id}/posts`, { as: w, payload: { body: `Me too, from town ${i}.` } }),
      ),
    );
    expect(answers.map((a) => a.statusCode).filter((s) => s !== 201)).toEqual([]);
    await expectExact('after the parallel writes');
  });

  it(`take no deadlock when ${PARALLEL} parallel replies in one category notify each other's authors`, async () => {
    const category = cats[3] as number;
    const thread = await postThread(t.app, members[0] as TestUser, { categoryId: category });
    const writers = await Promise.all(Array.from({ length: PARALLEL }, () => createArtist(t.app)));
    await ageAccount(t.app, ...writers);
    // Each has replied once, so each watches the thread: every reply below notifies the others,
    // whose own replies are under way at the same time.
    for (const w of writers) await postReply(t.app, w, thread.id);
    const answers = await Promise.all(writers.map((w, i) => forumCall(t.app, 'POST', `/api/forum/threads/${thread.id}/posts`, { as: w, payload: { body: `Once more from town ${i}.` } })));
    expect(answers.map((a) => a.statusCode).filter((s) => s !== 201)).toEqual([]);
    await expectExact('after the parallel replies');
  });
});
