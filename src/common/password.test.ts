import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS_TEXT } from './common-passwords';
import { isCommonPassword, passwordProblem, passwordRuleProblem } from './password';
import { newPasswordSchema, registerSchema } from './schemas/auth';

describe('password rule', () => {
  it.each([
    ['', 'passwordTooShort'],
    ['ab1!', 'passwordTooShort'],
    ['password', 'passwordLetterDigit'],
    ['12345678', 'passwordLetterDigit'],
    ['!!!!????', 'passwordLetterDigit'],
    ['password1', 'passwordSpecial'],
    ['p@ssw0rd', 'passwordCommon'],
    ['P@SSW0RD', 'passwordCommon'],
    ['Sasha_007', 'passwordCommon'],
    ['demo1234!', null],
    ['Sicher!Passwort1', null],
    ['Grüße7€uro', null],
  ])('judges %j as %s', (password, problem) => {
    expect(passwordProblem(password)).toBe(problem);
  });

  it('ships the 10,000 most common passwords, lowercase and without the demo password', () => {
    const list = COMMON_PASSWORDS_TEXT.split('\n').filter(Boolean);
    expect(list).toHaveLength(10_000);
    expect(new Set(list).size).toBe(10_000);
    expect(list.every((p) => p === p.toLowerCase())).toBe(true);
    expect(list.slice(0, 3)).toEqual(['123456', 'password', '12345678']);
    expect(isCommonPassword('QWERTY')).toBe(true);
    expect(isCommonPassword('demo1234!')).toBe(false);
  });

  it('is the rule of registration, password change and reset alike', () => {
    const register = (password: string) =>
      registerSchema.safeParse({ email: 'a@b.test', username: 'valid name', password, userType: 'artist' }).error?.issues[0]?.message;
    for (const password of ['', 'short', 'password', '12345678', 'password1', 'P@ssw0rd', 'demo1234!']) {
      const expected = password === '' ? 'requiredFields' : (passwordProblem(password) ?? undefined);
      expect(register(password)).toBe(expected);
      if (password) expect(newPasswordSchema.safeParse(password).error?.issues[0]?.message).toBe(expected);
    }
  });

  // The web build ships only the entries that meet the other rules (vite.config.ts); that is
  // the same check only if a password meeting them never lowercases to an entry that does not.
  it('decides in the browser with only the entries that meet the other rules', () => {
    for (const entry of COMMON_PASSWORDS_TEXT.split('\n').filter(Boolean)) {
      const shouted = entry.toUpperCase();
      if (passwordRuleProblem(shouted) === null) expect(passwordRuleProblem(entry)).toBeNull();
    }
  });
});
