import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lookup, type Dict } from '../../../common/i18n';
import { LANGUAGES } from '../../../common/languages';
import { MAIL_EXCERPT_CHARS } from '../../../common/schemas/messages';
import { isReservedName } from '../../../common/username';
import { createDb } from '../../db/index';
import { describeEachEngine, useTestApp } from '../../test/app';
import { createArtist, createStudio, createUser, createUsers, type TestUser } from '../../test/factories';
import { multipartBody } from '../../test/multipart';
import { insertMessage } from '../safety/testing';
import { unsubscribeToken } from './token';
import { MAIL_IDLE_MS, runOnce } from './unread-mail';

const MINUTE = 60_000;

/** A mail file read back: its header fields (unfolded, by lower-case name) and its decoded text. */
interface ParsedMail {
  headers: Map<string, string>;
  text: string;
}

function parseMail(raw: string): ParsedMail {
  const split = raw.indexOf('\n\n');
  const head = raw.slice(0, split).replace(/\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of head.split('\n')) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  let body = raw.slice(split + 2);
  if (/quoted-printable/i.test(headers.get('content-transfer-encoding') ?? '')) {
    const bytes: number[] = [];
    const soft = body.replace(/=\r?\n/g, '');
    for (let i = 0; i < soft.length; i++) {
      const hex = soft[i] === '=' ? soft.slice(i + 1, i + 3) : '';
      if (/^[0-9A-F]{2}$/i.test(hex)) {
        bytes.push(parseInt(hex, 16));
        i += 2;
      } else bytes.push(...Buffer.from(soft[i] as string, 'utf8'));
    }
    body = Buffer.from(bytes).toString('utf8');
  } else if (/base64/i.test(headers.get('content-transfer-encoding') ?? '')) {
    body = Buffer.from(body, 'base64').toString('utf8');
  }
  return { headers, text: body };
}

describe('the unread-message mail texts', () => {
  const placeholders = (text: string | undefined) => [...(text ?? '').matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

  it('exist in all five languages with the same placeholders', async () => {
    const load = async (lang: string) => (await import(`../../../common/locales/${lang}/mail.json`)).default as Dict;
    const en = await load('en');
    for (const lang of LANGUAGES) {
      const dict = await load(lang);
      for (const key of ['subject', 'body', 'line', 'more'].map((k) => `unreadMessages.${k}`)) {
        expect(lookup(dict, key), `${lang}:${key}`).toBeTruthy();
        expect(placeholders(lookup(dict, key)), `${lang}:${key}`).toEqual(placeholders(lookup(en, key)));
      }
    }
  });

  it('keep the unsubscribe page’s name from becoming a username', () => {
    expect(isReservedName('Unsubscribe')).toBe(true);
  });
});

describeEachEngine('message mail preferences', (engine) => {
  const t = useTestApp(engine);
  const prefs = (method: 'GET' | 'PUT', as: TestUser | null, payload?: unknown) =>
    t.app.inject({ method, url: '/api/profile/preferences', headers: as ? { cookie: as.cookie } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });

  it('reads and writes one’s own preferences, only the fields sent', async () => {
    const me = await createArtist(t.app);
    const initial = await prefs('GET', me);
    expect(initial.statusCode).toBe(200);
    expect(initial.json()).toEqual({ success: true, preferences: { language: 'en', emailOnMessage: true, emailOnForumReply: true, emailOnForumMention: true }, language: 'en', emailOnMessage: true, emailOnForumReply: true, emailOnForumMention: true });

    const german = await prefs('PUT', me, { language: 'de' });
    expect(german.json().preferences).toEqual({ language: 'de', emailOnMessage: true, emailOnForumReply: true, emailOnForumMention: true });
    const off = await prefs('PUT', me, { emailOnMessage: false });
    expect(off.json().preferences).toEqual({ language: 'de', emailOnMessage: false, emailOnForumReply: true, emailOnForumMention: true });
    expect((await prefs('PUT', me, {})).json().preferences).toEqual({ language: 'de', emailOnMessage: false, emailOnForumReply: true, emailOnForumMention: true });
    expect((await prefs('GET', me)).json()).toMatchObject({ language: 'de', emailOnMessage: false });
    const row = await t.app.ctx.db.selectFrom('users').select(['language', 'email_on_message']).where('id', '=', me.user.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ language: 'de', email_on_message: 0 });

    // Another user's preferences are untouched: there is no way to name them.
    const other = await createStudio(t.app);
    expect((await prefs('GET', other)).json().preferences).toEqual({ language: 'en', emailOnMessage: true, emailOnForumReply: true, emailOnForumMention: true });
  });

  it('needs a login and refuses bad values', async () => {
    const me = await createArtist(t.app);
    expect((await prefs('GET', null)).statusCode).toBe(401);
    expect((await prefs('PUT', null, { emailOnMessage: false })).statusCode).toBe(401);
    for (const payload of [{ language: 'xx' }, { emailOnMessage: 'no' }, { language: 5 }, { language: 'de', emailOnMessage: 1 }, [1]]) {
      const res = await prefs('PUT', me, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await prefs('GET', me)).json().preferences).toEqual({ language: 'en', emailOnMessage: true, emailOnForumReply: true, emailOnForumMention: true });
  });

  it('is its own route, never a profile named "preferences"', async () => {
    const owner = await createUser(t.app, { username: 'preferences' });
    const profile = await t.app.inject({ method: 'GET', url: '/api/users/by-username/preferences' });
    expect(profile.json()).toMatchObject({ id: owner.user.id });
    expect((await prefs('GET', null)).statusCode).toBe(401);
    const mine = await createArtist(t.app);
    expect((await prefs('GET', mine)).json()).toMatchObject({ success: true, preferences: { language: 'en', emailOnMessage: true } });
  });
});

describeEachEngine('unsubscribe', (engine) => {
  const t = useTestApp(engine);
  const flag = async (id: number) =>
    (await t.app.ctx.db.selectFrom('users').select('email_on_message').where('id', '=', id).executeTakeFirstOrThrow()).email_on_message;

  it('turns the mail off with the signed token, without a session, also as a one-click POST from another site', async () => {
    const me = await createArtist(t.app);
    const token = unsubscribeToken(t.config.sessionSecret, me.user.id);

    const check = await t.app.inject({ method: 'GET', url: `/api/notifications/unsubscribe/${token}` });
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({ success: true, valid: true, email: `u***@example.test`, emailOnMessage: true });

    // RFC 8058: the mail provider posts the form body from its own servers or a webmail page.
    const oneClick = await t.app.inject({
      method: 'POST',
      url: `/api/notifications/unsubscribe/${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example.net', 'sec-fetch-site': 'cross-site' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.json()).toEqual({ success: true, emailOnMessage: false });
    expect(await flag(me.user.id)).toBe(0);
    expect((await t.app.inject({ method: 'POST', url: `/api/notifications/unsubscribe/${token}` })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/notifications/unsubscribe/${token}` })).json().emailOnMessage).toBe(false);

    // Some clients send the same field as multipart/form-data.
    const third = await createArtist(t.app);
    const form = await multipartBody({ 'List-Unsubscribe': 'One-Click' });
    const multipart = await t.app.inject({ method: 'POST', url: `/api/notifications/unsubscribe/${unsubscribeToken(t.config.sessionSecret, third.user.id)}`, ...form });
    expect(multipart.statusCode).toBe(200);
    expect(await flag(third.user.id)).toBe(0);

    // The page's button posts without a body, same-site.
    const other = await createStudio(t.app);
    const page = await t.app.inject({ method: 'POST', url: `/api/notifications/unsubscribe/${unsubscribeToken(t.config.sessionSecret, other.user.id)}`, headers: { origin: 'http://localhost:3000' } });
    expect(page.statusCode).toBe(200);
    expect(await flag(other.user.id)).toBe(0);
  });

  it('refuses a bad token with 400 and changes nothing', async () => {
    const me = await createArtist(t.app);
    const good = unsubscribeToken(t.config.sessionSecret, me.user.id);
    const [, mac] = good.split('.');
    const other = await createStudio(t.app);
    const bad = [
      `${other.user.id}.${mac}`,
      unsubscribeToken('another secret', me.user.id),
      `${me.user.id}.${'A'.repeat(43)}`,
      'nonsense',
      `${me.user.id}`,
      unsubscribeToken(t.config.sessionSecret, 999999),
      'x'.repeat(90),
    ];
    for (const token of bad) {
      const res = await t.app.inject({ method: 'POST', url: `/api/notifications/unsubscribe/${encodeURIComponent(token)}` });
      expect(res.statusCode, token).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'unsubscribeTokenInvalid', error: 'This unsubscribe link is not valid.' });
      expect((await t.app.inject({ method: 'GET', url: `/api/notifications/unsubscribe/${encodeURIComponent(token)}` })).statusCode, token).toBe(400);
    }
    expect(await flag(me.user.id)).toBe(1);
    expect(await flag(other.user.id)).toBe(1);
  });

  it('sends a browser opening the address to the page, and keeps the cross-site check everywhere else', async () => {
    const me = await createArtist(t.app);
    const token = unsubscribeToken(t.config.sessionSecret, me.user.id);
    const browser = await t.app.inject({ method: 'GET', url: `/api/notifications/unsubscribe/${token}`, headers: { accept: 'text/html,*/*', 'x-language': 'de' } });
    expect(browser.statusCode).toBe(303);
    expect(browser.headers.location).toBe(`/de/unsubscribe/${token}`);
    const page = await t.app.inject({ method: 'GET', url: `/unsubscribe/${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('noindex');

    const forged = await t.app.inject({ method: 'PUT', url: '/api/profile/preferences', headers: { cookie: me.cookie, 'sec-fetch-site': 'cross-site' }, payload: { emailOnMessage: false } });
    expect(forged.statusCode).toBe(403);
    const sneaky = await t.app.inject({ method: 'PUT', url: `/api/profile/preferences?x=/api/notifications/unsubscribe/${token}`, headers: { cookie: me.cookie, 'sec-fetch-site': 'cross-site' }, payload: { emailOnMessage: false } });
    expect(sneaky.statusCode).toBe(403);
    expect(await flag(me.user.id)).toBe(1);
  });
});

describeEachEngine('unread-message mail', (engine) => {
  const t = useTestApp(engine);
  const mailDir = () => path.join(t.config.dataDir, 'mail');
  const mailsTo = (user: TestUser): ParsedMail[] => {
    const safe = user.email.replace(/[^a-zA-Z0-9@._-]/g, '_');
    if (!existsSync(mailDir())) return [];
    return readdirSync(mailDir())
      .filter((f) => f.endsWith(`-${safe}.eml`))
      .sort()
      .map((f) => parseMail(readFileSync(path.join(mailDir(), f), 'utf8').replace(/\r\n/g, '\n')));
  };
  const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
  const setUser = (id: number, change: { language?: string | null; last_active_at?: string | null; email_on_message?: number }) =>
    t.app.ctx.db.updateTable('users').set(change).where('id', '=', id).execute();
  const run = (at = new Date()) => runOnce(t.app.ctx, at);
  // Any request marks its user active; these users then stepped away.
  // The activity mark of the users' last requests is written after their answers: let it land
  // first (the process writes it at most once a minute per user), then date it back.
  const idle = async (...users: TestUser[]) => {
    await new Promise((resolve) => setImmediate(resolve));
    await t.app.services.events.presence.idle();
    await t.app.ctx.db.updateTable('users').set({ last_active_at: ago(MAIL_IDLE_MS + MINUTE) }).where('id', 'in', users.map((u) => u.user.id)).execute();
  };

  it('mails an idle user once, in their language, with senders, counts, excerpts and the unsubscribe headers', async () => {
    const [me, anna, ben] = await createUsers(t.app, 'studio', 'artist', 'artist');
    await setUser(me.user.id, { language: 'de' });
    const long = `${'Lorem ipsum dolor sit amet, '.repeat(8)}Ende`;
    await insertMessage(t.app, { from: anna.user.id, to: me.user.id, content: 'Erste Nachricht', createdAt: ago(30 * MINUTE) });
    await insertMessage(t.app, { from: anna.user.id, to: me.user.id, content: 'Hast du\nim Mai Zeit?', createdAt: ago(20 * MINUTE) });
    await insertMessage(t.app, { from: ben.user.id, to: me.user.id, content: long, createdAt: ago(12 * MINUTE) });

    await run();
    const mails = mailsTo(me);
    expect(mails).toHaveLength(1);
    const mail = mails[0] as ParsedMail;
    const token = unsubscribeToken(t.config.sessionSecret, me.user.id);
    expect(mail.headers.get('list-unsubscribe')).toBe(`<http://localhost:3000/api/notifications/unsubscribe/${token}>`);
    expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(mail.headers.get('to')).toBe(me.email);
    expect(mail.headers.has('content-type') && !/html/i.test(mail.headers.get('content-type') as string)).toBe(true);

    expect(mail.text).toContain(`Hallo ${me.user.name},`);
    expect(mail.text).toContain(`${anna.user.name} (2 ungelesen): „Hast du im Mai Zeit?“`);
    const benLine = `${ben.user.name} (1 ungelesen): „${long.slice(0, MAIL_EXCERPT_CHARS)}…“`;
    expect(mail.text).toContain(benLine);
    expect(mail.text).not.toContain('Ende');
    // The newest conversation comes first.
    expect(mail.text.indexOf(ben.user.name)).toBeLessThan(mail.text.indexOf(anna.user.name));
    expect(mail.text).toContain('http://localhost:3000/de/messages');
    expect(mail.text).toContain(`http://localhost:3000/de/unsubscribe/${token}`);

    // The address in the header works as the one-click call.
    const oneClick = await t.app.inject({ method: 'POST', url: `/api/notifications/unsubscribe/${token}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect(oneClick.statusCode).toBe(200);
  });

  it('never mails twice: not on the next run, not within the hour, and later only for messages newer than the mail', async () => {
    const me = await createArtist(t.app);
    const sender = await createStudio(t.app);
    await insertMessage(t.app, { from: sender.user.id, to: me.user.id, content: 'Alt', createdAt: ago(15 * MINUTE) });
    const now = Date.now();
    await run(new Date(now));
    await run(new Date(now));
    await run(new Date(now + 50 * MINUTE));
    expect(mailsTo(me)).toHaveLength(1);
    // Two hours on, nothing new arrived: nothing to tell.
    await run(new Date(now + 120 * MINUTE));
    expect(mailsTo(me)).toHaveLength(1);
    // A new message after the mail: the next mail names only it.
    await insertMessage(t.app, { from: sender.user.id, to: me.user.id, content: 'Neu', createdAt: new Date(now + 100 * MINUTE).toISOString() });
    await run(new Date(now + 120 * MINUTE));
    const mails = mailsTo(me);
    expect(mails).toHaveLength(2);
    expect(mails[1]?.text).toContain(`${sender.user.name} (1 unread): “Neu”`);
    expect(mails[1]?.text).not.toContain('Alt');
  });

  it('sends one mail when two job instances run at once', async () => {
    const me = await createArtist(t.app);
    const sender = await createStudio(t.app);
    await insertMessage(t.app, { from: sender.user.id, to: me.user.id, createdAt: ago(15 * MINUTE) });
    // A second connection pool stands for a second process on the same database.
    const otherDb = createDb(t.config.database);
    try {
      const now = new Date();
      const results = await Promise.all([
        runOnce(t.app.ctx, now),
        runOnce({ ...t.app.ctx, db: otherDb }, now),
        runOnce(t.app.ctx, now),
        runOnce({ ...t.app.ctx, db: otherDb }, now),
      ]);
      expect(results.every((r) => r.failed === 0)).toBe(true);
    } finally {
      await otherDb.destroy();
    }
    expect(mailsTo(me)).toHaveLength(1);
  });

  it('sends nothing for messages read meanwhile, too new, to an active user or to one who turned the mail off', async () => {
    const [reader, fresh, active, off, sender] = await createUsers(t.app, 'artist', 'artist', 'artist', 'artist', 'studio');
    await insertMessage(t.app, { from: sender.user.id, to: reader.user.id, createdAt: ago(30 * MINUTE), read: true });
    await insertMessage(t.app, { from: sender.user.id, to: fresh.user.id, createdAt: ago(MAIL_IDLE_MS - MINUTE) });
    await insertMessage(t.app, { from: sender.user.id, to: active.user.id, createdAt: ago(30 * MINUTE) });
    await setUser(active.user.id, { last_active_at: ago(5 * MINUTE) });
    await insertMessage(t.app, { from: sender.user.id, to: off.user.id, createdAt: ago(30 * MINUTE) });
    await t.app.inject({ method: 'PUT', url: '/api/profile/preferences', headers: { cookie: off.cookie }, payload: { emailOnMessage: false } });
    await idle(off);

    await run();
    for (const user of [reader, fresh, active, off, sender]) expect(mailsTo(user), user.email).toHaveLength(0);
    const slots = await t.app.ctx.db.selectFrom('users').select('message_mail_at').where('id', 'in', [reader.user.id, fresh.user.id, active.user.id, off.user.id]).execute();
    expect(slots.every((s) => s.message_mail_at === null)).toBe(true);

    // Idle long enough after all: the mail follows.
    await setUser(active.user.id, { last_active_at: ago(11 * MINUTE) });
    await run();
    expect(mailsTo(active)).toHaveLength(1);
  });

  it('sends nothing about a sender blocked either way, and leaves them out of a mail about others', async () => {
    const [blocker, blockedOne, victim, blockingSender, both, friend] = await createUsers(t.app, 'artist', 'studio', 'artist', 'studio', 'artist', 'studio');

    // The receiver blocked the sender.
    await insertMessage(t.app, { from: blockedOne.user.id, to: blocker.user.id, createdAt: ago(30 * MINUTE) });
    await t.app.inject({ method: 'POST', url: `/api/users/${blockedOne.user.id}/block`, headers: { cookie: blocker.cookie } });
    // The sender blocked the receiver after writing.
    await insertMessage(t.app, { from: blockingSender.user.id, to: victim.user.id, createdAt: ago(30 * MINUTE) });
    await t.app.inject({ method: 'POST', url: `/api/users/${victim.user.id}/block`, headers: { cookie: blockingSender.cookie } });
    // One blocked sender and one friend write to the same user.
    await insertMessage(t.app, { from: blockedOne.user.id, to: both.user.id, content: 'Geheim', createdAt: ago(30 * MINUTE) });
    await insertMessage(t.app, { from: friend.user.id, to: both.user.id, content: 'Hallo Freund', createdAt: ago(30 * MINUTE) });
    await t.app.inject({ method: 'POST', url: `/api/users/${blockedOne.user.id}/block`, headers: { cookie: both.cookie } });

    await idle(blocker, victim, both);
    await run();
    expect(mailsTo(blocker)).toHaveLength(0);
    expect(mailsTo(victim)).toHaveLength(0);
    const [mail] = mailsTo(both);
    expect(mail?.text).toContain(`${friend.user.name} (1 unread): “Hallo Freund”`);
    expect(mail?.text).not.toContain('Geheim');
    expect(mail?.text).not.toContain(blockedOne.user.name);
  });
});
