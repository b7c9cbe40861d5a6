import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachEngine, useTestApp } from '../../test/app';
import { createArtist, createStudio, type TestUser } from '../../test/factories';
import { makeAdmin } from '../../test/listing-factories';
import { plainText } from './pages';
import { ageAccount, categoryIds, forumCall, postReply, postThread } from './testing';

const headOf = (html: string) => ({
  title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
  canonical: /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1],
  description: /<meta name="description" content="([^"]*)"/.exec(html)?.[1],
  next: /<link rel="next" href="([^"]*)"/.exec(html)?.[1],
  robots: /<meta name="robots" content="([^"]*)"/.exec(html)?.[1],
  jsonLd: [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((m) => JSON.parse(m[1] as string) as Record<string, unknown>),
});

describe('plain text of a body', () => {
  it('drops the marks and keeps link texts', () => {
    expect(plainText('Eine **3RL** oder _5RL_, siehe [hier](https://x.test)\n> zitat\n- eins')).toBe('Eine 3RL oder 5RL, siehe hier\nzitat\neins');
  });
});

describeEachEngine('forum pages: heads and old addresses', (engine) => {
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

  it('writes a thread page’s title, plain description, canonical and DiscussionForumPosting', async () => {
    const thread = await postThread(t.app, lena, { categoryId: category, title: 'Welche Nadel für Linework?', body: 'Nehmt ihr eine **3RL**?', language: 'de' });
    await postReply(t.app, nadel, thread.id, 'Eine 5RL geht auch.');
    const res = await forumCall(t.app, 'GET', `/de/forum/t/${thread.id}/${thread.slug}`);
    expect(res.statusCode).toBe(200);
    const head = headOf(res.body);
    expect(head.title).toBe('Welche Nadel für Linework? – Forum | Tattoo Guest Spots');
    expect(head.description).toBe('Nehmt ihr eine 3RL?');
    expect(head.canonical).toMatch(new RegExp(`/de/forum/t/${thread.id}/${thread.slug}$`));
    const posting = head.jsonLd.find((block) => block['@type'] === 'DiscussionForumPosting');
    expect(posting).toMatchObject({ headline: 'Welche Nadel für Linework?', inLanguage: 'de', text: 'Nehmt ihr eine **3RL**?' });
    expect((posting?.comment as { text: string }[]).map((c) => c.text)).toEqual(['Eine 5RL geht auch.']);
  });

  it('leads an old slug to the current address with a 301, keeping the page and language', async () => {
    const thread = await postThread(t.app, lena, { categoryId: category, title: 'Erster Titel des Themas' });
    const renamed = await forumCall(t.app, 'PUT', `/api/forum/threads/${thread.id}`, { as: lena, payload: { title: 'Neuer Titel des Themas' } });
    expect(renamed.statusCode).toBe(200);
    const slug = renamed.json().thread.slug as string;
    expect(slug).not.toBe(thread.slug);
    const res = await forumCall(t.app, 'GET', `/fr/forum/t/${thread.id}/${thread.slug}?x=1`);
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(`/fr/forum/t/${thread.id}/${slug}?x=1`);
    expect((await forumCall(t.app, 'GET', `/fr/forum/t/${thread.id}/${slug}`)).statusCode).toBe(200);
  });

  it('answers 404 for unknown threads and categories and pages past the end; a hidden thread to others only', async () => {
    expect((await forumCall(t.app, 'GET', '/forum/t/999999/nope')).statusCode).toBe(404);
    expect((await forumCall(t.app, 'GET', '/forum/c/no-such-category')).statusCode).toBe(404);
    expect((await forumCall(t.app, 'GET', '/forum/c/technique-machines/page/99')).statusCode).toBe(404);
    const thread = await postThread(t.app, lena, { categoryId: category, title: 'Bald ausgeblendet' });
    const hidden = await forumCall(t.app, 'POST', `/api/forum/threads/${thread.id}/moderation`, { as: admin, payload: { action: 'hide', reason: 'Spam' } });
    expect(hidden.statusCode).toBe(200);
    expect((await forumCall(t.app, 'GET', `/forum/t/${thread.id}/${thread.slug}`)).statusCode).toBe(404);
    expect((await forumCall(t.app, 'GET', `/forum/t/${thread.id}/${thread.slug}`, { as: nadel })).statusCode).toBe(404);
    const own = await forumCall(t.app, 'GET', `/forum/t/${thread.id}/${thread.slug}`, { as: lena });
    expect(own.statusCode).toBe(200);
    expect(headOf(own.body).robots).toBe('noindex');
  });

  it('names a category page’s title in the request’s language', async () => {
    const res = await forumCall(t.app, 'GET', '/de/forum/c/technique-machines');
    expect(res.statusCode).toBe(200);
    expect(headOf(res.body).title).toBe('Technik & Maschinen – Forum | Tattoo Guest Spots'.replace('&', '&amp;'));
  });
});
