import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { describeEachEngine, useTestApp } from '../../test/app';
import { createArtist, type TestUser } from '../../test/factories';
import { ageAccount, categoryIds, forumCall, postReply, postThread } from './testing';

const PARALLEL = 50;

describeEachEngine('forum under parallel requests', (engine) => {
  const t = useTestApp(engine);
  let author: TestUser;
  let likers: TestUser[];
  let categoryId: number;

  beforeAll(async () => {
    categoryId = (await categoryIds(t.app)).get('guest-spots-travel') as number;
    author = await createArtist(t.app);
    likers = [];
    for (let i = 0; i < PARALLEL; i++) likers.push(await createArtist(t.app));
    await ageAccount(t.app, author, ...likers);
  }, 120_000);

  it(`stores one thread for ${PARALLEL} parallel posts of one client id, answering the others with it`, async () => {
    const clientId = randomUUID();
    const payload = { categoryId, title: 'Sent on a shaky train connection', body: 'Does this arrive once?', clientId };
    const answers = await Promise.all(Array.from({ length: PARALLEL }, () => forumCall(t.app, 'POST', '/api/forum/threads', { as: author, payload })));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 200)).toHaveLength(PARALLEL - 1);
    expect(new Set(answers.map((a) => a.json().thread.id)).size).toBe(1);
    expect(await t.app.ctx.db.selectFrom('forum_threads').select('id').where('client_id', '=', clientId).execute()).toHaveLength(1);
  });

  it(`stores one reply for ${PARALLEL} parallel replies of one client id`, async () => {
    const thread = await postThread(t.app, author, { categoryId });
    const clientId = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, () => forumCall(t.app, 'POST', `/api/forum/threads/${thread.id}/posts`, { as: likers[0] as TestUser, payload: { body: 'Once only', clientId } })),
    );
    expect(answers.map((a) => a.statusCode).filter((s) => s === 201)).toHaveLength(1);
    expect(answers.every((a) => a.statusCode === 201 || a.statusCode === 200)).toBe(true);
    expect(await t.app.ctx.db.selectFrom('forum_posts').select('id').where('client_id', '=', clientId).execute()).toHaveLength(1);
    expect((await forumCall(t.app, 'GET', `/api/forum/threads/${thread.id}`)).json().thread.replyCount).toBe(1);
  });

  it(`counts ${PARALLEL} parallel likes of different members exactly, and one member's repeats once`, async () => {
    const thread = await postThread(t.app, author, { categoryId });
    const reply = await postReply(t.app, likers[0] as TestUser, thread.id, 'Like me');
    const others = likers.slice(1);
    await Promise.all([author, ...others].map((as) => forumCall(t.app, 'PUT', `/api/forum/posts/${reply.id}/like`, { as })));
    const count = async () => (await t.app.ctx.db.selectFrom('forum_posts').select('like_count').where('id', '=', reply.id).executeTakeFirstOrThrow()).like_count;
    expect(await count()).toBe(PARALLEL);
    await Promise.all(Array.from({ length: PARALLEL }, () => forumCall(t.app, 'PUT', `/api/forum/posts/${thread.openingPostId}/like`, { as: likers[1] as TestUser })));
    const opening = await t.app.ctx.db.selectFrom('forum_posts').select('like_count').where('id', '=', thread.openingPostId).executeTakeFirstOrThrow();
    expect(opening.like_count).toBe(1);
    await Promise.all(others.map((as) => forumCall(t.app, 'DELETE', `/api/forum/posts/${reply.id}/like`, { as })));
    expect(await count()).toBe(1);
  });
});
