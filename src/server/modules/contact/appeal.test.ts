import { beforeAll, expect, it } from 'vitest';
import { describeEachEngine, type Engine, useTestApp } from '../../test/app';
import { createUser, type TestUser } from '../../test/factories';
import { makeAdmin } from '../../test/listing-factories';
import { callerFor } from '../../test/call-as';
import { mailsTo } from '../../test/mail-files';
import { usePeople } from '../../test/people';
import { appealToken } from './appeal-token';

const DAY_MS = 24 * 60 * 60_000;

describeEachEngine('suspension appeals', (engine: Engine) => {
  const t = useTestApp(engine);
  const people = usePeople(t, { admin: 'artist' });
  beforeAll(async () => {
    await makeAdmin(t.app, people.admin);
  });
  const call = callerFor(t);
  // Each from its own address: the contact form takes five messages an hour from one.
  let sender = 0;
  const send = (payload: object, lang = 'en') =>
    t.app.inject({ method: 'POST', url: '/api/contact', payload, remoteAddress: `10.77.${Math.floor(++sender / 250)}.${sender % 250}`, headers: { 'accept-language': lang } });
  const message = (appeal: string, extra: object = {}) => ({ name: 'Jana', email: 'jana@example.test', subject: 'Appeal', message: 'The picture is my own work, see my sketches.', appeal, ...extra });

  /** Suspends a German-speaking user through the admin API; answers the user and the token from the mail. */
  async function suspended(body: object = { reason: 'Stolen pictures in the portfolio' }): Promise<{ user: TestUser; token: string; mail: string }> {
    const user = await createUser(t.app);
    await t.app.ctx.db.updateTable('users').set({ language: 'de' }).where('id', '=', user.user.id).execute();
    const res = await call('POST', `/api/admin/users/${user.user.id}/suspend`, { as: people.admin, payload: body });
    expect(res.statusCode, res.body).toBe(200);
    await t.app.ctx.outbox.drain();
    const mail = mailsTo(t.config.dataDir, user.email).at(-1) ?? '';
    const token = /\/de\/contact\?appeal=(\S+)/.exec(mail)?.[1];
    expect(token, mail).toBeDefined();
    return { user, token: token as string, mail };
  }

  const stored = (userId: number) =>
    t.app.ctx.db.selectFrom('contact_messages').select(['id', 'status', 'appeal_user_id', 'appeal_suspended_at', 'subject']).where('appeal_user_id', '=', userId).execute();

  it('mails the reason, the end and a link to the contact page in the user’s language', async () => {
    const until = new Date(Date.now() + 40 * DAY_MS).toISOString();
    const { mail } = await suspended({ reason: 'Harassment in messages', until });
    expect(mail).toContain('Grund: Harassment in messages');
    const day = new Intl.DateTimeFormat('de-DE', { dateStyle: 'long', timeZone: 'Europe/Berlin' }).format(new Date(until));
    expect(mail).toContain(`bis ${day} gesperrt`);
    expect(mail).toContain('innerhalb von 20 Tagen einmal Einspruch');
    const open = await suspended();
    expect(open.mail).toContain('bis auf Weiteres gesperrt');
  });

  it('takes one appeal per suspension, tagged, and answers a second 409 in the request’s language', async () => {
    const { user, token } = await suspended();
    const info = await call('GET', `/api/contact/appeal?token=${token}`);
    expect(info.statusCode).toBe(200);
    expect(info.json().appeal).toMatchObject({ email: user.email });
    expect(Date.parse(info.json().appeal.deadline) - Date.now()).toBeGreaterThan(19 * DAY_MS);

    expect((await send(message(token))).statusCode).toBe(201);
    const rows = await stored(user.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'appeal', appeal_user_id: user.user.id });

    const again = await send(message(token), 'de');
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('Du hast gegen diese Sperre bereits Einspruch eingelegt. Wir antworten dir per E-Mail.');
    expect((await call('GET', `/api/contact/appeal?token=${token}`, { lang: 'fr' })).json().error).toBe('Tu as déjà fait appel de cette suspension. Nous te répondrons par e-mail.');
    expect(await stored(user.user.id)).toHaveLength(1);
  });

  it('refuses a forged, a malformed and an expired token, and one of a lifted suspension', async () => {
    const { user, token } = await suspended();
    const forged = `${token.slice(0, -3)}${token.endsWith('AAA') ? 'BBB' : 'AAA'}`;
    expect((await send(message(forged))).statusCode).toBe(400);
    // Signed for another user: the signature does not fit.
    const [, at, sig] = token.split('.');
    expect((await send(message(`${user.user.id + 1}.${at}.${sig}`))).statusCode).toBe(400);
    const malformed = await send(message('not-a-token'), 'de');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toBe('Dieser Einspruchslink ist ungültig. Bitte nutze den Link aus unserer E-Mail.');
    expect((await call('GET', '/api/contact/appeal?token=x')).statusCode).toBe(400);

    // Suspended 21 days ago: the 20 days are over.
    const old = new Date(Date.now() - 21 * DAY_MS).toISOString();
    await t.app.ctx.db.updateTable('users').set({ suspended_at: old }).where('id', '=', user.user.id).execute();
    const expired = await send(message(appealToken(t.app.ctx.config.sessionSecret, user.user.id, old)), 'de');
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error).toBe('Die 20 Tage für einen Einspruch gegen diese Sperre sind abgelaufen.');

    const lifted = await suspended();
    expect((await call('POST', `/api/admin/users/${lifted.user.user.id}/unsuspend`, { as: people.admin, payload: { reason: 'Sorted out' } })).statusCode).toBe(200);
    expect((await send(message(lifted.token))).statusCode).toBe(410);
    expect(await stored(user.user.id)).toHaveLength(0);
    expect(await stored(lifted.user.user.id)).toHaveLength(0);
  });

  it('shows appeals in the admin inbox under their own status, counted, linked to the account', async () => {
    const summaryBefore = (await call('GET', '/api/admin/summary', { as: people.admin })).json().newContactMessages as number;
    const { user, token } = await suspended();
    expect((await send(message(token, { subject: 'Einspruch gegen die Sperre meines Kontos' }))).statusCode).toBe(201);
    expect((await send({ name: 'Otto', email: 'otto@example.test', subject: '', message: 'A plain question about guest spots.' })).statusCode).toBe(201);

    const appeals = await call('GET', '/api/admin/contact?status=appeal', { as: people.admin });
    expect(appeals.statusCode).toBe(200);
    const listed = appeals.json().messages as { id: number; status: string; subject: string }[];
    expect(listed.every((m) => m.status === 'appeal')).toBe(true);
    const mine = listed.find((m) => m.subject === 'Einspruch gegen die Sperre meines Kontos');
    expect(mine).toBeDefined();
    expect((await call('GET', '/api/admin/summary', { as: people.admin })).json().newContactMessages).toBe(summaryBefore + 2);

    const detail = await call('GET', `/api/admin/contact/${mine?.id}`, { as: people.admin });
    expect(detail.json().message).toMatchObject({ status: 'appeal', user: { id: user.user.id }, appeal: { suspendedAt: expect.any(String) } });
    // Opening it leaves it an appeal until an admin answers or moves it.
    expect((await call('GET', `/api/admin/contact?status=appeal`, { as: people.admin })).json().messages.map((m: { id: number }) => m.id)).toContain(mine?.id);
  });

  if (engine === 'postgres') {
    it('keeps one of many appeals sent at once', async () => {
      const { user, token } = await suspended();
      const answers = await Promise.all(Array.from({ length: 4 }, () => send(message(token))));
      expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
      expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(3);
      expect(await stored(user.user.id)).toHaveLength(1);
    });
  }
});
