import { PASSWORD_MIN_LENGTH } from './constants';

/**
 * The error key of each rule a new password can break, in the order they are checked. The last,
 * a refusal of the 10,000 most common passwords, is the server's alone (its data file is not
 * shipped to browsers): the shared schema checks the first three.
 */
export type PasswordProblem = 'passwordTooShort' | 'passwordLetterDigit' | 'passwordSpecial' | 'passwordCommon';

/** The first of the length, letter-and-digit and special-character rules a password breaks, or null. */
export function passwordRuleProblem(password: string): Exclude<PasswordProblem, 'passwordCommon'> | null {
  if (password.length < PASSWORD_MIN_LENGTH) return 'passwordTooShort';
  if (!/\p{L}/u.test(password) || !/\d/.test(password)) return 'passwordLetterDigit';
  if (!/[^\p{L}\d\s]/u.test(password)) return 'passwordSpecial';
  return null;
}
