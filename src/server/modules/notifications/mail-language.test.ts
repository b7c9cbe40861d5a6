import { expect, it } from 'vitest';
import { describeEachEngine, useTestApp } from '../../test/app';
import { createUser } from '../../test/factories';
import { mailsTo } from '../../test/mail-files';
import { MAIL_IDLE_MS, runOnce } from './unread-mail';
import { insertMessage } from '../safety/testing';

const MINUTE = 60_000;

// Mails speak the recipient's stored language and link to the pages in it. The language is kept
// from registration on (the interface's, sent with every API call), so a German user's mails are
// German even if they never touch the language switcher.
describeEachEngine('the language mails are written in', (engine) => {
  const t = useTestApp(engine);
  let n = 0;
  const register = async (lang: string) => {
    n++;
    const email = `lang${n}x${process.pid}x${Math.random().toString(36).slice(2, 6)}@example.test`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: `10.77.${n}.1`,
      headers: { 'x-language': lang },
      payload: { email, username: `Sprache ${n} ${Math.random().toString(36).slice(2, 6)}`, password: 'Sicher!Passwort1', userType: 'artist' },
    });
    expect(res.statusCode).toBe(201);
    return { id: res.json().user.id as number, email, name: res.json().user.name as string };
  };
  const storedLanguage = async (id: number) => (await t.app.ctx.db.selectFrom('users').select('language').where('id', '=', id).executeTakeFirstOrThrow()).language;
  const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

  it('keeps the language of registration, and the unread-message mail is German with German links', async () => {
    const jana = await register('de');
    expect(await storedLanguage(jana.id)).toBe('de');
    const sender = await createUser(t.app);
    await insertMessage(t.app, { from: sender.user.id, to: jana.id, content: 'Hast du im Mai Zeit?', createdAt: ago(20 * MINUTE) });
    await t.app.ctx.db.updateTable('users').set({ last_active_at: ago(MAIL_IDLE_MS + MINUTE) }).where('id', '=', jana.id).execute();
    await runOnce(t.app.ctx);
    const [mail] = mailsTo(t.config.dataDir, jana.email);
    expect(mail).toContain(`Hallo ${jana.name},`);
    expect(mail).toContain('http://localhost:3000/de/messages');
    expect(mail).not.toMatch(/http:\/\/localhost:3000\/messages/);
  });

  it('gives an account without a stored language the one it logs in with, and never overwrites a stored one', async () => {
    const old = await register('en');
    await t.app.ctx.db.updateTable('users').set({ language: null }).where('id', '=', old.id).execute();
    const login = (email: string, lang: string, at: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: at, headers: { 'x-language': lang }, payload: { email, password: 'Sicher!Passwort1' } });
    expect((await login(old.email, 'fr', '10.78.0.1')).statusCode).toBe(200);
    expect(await storedLanguage(old.id)).toBe('fr');
    expect((await login(old.email, 'es', '10.78.0.2')).statusCode).toBe(200);
    expect(await storedLanguage(old.id)).toBe('fr');
  });

  it('writes the reset mail in the stored language with the link to that language’s page, whatever page asked', async () => {
    const ines = await register('pt');
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', remoteAddress: '10.79.0.1', headers: { 'x-language': 'en' }, payload: { email: ines.email } });
    expect(res.statusCode).toBe(200);
    await expect.poll(() => mailsTo(t.config.dataDir, ines.email).length).toBe(1);
    const [mail] = mailsTo(t.config.dataDir, ines.email);
    expect(mail).toMatch(/http:\/\/localhost:3000\/pt\/reset-password\?token=/);
    expect(mail).toContain(`Olá ${ines.name}`);
  });
});
