import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, jsErrors, newPage, useBrowser } from './browser';

const browser = useBrowser();

const texts = {
  en: {
    prefix: '',
    register: { email: 'Email', username: 'Username', password: 'Password', confirm: 'Confirm password', type: 'I am a', studio: 'Tattoo studio', submit: 'Register' },
    welcomeClose: 'Close',
    greeting: /Hello, /,
    logout: 'Log out',
    login: { email: 'Email', password: 'Password', submit: 'Log in' },
    settings: { changePassword: 'Change password', current: 'Current password', new: 'New password', confirm: 'Confirm new password', save: 'Save', changed: 'Password has been successfully changed.' },
    del: { open: 'Delete account', word: 'DELETE', wordLabel: /Type DELETE to confirm/, password: 'Current password', next: 'Continue', final: 'Delete account irreversibly' },
    failed: 'Invalid email or password.',
  },
  de: {
    prefix: '/de',
    register: { email: 'E-Mail', username: 'Benutzername', password: 'Passwort', confirm: 'Passwort bestätigen', type: 'Ich bin', studio: 'Tattoostudio', submit: 'Registrieren' },
    welcomeClose: 'Schließen',
    greeting: /Hallo, /,
    logout: 'Abmelden',
    login: { email: 'E-Mail', password: 'Passwort', submit: 'Anmelden' },
    settings: { changePassword: 'Passwort ändern', current: 'Aktuelles Passwort', new: 'Neues Passwort', confirm: 'Neues Passwort bestätigen', save: 'Speichern', changed: 'Das Passwort wurde erfolgreich geändert.' },
    del: { open: 'Konto löschen', word: 'LÖSCHEN', wordLabel: /Gib LÖSCHEN ein/, password: 'Aktuelles Passwort', next: 'Weiter', final: 'Konto unwiderruflich löschen' },
    failed: 'E-Mail oder Passwort ist falsch.',
  },
} as const;

async function logIn(page: Page, tx: (typeof texts)['en' | 'de'], email: string, password: string) {
  await page.goto(`${tx.prefix}/login`);
  await page.getByLabel(tx.login.email, { exact: true }).fill(email);
  await page.getByLabel(tx.login.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: tx.login.submit, exact: true }).click();
}

describe.each(['en', 'de'] as const)('an account from registration to deletion (%s)', (lang) => {
  it('registers, logs out and in, changes the password and deletes the account', async () => {
    const tx = texts[lang];
    const { context, page } = await newPage(browser(), { locale: lang === 'de' ? 'de-DE' : 'en-US' });
    const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
    const email = `e2e-${id}@example.test`;
    const username = `E2E ${lang} ${id}`.slice(0, 30);
    const first = 'Erstes!Pass1';
    const second = 'Zweites!Pass2';

    await page.goto(`${tx.prefix}/register`);
    await expectAccessible(page, 'register');
    await page.getByLabel(tx.register.type).selectOption('studio');
    await page.getByLabel(tx.register.email, { exact: true }).fill(email);
    await page.getByLabel(tx.register.username, { exact: true }).fill(username);
    await page.getByLabel(tx.register.password, { exact: true }).fill(first);
    await page.getByLabel(tx.register.confirm, { exact: true }).fill(first);
    await page.getByRole('button', { name: tx.register.submit, exact: true }).click();

    await page.waitForURL(/\/dashboard\?welcome=true&name=/);
    const welcome = page.getByRole('dialog');
    await expect.poll(() => welcome.isVisible()).toBe(true);
    await expectAccessible(page, 'welcome dialog');
    await welcome.getByRole('button', { name: tx.welcomeClose }).first().click();
    await expect.poll(() => page.url()).not.toContain('welcome');
    expect(page.url()).not.toContain('name=');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toMatch(tx.greeting);
    await expectAccessible(page, 'dashboard');

    await page.getByRole('button', { name: tx.logout }).first().click();
    await page.waitForURL((url) => url.pathname === (tx.prefix ? `${tx.prefix}/` : '/'));

    await logIn(page, tx, email, 'wrong-password-1!');
    await expect.poll(() => page.getByRole('alert').first().textContent()).toContain(tx.failed);
    await logIn(page, tx, email, first);
    await page.waitForURL(/\/dashboard$/);

    await page.getByRole('button', { name: tx.settings.changePassword }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(tx.settings.current, { exact: true }).fill(first);
    await dialog.getByLabel(tx.settings.new, { exact: true }).fill(second);
    await dialog.getByLabel(tx.settings.confirm, { exact: true }).fill(second);
    await expectAccessible(page, 'password dialog');
    await dialog.getByRole('button', { name: tx.settings.save }).click();
    await expect.poll(() => page.getByText(tx.settings.changed).count()).toBeGreaterThan(0);

    await page.getByRole('button', { name: tx.logout }).first().click();
    await page.waitForURL((url) => url.pathname === (tx.prefix ? `${tx.prefix}/` : '/'));
    await logIn(page, tx, email, second);
    await page.waitForURL(/\/dashboard$/);

    await page.getByRole('button', { name: tx.del.open }).click();
    const del = page.getByRole('dialog');
    await del.getByLabel(tx.del.wordLabel).fill(tx.del.word);
    await del.getByLabel(tx.del.password, { exact: true }).fill(second);
    await del.getByRole('button', { name: tx.del.next }).click();
    await page.getByRole('button', { name: tx.del.final }).click();
    await page.waitForURL((url) => url.pathname === (tx.prefix ? `${tx.prefix}/` : '/'));

    await logIn(page, tx, email, second);
    await expect.poll(() => page.getByRole('alert').first().textContent()).toContain(tx.failed);
    expect(jsErrors(page)).toEqual([]);
    await context.close();
  });
});

describe('pages behind a login', () => {
  it('send visitors to the login with a way back', async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/dashboard');
    await page.waitForURL(/\/login\?redirect=%2Fdashboard/);
    await expectAccessible(page, 'login');
    await page.getByLabel('Email', { exact: true }).fill('lena@demo.tattooguestspots.test');
    await page.getByLabel('Password', { exact: true }).fill('demo1234!');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.waitForURL(/\/dashboard$/);
    await context.close();
  });
});
