import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type InjectOptions } from 'fastify';
import { afterEach, expect, it, vi } from 'vitest';
import type { Mail } from '../../lib/mail/index';
import { describeEachEngine, useTestApp } from '../../test/app';
import { createArtist, createStudio, sessionCookie } from '../../test/factories';
import { decodeQuotedPrintable } from '../../test/mail-files';
import { sessionTag } from '../../lib/answer-cache/index';
import { LIMITS } from './service';
import { hashToken } from './sessions';
import { scheduleSweep, sweepExpired } from './sweep';

const DAY_MS = 24 * 60 * 60_000;

/** The mails to an address, waiting for them since mails leave after the answer. */
async function mailsTo(dataDir: string, email: string, count = 1): Promise<string[]> {
  const dir = path.join(dataDir, 'mail');
  const local = email.split('@')[0] as string;
  for (let i = 0; i < 100; i++) {
    const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.eml') && f.includes(local)).sort() : [];
    if (files.length >= count) {
      return files.map((f) => decodeQuotedPrintable(readFileSync(path.join(dir, f), 'latin1')));
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no ${count} mail(s) to ${email}`);
}

const tokenOf = (mail: string) => /token=([A-Za-z0-9_-]+)/.exec(mail)?.[1] as string;

describeEachEngine('accounts and sessions', (engine) => {
  const t = useTestApp(engine);
  const inject = (opts: InjectOptions) => t.app.inject(opts);
  afterEach(() => vi.restoreAllMocks());
  const forgot = (email: string, remoteAddress = '10.9.0.1') =>
    inject({ method: 'POST', url: '/api/auth/forgot-password', remoteAddress, payload: { email } });
  const reset = (token: string, password: string) => inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password } });
  const login = (email: string, password: string, remoteAddress = '10.8.0.1') =>
    inject({ method: 'POST', url: '/api/auth/login', remoteAddress, payload: { email, password } });

  it('answers the check with authenticated false for a visitor, and me with 401', async () => {
    const check = await inject({ method: 'GET', url: '/api/auth/check' });
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({ authenticated: false, user: null });
    const me = await inject({ method: 'GET', url: '/api/auth/me' });
    expect(me.statusCode).toBe(401);
    expect(me.json().error).toBe('Please log in first.');
    const de = await inject({ method: 'GET', url: '/api/auth/me', headers: { 'accept-language': 'de-DE,de;q=0.9' } });
    expect(de.json().error).toBe('Bitte melde dich zuerst an.');
  });

  it('registers, starts a session and never shows the hash', async () => {
    const res = await inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'Jana@Example.test', username: 'Jana Nadel', password: 'geheim123!', userType: 'studio' },
    });
    expect(res.statusCode).toBe(201);
    const { user } = res.json();
    expect(user).toMatchObject({ username: 'Jana Nadel', name: 'Jana Nadel', email: 'Jana@Example.test', role: 'user', userType: 'studio', featuredUntil: null, avatar: null });
    expect(Object.keys(user).sort()).toEqual(['avatar', 'email', 'featuredUntil', 'id', 'name', 'role', 'userType', 'username']);
    expect(res.body).not.toContain('argon2');
    const cookie = res.cookies.find((c) => c.name === 'tgs_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();
    const check = await inject({ method: 'GET', url: '/api/auth/check', headers: { cookie: sessionCookie(res) } });
    expect(check.json()).toMatchObject({ authenticated: true, user: { id: user.id, userType: 'studio' } });
    for (const url of ['/api/auth/me', '/api/users/current', '/api/auth/refresh-session']) {
      const r = await inject({ method: 'GET', url, headers: { cookie: sessionCookie(res) } });
      expect(r.statusCode).toBe(200);
      expect(r.json().user.id).toBe(user.id);
    }
    const refresh = await inject({ method: 'GET', url: '/api/auth/refresh-session', headers: { cookie: sessionCookie(res) } });
    expect(refresh.json().success).toBe(true);
  });

  it.each([
    [{ email: '', username: 'abc', password: 'geheim123!', userType: 'artist' }, 'Please fill in all required fields.'],
    [{ email: 'a@b.test', username: 'bad$name', password: 'geheim123!', userType: 'artist' }, 'Username can only contain letters, numbers, underscores and spaces.'],
    [{ email: 'a@b.test', username: 'ab', password: 'geheim123!', userType: 'artist' }, 'The username must be between 3 and 30 characters long.'],
    [{ email: 'a@b.test', username: '12345', password: 'geheim123!', userType: 'artist' }, 'The username cannot consist of digits only.'],
    [{ email: 'a@b.test', username: 'Dashboard', password: 'geheim123!', userType: 'artist' }, 'This username is reserved. Please choose another one.'],
    [{ email: 'a@b.test', username: 'guestspots', password: 'geheim123!', userType: 'artist' }, 'This username is reserved. Please choose another one.'],
    [{ email: 'not-an-email', username: 'valid name', password: 'geheim123!', userType: 'artist' }, 'Please enter a valid email address.'],
    [{ email: 'a@b.test', username: 'valid name', password: 'short', userType: 'artist' }, 'The password must be at least 8 characters long.'],
    [{ email: 'a@b.test', username: 'valid name', password: 'geheim123!', userType: 'admin' }, 'Please choose artist or studio.'],
  ])('refuses bad registrations with the spec text (%#)', async (payload, error) => {
    const res = await inject({ method: 'POST', url: '/api/auth/register', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(error);
  });

  it('accepts umlauts and keeps usernames and emails unique case-insensitively', async () => {
    const first = await inject({ method: 'POST', url: '/api/auth/register', payload: { email: 'joerg@example.test', username: 'Jörg Müller', password: 'geheim123!', userType: 'artist' } });
    expect(first.statusCode).toBe(201);
    const sameName = await inject({ method: 'POST', url: '/api/auth/register', payload: { email: 'other@example.test', username: 'jörg-müller', password: 'geheim123!', userType: 'artist' } });
    expect(sameName.statusCode).toBe(400);
    expect(sameName.json().error).toBe('Username can only contain letters, numbers, underscores and spaces.');
    const sameKey = await inject({ method: 'POST', url: '/api/auth/register', payload: { email: 'other@example.test', username: 'JÖRG MÜLLER', password: 'geheim123!', userType: 'artist' } });
    expect(sameKey.statusCode).toBe(409);
    expect(sameKey.json().error).toBe('This username is already taken.');
    const sameEmail = await inject({ method: 'POST', url: '/api/auth/register', payload: { email: 'JOERG@example.test', username: 'Someone Else', password: 'geheim123!', userType: 'artist' } });
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().error).toBe('An account with this email address already exists.');
  });

  it('logs in with a new session id each time and logs out', async () => {
    const u = await createArtist(t.app);
    const a = await inject({ method: 'POST', url: '/api/auth/login', payload: { email: u.email.toUpperCase(), password: u.password } });
    expect(a.statusCode).toBe(200);
    expect(a.json().user.id).toBe(u.user.id);
    const b = await inject({ method: 'POST', url: '/api/auth/login', payload: { email: u.email, password: u.password } });
    expect(sessionCookie(a)).not.toBe(sessionCookie(b));
    const out = await inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: sessionCookie(a) } });
    expect(out.statusCode).toBe(200);
    const after = await inject({ method: 'GET', url: '/api/auth/check', headers: { cookie: sessionCookie(a) } });
    expect(after.json().authenticated).toBe(false);
    const other = await inject({ method: 'GET', url: '/api/auth/check', headers: { cookie: sessionCookie(b) } });
    expect(other.json().authenticated).toBe(true);
  });

  it('answers the same for an unknown email as for a wrong password', async () => {
    const u = await createArtist(t.app);
    const wrong = await inject({ method: 'POST', url: '/api/auth/login', payload: { email: u.email, password: 'falsch-falsch' } });
    const unknown = await inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'nobody@example.test', password: 'falsch-falsch' } });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().error).toBe('Invalid email or password.');
  });

  it('limits failed logins per account with 429 and Retry-After', async () => {
    const u = await createArtist(t.app);
    let last;
    for (let i = 0; i < 11; i++) {
      last = await inject({ method: 'POST', url: '/api/auth/login', payload: { email: u.email, password: 'falsch-falsch' }, remoteAddress: `10.0.0.${i}` });
    }
    expect(last?.statusCode).toBe(429);
    expect(Number(last?.headers['retry-after'])).toBeGreaterThan(0);
    expect(last?.json().error).toMatch(/Too many attempts/);
    const other = await createArtist(t.app);
    const fine = await inject({ method: 'POST', url: '/api/auth/login', payload: { email: other.email, password: other.password }, remoteAddress: '10.0.0.1' });
    expect(fine.statusCode).toBe(200);
  });

  it('refuses a session past its expiry', async () => {
    const u = await createArtist(t.app);
    await t.app.ctx.db.updateTable('sessions').set({ expires_at: '2020-01-01T00:00:00.000Z' }).where('user_id', '=', u.user.id).execute();
    const res = await inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: u.cookie } });
    expect(res.statusCode).toBe(401);
  });

  it('changes the email with the current password only', async () => {
    const u = await createArtist(t.app);
    const visitor = await inject({ method: 'PUT', url: '/api/profile/email', payload: { email: 'x@example.test', password: u.password } });
    expect(visitor.statusCode).toBe(401);
    const missing = await inject({ method: 'PUT', url: '/api/profile/email', headers: { cookie: u.cookie }, payload: { email: 'x@example.test' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe('Please enter your current password.');
    const wrong = await inject({ method: 'PUT', url: '/api/profile/email', headers: { cookie: u.cookie }, payload: { email: 'x@example.test', password: 'nope-nope' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe('The current password is not correct.');
    const newEmail = `new${u.user.id}@example.test`;
    const ok = await inject({ method: 'PUT', url: '/api/profile/email', headers: { cookie: u.cookie }, payload: { email: newEmail, password: u.password } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe('Email address was successfully changed.');
    const login = await inject({ method: 'POST', url: '/api/auth/login', payload: { email: newEmail, password: u.password } });
    expect(login.statusCode).toBe(200);
  });

  it('changes the password by the German rules and ends the other sessions', async () => {
    const u = await createArtist(t.app);
    const second = await inject({ method: 'POST', url: '/api/auth/login', payload: { email: u.email, password: u.password } });
    const put = (newPassword: string, lang = 'de') =>
      inject({ method: 'PUT', url: '/api/profile/password', headers: { cookie: u.cookie, 'x-language': lang }, payload: { currentPassword: u.password, newPassword } });
    expect((await put('kurz1!')).json().error).toBe('Das Passwort muss mindestens 8 Zeichen lang sein.');
    expect((await put('nurbuchstaben!')).json().error).toBe('Das Passwort muss mindestens einen Buchstaben und eine Zahl enthalten.');
    expect((await put('buchstaben123')).json().error).toBe('Das Passwort sollte mindestens ein Sonderzeichen enthalten (z.B. !@#$%^&*).');
    const ok = await put('Neu!Passwort2', 'en');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe('Password has been successfully changed.');
    expect((await inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: u.cookie } })).statusCode).toBe(200);
    expect((await inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: sessionCookie(second) } })).statusCode).toBe(401);
    const login = await inject({ method: 'POST', url: '/api/auth/login', payload: { email: u.email, password: 'Neu!Passwort2' } });
    expect(login.statusCode).toBe(200);
    const visitor = await inject({ method: 'PUT', url: '/api/profile/password', payload: { currentPassword: 'a', newPassword: 'Neu!Passwort3' } });
    expect(visitor.statusCode).toBe(401);
  });

  it('deletes the account with the password and the confirmation word, ending all sessions', async () => {
    const u = await createStudio(t.app);
    const other = await createArtist(t.app);
    const visitor = await inject({ method: 'DELETE', url: '/api/profile/account', payload: { password: u.password } });
    expect(visitor.statusCode).toBe(401);
    const wrongWord = await inject({ method: 'DELETE', url: '/api/profile/account', headers: { cookie: u.cookie }, payload: { password: u.password, confirmation: 'delete' } });
    expect(wrongWord.statusCode).toBe(400);
    expect(wrongWord.json().error).toBe('Please enter "DELETE" to continue.');
    const noPassword = await inject({ method: 'DELETE', url: '/api/profile/account', headers: { cookie: u.cookie }, payload: {} });
    expect(noPassword.json().error).toBe('Please enter your current password.');
    const german = await inject({ method: 'DELETE', url: '/api/profile/account', headers: { cookie: u.cookie, 'x-language': 'de' }, payload: { password: u.password, confirmation: 'LÖSCHEN' } });
    expect(german.statusCode).toBe(200);
    expect((await inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: u.cookie } })).statusCode).toBe(401);
    const login = await inject({ method: 'POST', url: '/api/auth/login', payload: { email: u.email, password: u.password } });
    expect(login.statusCode).toBe(401);
    expect((await inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: other.cookie } })).statusCode).toBe(200);
  });

  it('resets a forgotten password with a single-use mailed link', async () => {
    const u = await createArtist(t.app);
    const unknown = await forgot('ghost@example.test');
    const known = await forgot(u.email);
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    const [mail] = await mailsTo(t.config.dataDir, u.email);
    const token = tokenOf(mail as string);
    expect(token).toBeDefined();
    const weak = await reset(token, 'weak');
    expect(weak.statusCode).toBe(400);
    const ok = await reset(token, 'Frisch!Pass9');
    expect(ok.statusCode).toBe(200);
    expect((await inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: u.cookie } })).statusCode).toBe(401);
    const again = await reset(token, 'Frisch!Pass10');
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toMatch(/invalid or has expired/);
    const ok2 = await login(u.email, 'Frisch!Pass9');
    expect(ok2.statusCode).toBe(200);
  });

  it.each([
    ['password', 'The password must contain at least one letter and one number.'],
    ['12345678', 'The password must contain at least one letter and one number.'],
    ['geheim123', 'The password should contain at least one special character (e.g. !@#$%^&*).'],
    ['P@SSW0RD', 'This password is too common. Please choose another one.'],
  ])('refuses the weak password %s at registration as at a change', async (password, error) => {
    const res = await inject({ method: 'POST', url: '/api/auth/register', payload: { email: 'weak@example.test', username: 'Weak Pass', password, userType: 'artist' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(error);
    const u = await createArtist(t.app);
    const change = await inject({ method: 'PUT', url: '/api/profile/password', headers: { cookie: u.cookie }, payload: { currentPassword: u.password, newPassword: password } });
    expect(change.json().error).toBe(error);
  });

  it('refuses a common password in the language of the request and still takes the demo password', async () => {
    const res = await inject({ method: 'POST', url: '/api/auth/register', headers: { 'x-language': 'fr' }, payload: { email: 'common@example.test', username: 'Common Pass', password: 'p@ssw0rd', userType: 'artist' } });
    expect(res.json().error).toBe('Ce mot de passe est trop courant. Choisis-en un autre.');
    const demo = await createStudio(t.app, { password: 'demo1234!' });
    expect((await login(demo.email, 'demo1234!')).statusCode).toBe(200);
  });

  it('lets at most the limit of 100 parallel wrong guesses reach the password check, and then not the right one', async () => {
    const u = await createArtist(t.app);
    const guesses = await Promise.all(Array.from({ length: 100 }, (_, i) => login(u.email, `wrong-guess-${i}!`, `10.7.${i}.1`)));
    const statuses = guesses.map((r) => r.statusCode);
    // Every 401 is a guess that reached the password check; every other one was refused before it.
    expect(statuses.filter((s) => s === 401)).toHaveLength(LIMITS.loginAccount.max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(100 - LIMITS.loginAccount.max);
    expect((await login(u.email, u.password, '10.7.200.1')).statusCode).toBe(429);
    const later = Date.now() + LIMITS.loginAccount.windowMs + 1000;
    vi.spyOn(Date, 'now').mockReturnValue(later);
    expect((await login(u.email, u.password, '10.7.200.1')).statusCode).toBe(200);
  });

  it('counts parallel guesses from one address against the address limit before checking them', async () => {
    const victims = await Promise.all(Array.from({ length: 12 }, () => createArtist(t.app)));
    const guesses = await Promise.all(
      Array.from({ length: 60 }, (_, i) => login((victims[i % victims.length] as { email: string }).email, `wrong-guess-${i}!`, '10.6.6.6')),
    );
    expect(guesses.filter((r) => r.statusCode === 401)).toHaveLength(LIMITS.loginIp.max);
    expect(guesses.filter((r) => r.statusCode === 429)).toHaveLength(60 - LIMITS.loginIp.max);
  });

  it('does not count successful logins against the address', async () => {
    const u = await createArtist(t.app);
    for (let i = 0; i < LIMITS.loginIp.max + 5; i++) expect((await login(u.email, u.password, '10.5.5.5')).statusCode).toBe(200);
  });

  it('limits guesses at the current password of a logged-in account', async () => {
    const u = await createArtist(t.app);
    const guesses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        inject({ method: 'PUT', url: '/api/profile/email', headers: { cookie: u.cookie }, payload: { email: `x${i}@example.test`, password: `wrong-guess-${i}!` } }),
      ),
    );
    expect(guesses.filter((r) => r.statusCode === 400)).toHaveLength(LIMITS.currentPassword.max);
    expect(guesses.filter((r) => r.statusCode === 429)).toHaveLength(20 - LIMITS.currentPassword.max);
  });

  it('voids a second outstanding reset link once the first is used', async () => {
    const u = await createArtist(t.app);
    await forgot(u.email);
    await mailsTo(t.config.dataDir, u.email, 1);
    await forgot(u.email);
    const [first, second] = (await mailsTo(t.config.dataDir, u.email, 2)).map(tokenOf) as [string, string];
    expect(first).not.toBe(second);
    expect((await reset(first, 'Erstes!Neu1')).statusCode).toBe(200);
    expect((await reset(second, 'Zweites!Neu2')).statusCode).toBe(400);
    expect((await login(u.email, 'Erstes!Neu1')).statusCode).toBe(200);
  });

  it('voids outstanding reset links when the password is changed', async () => {
    const u = await createArtist(t.app);
    await forgot(u.email);
    const [token] = (await mailsTo(t.config.dataDir, u.email)).map(tokenOf) as [string];
    const change = await inject({ method: 'PUT', url: '/api/profile/password', headers: { cookie: u.cookie }, payload: { currentPassword: u.password, newPassword: 'Geaendert!1' } });
    expect(change.statusCode).toBe(200);
    expect((await reset(token, 'Angreifer!9')).statusCode).toBe(400);
    expect((await login(u.email, 'Geaendert!1')).statusCode).toBe(200);
  });

  it('on an email change voids reset links, ends the other sessions and tells the old address in its stored language', async () => {
    const u = await createArtist(t.app);
    await t.app.ctx.db.updateTable('users').set({ language: 'de' }).where('id', '=', u.user.id).execute();
    const other = await login(u.email, u.password);
    await forgot(u.email);
    const [token] = (await mailsTo(t.config.dataDir, u.email)).map(tokenOf) as [string];
    const newEmail = `moved${u.user.id}@example.test`;
    // Changed from the English interface: the notice still speaks the account's language.
    const res = await inject({ method: 'PUT', url: '/api/profile/email', headers: { cookie: u.cookie, 'x-language': 'en' }, payload: { email: newEmail, password: u.password } });
    expect(res.statusCode).toBe(200);
    expect((await reset(token, 'Angreifer!9')).statusCode).toBe(400);
    expect((await inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: u.cookie } })).statusCode).toBe(200);
    expect((await inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: sessionCookie(other) } })).statusCode).toBe(401);
    const mails = await mailsTo(t.config.dataDir, u.email, 2);
    const notice = mails.find((m) => !m.includes('token=')) as string;
    expect(notice).toContain(`To: ${u.email}`);
    expect(notice).toContain('die E-Mail-Adresse deines Kontos bei Tattoo Guest Spots wurde soeben in eine andere geändert');
    expect(notice).toContain('http://localhost:3000/de/contact');
    expect(notice).not.toContain(newEmail);
    expect((await login(newEmail, u.password)).statusCode).toBe(200);
  });

  it('answers a reset request before the mail is sent, and a failing mail is logged and kept for a retry, not answered', async () => {
    const u = await createArtist(t.app);
    const { mailer } = t.app.ctx;
    const sent: Mail[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    // The services hold the app's mailer: its send is replaced, not the mailer.
    const send = vi.spyOn(mailer, 'send').mockImplementation(async (mail) => { await held; sent.push(mail); });
    try {
      const res = await forgot(u.email, '10.9.1.1');
      expect(res.statusCode).toBe(200);
      expect(sent).toHaveLength(0);
      release();
      await vi.waitFor(() => expect(sent).toHaveLength(1));
      const warnings = vi.spyOn(t.app.log, 'warn');
      send.mockImplementation(async () => { throw new Error('smtp down'); });
      const failing = await forgot(u.email, '10.9.1.2');
      expect(failing.statusCode).toBe(200);
      const logged = expect.objectContaining({ err: expect.any(Error), kind: 'auth.password-reset-requested' });
      await vi.waitFor(() => expect(warnings).toHaveBeenCalledWith(logged, 'delivering an outbox event failed'));
      // The outbox keeps the request and tries it again later (src/server/lib/outbox).
      const kept = await t.app.ctx.db.selectFrom('outbox_events').select(['last_error', 'delivered_at']).orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(kept).toEqual({ last_error: 'smtp down', delivered_at: null });
    } finally {
      send.mockRestore();
    }
  });

  it('ends a session 90 days after its login however recently it was used', async () => {
    const u = await createArtist(t.app);
    const now = Date.now();
    const sessions = t.app.ctx.db.updateTable('sessions').where('user_id', '=', u.user.id);
    await sessions.set({ created_at: new Date(now - 89 * DAY_MS).toISOString(), last_seen_at: new Date(now - 2 * 60 * 60_000).toISOString() }).execute();
    expect((await inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: u.cookie } })).statusCode).toBe(200);
    // The sliding window may not reach past the absolute end.
    const row = await t.app.ctx.db.selectFrom('sessions').select('expires_at').where('user_id', '=', u.user.id).executeTakeFirstOrThrow();
    expect(Date.parse(row.expires_at)).toBeLessThanOrEqual(now - 89 * DAY_MS + 90 * DAY_MS + 1000);
    await sessions.set({ created_at: new Date(now - 91 * DAY_MS).toISOString(), last_seen_at: new Date(now).toISOString() }).execute();
    // Two days pass in one line here: the session looked up a moment ago is forgotten as its 30 s would be.
    t.app.ctx.invalidation.invalidate([sessionTag(u.user.id)]);
    expect((await inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: u.cookie } })).statusCode).toBe(401);
  });

  it('sweeps used and expired reset tokens and sessions past either lifetime', async () => {
    const u = await createArtist(t.app);
    const db = t.app.ctx.db;
    const now = new Date();
    const iso = (offsetMs: number) => new Date(now.getTime() + offsetMs).toISOString();
    const resets = [
      { token_hash: hashToken(`used-${u.user.id}`), used_at: iso(-60_000), expires_at: iso(60_000) },
      { token_hash: hashToken(`expired-${u.user.id}`), used_at: null, expires_at: iso(-60_000) },
      { token_hash: hashToken(`live-${u.user.id}`), used_at: null, expires_at: iso(60_000) },
    ];
    await db.insertInto('password_resets').values(resets.map((r) => ({ ...r, user_id: u.user.id, created_at: iso(-120_000) }))).execute();
    const sessions = [
      { id: hashToken(`slid-out-${u.user.id}`), created_at: iso(-40 * DAY_MS), expires_at: iso(-DAY_MS) },
      { id: hashToken(`too-old-${u.user.id}`), created_at: iso(-91 * DAY_MS), expires_at: iso(DAY_MS) },
      { id: hashToken(`live-${u.user.id}`), created_at: iso(-DAY_MS), expires_at: iso(29 * DAY_MS) },
    ];
    await db.insertInto('sessions').values(sessions.map((s) => ({ ...s, user_id: u.user.id, last_seen_at: s.created_at }))).execute();

    const deleted = await sweepExpired(db, now);
    expect(deleted.passwordResets).toBeGreaterThanOrEqual(2);
    expect(deleted.sessions).toBeGreaterThanOrEqual(2);
    const leftResets = await db.selectFrom('password_resets').select('token_hash').where('user_id', '=', u.user.id).execute();
    expect(leftResets.map((r) => r.token_hash)).toEqual([resets[2]?.token_hash]);
    const leftSessions = await db.selectFrom('sessions').select('id').where('user_id', '=', u.user.id).execute();
    expect(leftSessions.map((r) => r.id).sort()).toEqual([sessions[2]?.id, hashToken(u.cookie.split('=')[1] as string)].sort());
  });

  it('sweeps when the app starts and then on every tick until it closes', async () => {
    const u = await createArtist(t.app);
    const db = t.app.ctx.db;
    const expired = () => ({ token_hash: hashToken(`tick-${Math.random()}`), user_id: u.user.id, created_at: '2020-01-01T00:00:00.000Z', expires_at: '2020-01-01T01:00:00.000Z' });
    const left = async () => (await db.selectFrom('password_resets').select('token_hash').where('user_id', '=', u.user.id).execute()).length;
    await db.insertInto('password_resets').values(expired()).execute();
    const host = Fastify({ logger: false });
    scheduleSweep(host, db, 50);
    await host.ready();
    await vi.waitFor(async () => expect(await left()).toBe(0));
    await db.insertInto('password_resets').values(expired()).execute();
    await vi.waitFor(async () => expect(await left()).toBe(0));
    await host.close();
  });
});
