import { expect, it } from 'vitest';
import { createDb } from '../../db/index';
import type { Mail } from '../../lib/mail/index';
import { describeEachEngine, useTestApp } from '../../test/app';
import { createArtist, type TestUser } from '../../test/factories';
import { runOnce } from './reminders';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describeEachEngine('post reminders', (engine) => {
  const t = useTestApp(engine);
  const db = () => t.app.ctx.db;

  const capture = () => {
    const sent: Mail[] = [];
    return { sent, mailer: { send: async (mail: Mail) => void sent.push(mail) } };
  };
  const featuredUser = async (language: string | null = null): Promise<TestUser> => {
    const user = await createArtist(t.app);
    await db().updateTable('users').set({ featured_until: new Date(Date.now() + 30 * DAY).toISOString(), language }).where('id', '=', user.user.id).execute();
    return user;
  };
  const plan = async (user: TestUser, body: object) => {
    const picture = await db()
      .insertInto('instagram_media')
      .values({ user_id: user.user.id, image_url: '/uploads/instagram/x-large.webp', medium_url: '/uploads/instagram/x-medium.webp', thumbnail_url: '/uploads/instagram/x-thumbnail.webp', width: 10, height: 10, created_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await t.app.inject({ method: 'POST', url: '/api/instagram/posts', headers: { cookie: user.cookie }, payload: { type: 'feed_post', status: 'planned', mediaId: picture.id, ...body } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().post as { id: number; plannedAt: string };
  };
  const mine = (mails: Mail[], user: TestUser) => mails.filter((m) => m.to === user.email);

  it('mails once at the planned time, in the user’s language, with caption, hashtags and the link', async () => {
    const user = await featuredUser('de');
    const post = await plan(user, { caption: 'Neues Rosen-Motiv 🌹\nTermine frei!', hashtags: ['tattoo', 'rosen_tattoo'], plannedAt: new Date(Date.now() + 2 * HOUR).toISOString() });
    const { sent, mailer } = capture();

    // Not yet due.
    await runOnce({ ...t.app.ctx, mailer }, new Date(Date.now() + HOUR));
    expect(mine(sent, user)).toEqual([]);

    const due = new Date(Date.parse(post.plannedAt) + 1000);
    await runOnce({ ...t.app.ctx, mailer }, due);
    const [mail, ...rest] = mine(sent, user);
    expect(rest).toEqual([]);
    expect(mail?.subject).toBe('Zeit für deinen Feed-Beitrag auf Instagram');
    expect(mail?.text).toContain('Neues Rosen-Motiv 🌹\nTermine frei!');
    expect(mail?.text).toContain('#tattoo #rosen_tattoo');
    expect(mail?.text).toContain(`http://localhost:3000/de/${user.user.username}/posts`);
    expect(mail?.text).toMatch(/^Hallo /);

    // Later runs send nothing more.
    await runOnce({ ...t.app.ctx, mailer }, new Date(due.getTime() + HOUR));
    expect(mine(sent, user)).toHaveLength(1);
  });

  it('writes English for a user without a language and says when caption or hashtags are empty', async () => {
    const user = await featuredUser(null);
    const post = await plan(user, { type: 'reel', plannedAt: new Date(Date.now() + HOUR).toISOString() });
    const { sent, mailer } = capture();
    await runOnce({ ...t.app.ctx, mailer }, new Date(Date.parse(post.plannedAt) + 1));
    const [mail] = mine(sent, user);
    expect(mail?.subject).toBe('Time for your reel on Instagram');
    expect(mail?.text).toContain('(no caption)');
    expect(mail?.text).toContain('(no hashtags)');
    expect(mail?.text).toContain(`http://localhost:3000/${user.user.username}/posts`);
  });

  it('sends a new reminder when the planned time moves, and none for posts no longer planned', async () => {
    const user = await featuredUser('fr');
    const first = new Date(Date.now() + HOUR).toISOString();
    const post = await plan(user, { caption: 'Flash du jour', plannedAt: first });
    const dropped = await plan(user, { plannedAt: first });
    const { sent, mailer } = capture();
    await t.app.inject({ method: 'PUT', url: `/api/instagram/posts/${dropped.id}`, headers: { cookie: user.cookie }, payload: { type: 'feed_post', status: 'cancelled' } });
    await runOnce({ ...t.app.ctx, mailer }, new Date(Date.parse(first) + 1));
    expect(mine(sent, user)).toHaveLength(1);
    expect(mine(sent, user)[0]?.subject).toBe('C’est l’heure de ta publication sur Instagram');

    // Moved to tomorrow: a new reminder then, not before.
    const second = new Date(Date.now() + DAY).toISOString();
    const moved = await t.app.inject({ method: 'PUT', url: `/api/instagram/posts/${post.id}`, headers: { cookie: user.cookie }, payload: { type: 'feed_post', plannedAt: second } });
    expect(moved.statusCode, moved.body).toBe(200);
    const row = await db().selectFrom('instagram_posts').select('reminded_at').where('id', '=', post.id).executeTakeFirstOrThrow();
    expect(row.reminded_at).toBeNull();
    await runOnce({ ...t.app.ctx, mailer }, new Date(Date.parse(second) - 1000));
    expect(mine(sent, user)).toHaveLength(1);
    await runOnce({ ...t.app.ctx, mailer }, new Date(Date.parse(second) + 1000));
    expect(mine(sent, user)).toHaveLength(2);

    // Editing the caption keeps the time and sends nothing again.
    await t.app.inject({ method: 'PUT', url: `/api/instagram/posts/${post.id}`, headers: { cookie: user.cookie }, payload: { type: 'feed_post', status: 'published' } });
    await runOnce({ ...t.app.ctx, mailer }, new Date(Date.parse(second) + 2 * DAY));
    expect(mine(sent, user)).toHaveLength(2);
  });

  it('sends each reminder once when several processes run at the same time', async () => {
    const users = [await featuredUser('en'), await featuredUser('es'), await featuredUser('pt')];
    const at = new Date(Date.now() + HOUR).toISOString();
    for (const user of users) for (let i = 0; i < 3; i++) await plan(user, { caption: `Post ${i}`, plannedAt: at });
    const { sent, mailer } = capture();
    const otherDb = createDb(t.config.database);
    try {
      const now = new Date(Date.parse(at) + 1000);
      const results = await Promise.all([
        runOnce({ ...t.app.ctx, mailer }, now),
        runOnce({ ...t.app.ctx, db: otherDb, mailer }, now),
        runOnce({ ...t.app.ctx, mailer }, now),
        runOnce({ ...t.app.ctx, db: otherDb, mailer }, now),
      ]);
      expect(results.reduce((sum, r) => sum + r.mailed, 0)).toBe(sent.length);
    } finally {
      await otherDb.destroy();
    }
    for (const user of users) expect(mine(sent, user)).toHaveLength(3);
    expect(mine(sent, users[1] as TestUser)[0]?.subject).toBe('Es la hora de tu publicación en el feed en Instagram');
  });

  it('logs a failed mail and does not send it again', async () => {
    const user = await featuredUser('pt');
    const post = await plan(user, { plannedAt: new Date(Date.now() + HOUR).toISOString() });
    const failures: number[] = [];
    const result = await runOnce(
      { ...t.app.ctx, mailer: { send: async () => Promise.reject(new Error('SMTP down')) } },
      new Date(Date.parse(post.plannedAt) + 1),
      (_err, postId) => failures.push(postId),
    );
    expect(result.failed).toBeGreaterThanOrEqual(1);
    expect(failures).toContain(post.id);
    const { sent, mailer } = capture();
    await runOnce({ ...t.app.ctx, mailer }, new Date(Date.parse(post.plannedAt) + HOUR));
    expect(mine(sent, user)).toEqual([]);
  });
});
