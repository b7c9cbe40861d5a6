import type { Page } from 'playwright-core';
import { withLanguage } from '../src/common/languages';

/** The login form's words, and its answer to a wrong password, in the languages the journeys use. */
export const LOGIN_TEXTS = {
  en: { email: 'Email', password: 'Password', submit: 'Log in', failed: 'Invalid email or password.' },
  de: { email: 'E-Mail', password: 'Passwort', submit: 'Anmelden', failed: 'E-Mail oder Passwort ist falsch.' },
} as const;

export type JourneyLanguage = keyof typeof LOGIN_TEXTS;

/** Fills in and sends the login form the page shows, as a person would. */
export async function submitLogin(page: Page, email: string, password: string, lang: JourneyLanguage = 'en'): Promise<void> {
  const tx = LOGIN_TEXTS[lang];
  await page.getByLabel(tx.email, { exact: true }).fill(email);
  await page.getByLabel(tx.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: tx.submit, exact: true }).click();
}

/** Opens the login page of a language and logs in through its form; where it leads is the caller's to wait for. */
export async function logIn(page: Page, email: string, password: string, lang: JourneyLanguage = 'en'): Promise<void> {
  await page.goto(withLanguage('/login', lang));
  await submitLogin(page, email, password, lang);
}
