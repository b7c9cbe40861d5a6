import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeEachEngine, type TestApp } from '../../test/app';
import { createArtist, createStudio, sessionCookie } from '../../test/factories';

describeEachEngine('accounts and sessions', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t.close();
  });
  const inject = (opts: InjectOptions) => t.app.inject(opts);

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
      payload: { email: 'Jana@Example.test', username: 'Jana Nadel', password: 'geheim123', userType: 'studio' },
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
    [{ email: '', username: 'abc', password: 'geheim123', userType: 'artist' }, 'Please fill in all required fields.'],
    [{ email: 'a@b.test', username: 'bad$name', password: 'geheim123', userType: 'artist' }, 'Username can only contain letters, numbers, underscores and spaces.'],
    [{ email: 'a@b.test', username: 'ab', password: 'geheim123', userType: 'artist' }, 'The username must be between 3 and 30 characters long.'],
    [{ email: 'a@b.test', username: '12345', password: 'geheim123', userType: 'artist' }, 'The username cannot consist of digits only.'],
    [{ email: 'a@b.test', username: 'Dashboard', password: 'geheim123', userType: 'artist' }, 'This username is reserved. Please choose another one.'],
    [{ email: 'a@b.test', username: 'guestspots', password: 'geheim123', userType: 'artist' }, 'This username is reserved. Please choose another one.'],
    [{ email: 'not-an-email', username: 'valid name', password: 'geheim123', userType: 'artist' }, 'Please enter a valid email address.'],
    [{ email: 'a@b.test', username: 'valid name', password: 'short', userType: 'artist' }, 'The password must be at least 8 characters long.'],
    [{ email: 'a@b.test', username: 'valid name', password: 'geheim123', userType: 'admin' }, 'Please choose artist or studio.'],
  ])('refuses bad registrations with the spec text (%#)', async (payload, error) => {
    const res = await inject({ method: 'POST', url: '/api/auth/register', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(error);
  });

  it('accepts umlauts and keeps usernames and emails unique case-insensitively', async () => {
    const first = await inject({ method: 'POST', url: '/api/auth/register', payload: { email: 'joerg@example.test', username: 'Jörg Müller', password: 'geheim123', userType: 'artist' } });
    expect(first.statusCode).toBe(201);
    const sameName = await inject({ method: 'POST', url: '/api/auth/register', payload: { email: 'other@example.test', username: 'jörg-müller', password: 'geheim123', userType: 'artist' } });
    expect(sameName.statusCode).toBe(400);
    expect(sameName.json().error).toBe('Username can only contain letters, numbers, underscores and spaces.');
    const sameKey = await inject({ method: 'POST', url: '/api/auth/register', payload: { email: 'other@example.test', username: 'JÖRG MÜLLER', password: 'geheim123', userType: 'artist' } });
    expect(sameKey.statusCode).toBe(409);
    expect(sameKey.json().error).toBe('This username is already taken.');
    const sameEmail = await inject({ method: 'POST', url: '/api/auth/register', payload: { email: 'JOERG@example.test', username: 'Someone Else', password: 'geheim123', userType: 'artist' } });
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
    const unknown = await inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'ghost@example.test' } });
    const known = await inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: u.email } });
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    const mailDir = path.join(t.config.dataDir, 'mail');
    const file = readdirSync(mailDir).find((f) => f.includes(u.email.split('@')[0] as string));
    expect(file).toBeDefined();
    const mail = readFileSync(path.join(mailDir, file as string), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail)?.[1];
    expect(token).toBeDefined();
    const weak = await inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password: 'weak' } });
    expect(weak.statusCode).toBe(400);
    const ok = await inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password: 'Frisch!Pass9' } });
    expect(ok.statusCode).toBe(200);
    expect((await inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: u.cookie } })).statusCode).toBe(401);
    const again = await inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password: 'Frisch!Pass10' } });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toMatch(/invalid or has expired/);
    const login = await inject({ method: 'POST', url: '/api/auth/login', payload: { email: u.email, password: 'Frisch!Pass9' } });
    expect(login.statusCode).toBe(200);
  });
});
