import { z } from 'zod';
import { USER_TYPES } from '../constants';
import { passwordRuleProblem } from '../password';
import { usernameProblem } from '../username';

const USERNAME_PROBLEM_KEYS = {
  length: 'usernameLength',
  characters: 'usernameCharacters',
  digits: 'usernameDigits',
  reserved: 'usernameReserved',
} as const;

const email = z.string('requiredFields').trim().min(1, 'requiredFields').max(254, 'tooLong').pipe(z.email('emailInvalid'));

/** POST /api/auth/login. */
export const loginSchema = z.object({
  email: z.string('requiredFields').trim().min(1, 'requiredFields').max(254, 'tooLong'),
  password: z.string('requiredFields').min(1, 'requiredFields').max(1024, 'tooLong'),
});

/**
 * The rules every new password meets, at registration, password change and reset. The server
 * also refuses the most common passwords after this schema (src/server/modules/auth/common-passwords.ts).
 */
export const newPasswordSchema = z
  .string('passwordTooShort')
  .max(1024, 'tooLong')
  .superRefine((password, ctx) => {
    const problem = passwordRuleProblem(password);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** POST /api/auth/register; the username rules are those of the profile route, so no one can register a profile that cannot be reached. */
export const registerSchema = z.object({
  email,
  username: z
    .string('requiredFields')
    .trim()
    .min(1, 'requiredFields')
    .superRefine((name, ctx) => {
      const problem = usernameProblem(name);
      if (problem) ctx.addIssue({ code: 'custom', message: USERNAME_PROBLEM_KEYS[problem] });
    }),
  password: z.string('requiredFields').min(1, 'requiredFields').pipe(newPasswordSchema),
  userType: z.enum(USER_TYPES, 'userTypeInvalid'),
});
export type RegisterInput = z.input<typeof registerSchema>;

/** PUT /api/profile/email. */
export const emailChangeSchema = z.object({
  email,
  password: z.string('currentPasswordRequired').min(1, 'currentPasswordRequired').max(1024, 'tooLong'),
});

/** PUT /api/profile/password. */
export const passwordChangeSchema = z.object({
  currentPassword: z.string('currentPasswordRequired').min(1, 'currentPasswordRequired').max(1024, 'tooLong'),
  newPassword: newPasswordSchema,
});

/** DELETE /api/profile/account; the typed word is checked in the dialog, and here when sent. */
export const deleteAccountSchema = z.object({
  password: z.string('currentPasswordRequired').min(1, 'currentPasswordRequired').max(1024, 'tooLong'),
  confirmation: z.string().optional(),
});

/** The word the deletion dialog asks for, per interface language; DELETE is always accepted. */
export const DELETE_WORDS = { en: 'DELETE', de: 'LÖSCHEN', es: 'ELIMINAR', fr: 'SUPPRIMER', pt: 'ELIMINAR' } as const;

export function isDeleteWord(value: string, lang: keyof typeof DELETE_WORDS): boolean {
  const typed = value.trim();
  return typed === 'DELETE' || typed === DELETE_WORDS[lang];
}

export const forgotPasswordSchema = z.object({ email });

export const resetPasswordSchema = z.object({
  token: z.string('resetTokenInvalid').min(10, 'resetTokenInvalid').max(200, 'resetTokenInvalid'),
  password: newPasswordSchema,
});
