import { describe, expect, it } from 'vitest';
import { passwordRuleProblem } from './password';
import { newPasswordSchema, registerSchema } from './schemas/auth';

describe('password rule', () => {
  it.each([
    ['', 'passwordTooShort'],
    ['ab1!', 'passwordTooShort'],
    ['password', 'passwordLetterDigit'],
    ['12345678', 'passwordLetterDigit'],
    ['!!!!????', 'passwordLetterDigit'],
    ['password1', 'passwordSpecial'],
    // Common, but only the server knows (src/server/modules/auth/common-passwords.ts).
    ['p@ssw0rd', null],
    ['demo1234!', null],
    ['Sicher!Passwort1', null],
    ['Grüße7€uro', null],
  ])('judges %j as %s', (password, problem) => {
    expect(passwordRuleProblem(password)).toBe(problem);
  });

  it('is the rule of registration, password change and reset alike', () => {
    const register = (password: string) =>
      registerSchema.safeParse({ email: 'a@b.test', username: 'valid name', password, userType: 'artist' }).error?.issues[0]?.message;
    for (const password of ['', 'short', 'password', '12345678', 'password1', 'P@ssw0rd', 'demo1234!']) {
      const expected = password === '' ? 'requiredFields' : (passwordRuleProblem(password) ?? undefined);
      expect(register(password)).toBe(expected);
      if (password) expect(newPasswordSchema.safeParse(password).error?.issues[0]?.message).toBe(expected);
    }
  });
});
