import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { passwordRuleProblem } from '../../../common/password';
import { describeEachEngine, useTestApp } from '../../test/app';
import { createArtist } from '../../test/factories';
import { isCommonPassword } from './common-passwords';
import { hashToken } from './sessions';

const list = readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8').split('\n').filter(Boolean);

describe('common passwords', () => {
  it('are the 10,000 most common, lowercase, without the demo password', () => {
    expect(list).toHaveLength(10_000);
    expect(new Set(list).size).toBe(10_000);
    expect(list.every((p) => p === p.toLowerCase() && p === p.trim())).toBe(true);
    expect(list.slice(0, 3)).toEqual(['123456', 'password', '12345678']);
    expect(isCommonPassword('QWERTY')).toBe(true);
    expect(isCommonPassword('P@SSW0RD')).toBe(true);
    expect(isCommonPassword('Sasha_007')).toBe(true);
    expect(isCommonPassword('demo1234!')).toBe(false);
    expect(isCommonPassword('Sicher!Passwort1')).toBe(false);
  });

  it('include some that pass the shared rules, so the server check is needed', () => {
    expect(list.filter((p) => passwordRuleProblem(p) === null).length).toBeGreaterThan(0);
  });
});

describeEachEngine('a common new password', (engine) => {
  const t = useTestApp(engine);

  it('is refused at a reset without using the link up, which then takes a better one', async () => {
    const u = await createArtist(t.app);
    const token = randomBytes(32).toString('base64url');
    const now = Date.now();
    await t.app.ctx.db
      .insertInto('password_resets')
      .values({
        token_hash: hashToken(token),
        user_id: u.user.id,
        created_at: new Date(now).toISOString(),
        expires_at: new Date(now + 60 * 60_000).toISOString(),
      })
      .execute();
    const reset = (password: string) => t.app.inject({ method: 'POST', url: '/api/auth/reset-password', headers: { 'x-language': 'de' }, payload: { token, password } });
    const common = await reset('P@ssw0rd');
    expect(common.statusCode).toBe(400);
    expect(common.json()).toMatchObject({ code: 'passwordCommon', error: 'Dieses Passwort ist zu verbreitet. Bitte wähle ein anderes.' });
    expect((await reset('Frisch!Pass9')).statusCode).toBe(200);
  });
});
