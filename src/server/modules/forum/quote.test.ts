import { beforeAll, expect, it } from 'vitest';
import { describeEachEngine, useTestApp } from '../../test/app';
import { createArtist, createStudio, type TestUser } from '../../test/factories';
import { ageAccount, categoryIds, forumCall, postReply, postThread } from './testing';

/** How the editor's quote button writes a quote (web: quoteOf in features/forum/markdown-tools.ts). */
const quoteOf = (body: string, user: TestUser) => `> **@${user.user.username.replace(/ /g, '-')}**\n${body.split('\n').map((line) => (line ? `> ${line}` : '>')).join('\n')}\n\n`;
const at = (user: TestUser) => `@${user.user.username.replace(/ /g, '-')}`;

describeEachEngine('forum quotes and who hears of them', (engine) => {
  const t = useTestApp(engine);
  let lena: TestUser;
  let nadel: TestUser;
  let ben: TestUser;
  let max: TestUser;
  let category: number;

  beforeAll(async () => {
    category = (await categoryIds(t.app)).get('technique-machines') as number;
    [lena, nadel, ben, max] = [await createArtist(t.app), await createStudio(t.app), await createArtist(t.app), await createArtist(t.app)];
    await ageAccount(t.app, lena, nadel, ben, max);
  });

  /** Each user's unread forum notices of one thread, by kind. */
  async function noticesOf(user: TestUser, threadId: number): Promise<string[]> {
    const res = await forumCall(t.app, 'GET', '/api/notifications', { as: user });
    const all = res.json().notifications as { kind: string; url: string; readAt: string | null }[];
    return all.filter((n) => n.readAt === null && n.url.startsWith(`/forum/t/${threadId}/`)).map((n) => n.kind);
  }
  const readAll = async (...users: TestUser[]) => {
    for (const user of users) await forumCall(t.app, 'PUT', '/api/notifications/read', { as: user, payload: { all: true } });
  };
  const quoteReply = async (as: TestUser, threadId: number, quoted: { id: number; body: string; author: TestUser }, rest: string) => {
    const res = await forumCall(t.app, 'POST', `/api/forum/threads/${threadId}/posts`, {
      as,
      payload: { body: `${quoteOf(quoted.body, quoted.author)}${rest}`, replyToPostId: quoted.id },
    });
    expect(res.statusCode).toBe(201);
    return res.json().post as { id: number; bodyHtml: string };
  };

  it('tells the quoted author once, as a mention, and the other watchers of the reply', async () => {
    const thread = await postThread(t.app, lena, { categoryId: category, title: 'Liner needles for fine work' });
    const tip = 'Try a 3RL, ask @' + max.user.username.replace(/ /g, '-') + ' too';
    const nadelPost = await postReply(t.app, nadel, thread.id, tip);
    await readAll(lena, nadel, max);

    const reply = await quoteReply(ben, thread.id, { id: nadelPost.id, body: tip, author: nadel }, 'Agreed, a 3RL it is.');
    // The quote's names are linked as they were written.
    expect(reply.bodyHtml).toContain('class="mention"');
    // Nadel watches the thread and is quoted: one notice, the mention.
    expect(await noticesOf(nadel, thread.id)).toEqual(['forum_mention']);
    // Lena watches and is not addressed: the reply notice.
    expect(await noticesOf(lena, thread.id)).toEqual(['forum_reply']);
    // Max is named only inside the quoted words: he hears nothing again.
    expect(await noticesOf(max, thread.id)).toEqual([]);
  });

  it('gives one notice to someone both quoted and mentioned, and tells a quoted author who stopped watching', async () => {
    const thread = await postThread(t.app, lena, { categoryId: category, title: 'Machines for shading' });
    const nadelPost = await postReply(t.app, nadel, thread.id, 'A rotary with a soft stroke.');
    expect((await forumCall(t.app, 'DELETE', `/api/forum/threads/${thread.id}/watch`, { as: nadel })).statusCode).toBe(200);
    await readAll(lena, nadel);

    await quoteReply(ben, thread.id, { id: nadelPost.id, body: 'A rotary with a soft stroke.', author: nadel }, `${at(nadel)}, which stroke length?`);
    expect(await noticesOf(nadel, thread.id)).toEqual(['forum_mention']);
    expect(await noticesOf(lena, thread.id)).toEqual(['forum_reply']);

    // Quoting oneself tells nobody twice and the author nothing.
    await readAll(lena, nadel, ben);
    const own = await postReply(t.app, ben, thread.id, 'Mine is 3.5 mm.');
    await readAll(lena, nadel);
    await quoteReply(ben, thread.id, { id: own.id, body: 'Mine is 3.5 mm.', author: ben }, 'Or 4 mm.');
    expect(await noticesOf(ben, thread.id)).toEqual([]);
    expect(await noticesOf(lena, thread.id)).toEqual(['forum_reply']);
    expect(await noticesOf(nadel, thread.id)).toEqual([]);
  });

  it('still tells a name written outside the quote', async () => {
    const thread = await postThread(t.app, lena, { categoryId: category, title: 'Needle depth on palms' });
    const lenaOpening = { id: (await forumCall(t.app, 'GET', `/api/forum/threads/${thread.id}`)).json().thread.openingPostId as number, body: 'Where do you stay on guest spots?', author: lena };
    await readAll(lena, max);
    await quoteReply(nadel, thread.id, lenaOpening, `${at(max)} knows palms.`);
    expect(await noticesOf(max, thread.id)).toEqual(['forum_mention']);
    expect(await noticesOf(lena, thread.id)).toEqual(['forum_mention']);
  });
});
