import { COMMON_PASSWORDS_TEXT } from './common-passwords';
import { PASSWORD_MIN_LENGTH } from './constants';

/** The error key of each rule a new password can break, in the order they are checked. */
export type PasswordProblem = 'passwordTooShort' | 'passwordLetterDigit' | 'passwordSpecial' | 'passwordCommon';

let common: Set<string> | undefined;

/** True when the password is one of the 10,000 most common ones, whatever its case. */
export function isCommonPassword(password: string): boolean {
  // Built on first use so that pages which never check a password do not pay for the set.
  common ??= new Set(COMMON_PASSWORDS_TEXT.split('\n').filter(Boolean));
  return common.has(password.toLowerCase());
}

/** The first of the length, letter-and-digit and special-character rules a password breaks, or null. */
export function passwordRuleProblem(password: string): Exclude<PasswordProblem, 'passwordCommon'> | null {
  if (password.length < PASSWORD_MIN_LENGTH) return 'passwordTooShort';
  if (!/\p{L}/u.test(password) || !/\d/.test(password)) return 'passwordLetterDigit';
  if (!/[^\p{L}\d\s]/u.test(password)) return 'passwordSpecial';
  return null;
}

/**
 * The first rule a new password breaks, or null: one rule for registration, password change
 * and reset , plus a refusal of the most common passwords, checked last.
 */
export function passwordProblem(password: string): PasswordProblem | null {
  return passwordRuleProblem(password) ?? (isCommonPassword(password) ? 'passwordCommon' : null);
}
