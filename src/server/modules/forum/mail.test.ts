import { beforeAll, expect, it } from 'vitest';
import type { Mail } from '../../lib/mail/index';
import { describeEachEngine, useTestApp } from '../../test/app';
import { createArtist, createStudio, type TestUser } from '../../test/factories';
import { DIGEST_GAP_MS, DIGEST_IDLE_MS, runDigest } from './mail';
import { forumUnsubscribeToken } from './token';
import { ageAccount, categoryIds, forumCall, postReply, postThread } from './testing';

const MINUTE = 60_000;

describeEachEngine('forum mail digest', (engine) => {
  const t = useTestApp(engine);
  let categoryId: number;
  let lena: TestUser;
  let ben: TestUser;
  let nadel: TestUser;
  const sent: Mail[] = [];
  const mailer = { send: async (mail: Mail) => void sent.push(mail) };
  const run = (at: Date) => runDigest({ ...t.app.ctx, mailer }, at);

  /** The users stepped away, and their notices are older than the digest's wait. */
  const idle = async (...users: TestUser[]) => {
    await new Promise((resolve) => setImmediate(resolve));
    await t.app.services.events.presence.idle();
    const past = new Date(Date.now() - DIGEST_IDLE_MS - MINUTE).toISOString();
    const ids = users.map((u) => u.user.id);
    await t.app.ctx.db.updateTable('users').set({ last_active_at: past }).where('id', 'in', ids).execute();
    await t.app.ctx.db.updateTable('notifications').set({ created_at: past }).where('user_id', 'in', ids).execute();
  };

  beforeAll(async () => {
    categoryId = (await categoryIds(t.app)).get('technique-machines') as number;
    [lena, ben, nadel] = [await createArtist(t.app), await createArtist(t.app), await createStudio(t.app)];
    await ageAccount(t.app, lena, ben, nadel);
    await t.app.ctx.db.updateTable('users').set({ language: 'de' }).where('id', '=', lena.user.id).execute();
  });

  it('mails a watcher and the mentioned one digest in their language with the one-click unsubscribe, then not again within the hour', async () => {
    const thread = await postThread(t.app, lena, { categoryId, title: 'Which needle for whip shading?' });
    await postReply(t.app, ben, thread.id, `A 5RL, ask @${nadel.user.username.replace(/ /g, '-')} too.`);
    await idle(lena, nadel);
    const now = new Date();
    expect(await run(now)).toEqual({ mailed: 2, failed: 0 });
    const toLena = sent.find((m) => m.to === lena.email) as Mail;
    expect(toLena.subject).toBe('Neues im Forum von Tattoo Guest Spots');
    expect(toLena.text).toContain(`${ben.user.name} hat in „Which needle for whip shading?“ geantwortet`);
    expect(toLena.text).toContain(`http://localhost:3000/de/forum/t/${thread.id}/which-needle-for-whip-shading#post-`);
    const token = forumUnsubscribeToken(t.config.sessionSecret, lena.user.id);
    expect(toLena.headers).toEqual({ 'List-Unsubscribe': `<http://localhost:3000/api/forum/unsubscribe/${token}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect(sent.find((m) => m.to === nadel.email)?.text).toContain(`${ben.user.name} mentioned you in “Which needle for whip shading?”`);

    // Lena's unread notice of this thread stands for the next reply too: nothing new to mail her,
    // now or after the hour; Ben, who replied and so watches, hears of Nadel's reply.
    await postReply(t.app, nadel, thread.id, 'Yes, a 5RL works.');
    await idle(lena);
    expect(await run(new Date(now.getTime() + 10 * MINUTE))).toEqual({ mailed: 0, failed: 0 });
    sent.length = 0;
    await run(new Date(now.getTime() + DIGEST_GAP_MS + MINUTE));
    expect(sent.map((m) => m.to)).toEqual([ben.email]);
    expect(sent[0]?.text).toContain(`${nadel.user.name} replied in`);
  });

  it('respects the preference per kind, exposed in the preferences API', async () => {
    const prefs = await forumCall(t.app, 'PUT', '/api/profile/preferences', { as: nadel, payload: { emailOnForumMention: false } });
    expect(prefs.json().preferences).toMatchObject({ emailOnForumMention: false, emailOnForumReply: true });
    expect((await forumCall(t.app, 'PUT', '/api/profile/preferences', { as: nadel, payload: { emailOnForumReply: 'yes' } })).statusCode).toBe(400);
    const thread = await postThread(t.app, lena, { categoryId, title: 'Best cartridges for lining?' });
    await postReply(t.app, ben, thread.id, `Ask @${nadel.user.username.replace(/ /g, '-')}, she knows.`);
    await idle(nadel);
    sent.length = 0;
    await run(new Date(Date.now() + 2 * DIGEST_GAP_MS));
    expect(sent.filter((m) => m.to === nadel.email)).toEqual([]);
  });

  it('turns the forum mails off with the one-click POST; a forged token is refused 400', async () => {
    const token = forumUnsubscribeToken(t.config.sessionSecret, ben.user.id);
    const form = await t.app.inject({ method: 'POST', url: `/api/forum/unsubscribe/${token}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect(form.json()).toEqual({ success: true, emailOnForumReply: false, emailOnForumMention: false });
    const state = await t.app.inject({ method: 'GET', url: `/api/forum/unsubscribe/${token}` });
    expect(state.json()).toMatchObject({ valid: true, emailOnForumReply: false });
    const browser = await t.app.inject({ method: 'GET', url: `/api/forum/unsubscribe/${token}`, headers: { accept: 'text/html', 'accept-language': 'de' } });
    expect(browser.statusCode).toBe(303);
    const forged = await t.app.inject({ method: 'POST', url: `/api/forum/unsubscribe/${ben.user.id}.${'A'.repeat(43)}`, headers: { 'accept-language': 'en' } });
    expect(forged.statusCode).toBe(400);
    const messageToken = await t.app.inject({ method: 'POST', url: '/api/forum/unsubscribe/x' });
    expect(messageToken.statusCode).toBe(400);
  });
});
