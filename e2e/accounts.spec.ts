import { describe, expect, it } from 'vitest';
import { withLanguage } from '../src/common/languages';
import { expectAccessible, jsErrors, newPage, startJourney, useBrowser } from './browser';
import { logIn, LOGIN_TEXTS, submitLogin } from './login';

const browser = useBrowser();

const texts = {
  en: {
    register: { email: 'Email', username: 'Username', password: 'Password', confirm: 'Confirm password', type: 'I am a', studio: 'Tattoo studio', submit: 'Register' },
    welcomeClose: 'Close',
    greeting: /Hello, /,
    logout: 'Log out',
    settings: { changePassword: 'Change password', current: 'Current password', new: 'New password', confirm: 'Confirm new password', save: 'Save', changed: 'Password has been successfully changed.' },
    del: { open: 'Delete account', word: 'DELETE', wordLabel: /Type DELETE to confirm/, password: 'Current password', next: 'Continue', final: 'Delete account irreversibly' },
  },
  de: {
    register: { email: 'E-Mail', username: 'Benutzername', password: 'Passwort', confirm: 'Passwort bestätigen', type: 'Ich bin', studio: 'Tattoostudio', submit: 'Registrieren' },
    welcomeClose: 'Schließen',
    greeting: /Hallo, /,
    logout: 'Abmelden',
    settings: { changePassword: 'Passwort ändern', current: 'Aktuelles Passwort', new: 'Neues Passwort', confirm: 'Neues Passwort bestätigen', save: 'Speichern', changed: 'Das Passwort wurde erfolgreich geändert.' },
    del: { open: 'Konto löschen', word: 'LÖSCHEN', wordLabel: /Gib LÖSCHEN ein/, password: 'Aktuelles Passwort', next: 'Weiter', final: 'Konto unwiderruflich löschen' },
  },
} as const;

describe.each(['en', 'de'] as const)('an account from registration to deletion (%s)', (lang) => {
  it('registers, logs out and in, changes the password and deletes the account', async () => {
    const tx = texts[lang];
    const { context, page, id } = await startJourney(browser(), lang);
    const email = `e2e-${id}@example.test`;
    const username = `E2E ${lang} ${id}`.slice(0, 30);
    const first = 'Erstes!Pass1';
    const second = 'Zweites!Pass2';

    await page.goto(withLanguage('/register', lang));
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
    await page.waitForURL((url) => url.pathname === withLanguage('/', lang));

    await logIn(page, email, 'wrong-password-1!', lang);
    await expect.poll(() => page.getByRole('alert').first().textContent()).toContain(LOGIN_TEXTS[lang].failed);
    await logIn(page, email, first, lang);
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
    await page.waitForURL((url) => url.pathname === withLanguage('/', lang));
    await logIn(page, email, second, lang);
    await page.waitForURL(/\/dashboard$/);

    await page.getByRole('button', { name: tx.del.open }).click();
    const del = page.getByRole('dialog');
    await del.getByLabel(tx.del.wordLabel).fill(tx.del.word);
    await del.getByLabel(tx.del.password, { exact: true }).fill(second);
    await del.getByRole('button', { name: tx.del.next }).click();
    await page.getByRole('button', { name: tx.del.final }).click();
    await page.waitForURL((url) => url.pathname === withLanguage('/', lang));

    await logIn(page, email, second, lang);
    await expect.poll(() => page.getByRole('alert').first().textContent()).toContain(LOGIN_TEXTS[lang].failed);
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
    await submitLogin(page, 'lena@demo.tattooguestspots.test', 'demo1234!');
    await page.waitForURL(/\/dashboard$/);
    await context.close();
  });
});
