import { describe, expect, it } from 'vitest';
import { expectAccessible, jsErrors, newPage, useBrowser } from './browser';

const browser = useBrowser();

describe('the shell', () => {
  it('shows the home page with demo artists in English and in German', async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/');
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    await page.getByRole('heading', { name: 'Featured artists' }).waitFor();
    await expect.poll(() => page.locator('main a[href^="/"]').filter({ has: page.locator('img') }).count()).toBeGreaterThan(2);
    await expectAccessible(page, 'home en');
    await page.goto('/de/');
    await expect.poll(() => page.getAttribute('html', 'lang')).toBe('de');
    await page.getByRole('heading', { name: 'Featured-Künstler' }).waitFor();
    expect(await page.title()).toContain('| Tattoo Guest Spots');
    await expectAccessible(page, 'home de');
    expect(jsErrors(page)).toEqual([]);
    await context.close();
  });

  it('keeps the page when the language is switched, and navigates', async () => {
    const { context, page } = await newPage(browser());
    // The page is rendered on the server: the switcher stores the choice once the app has taken over.
    await page.goto('/contact', { waitUntil: 'networkidle' });
    await page.locator('main h1').waitFor();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Deutsch' }).click();
    await page.waitForURL(/\/de\/contact$/);
    await expect.poll(() => page.getAttribute('html', 'lang')).toBe('de');
    expect(await page.evaluate(() => localStorage.getItem('userLanguage'))).toBe('de');
    await page.getByRole('contentinfo').getByRole('link', { name: 'English' }).click();
    await page.waitForURL(/\/contact$/);
    await page.getByRole('navigation').getByRole('link', { name: 'Register' }).first().click();
    await page.waitForURL(/\/register$/);
    await page.getByRole('navigation').getByRole('link', { name: 'Home' }).first().click();
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });

  it('collapses the navigation into a menu button on a phone', async () => {
    const { context, page } = await newPage(browser(), { mobile: true });
    // The server-rendered button is there before the app has hydrated and can open it.
    await page.goto('/', { waitUntil: 'networkidle' });
    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.waitFor();
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    await expectAccessible(page, 'home mobile with menu');
    await context.close();
  });

  it('shows the not-found page with a way home', async () => {
    const { context, page } = await newPage(browser());
    const res = await page.goto('/this/does/not/exist');
    expect(res?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await expectAccessible(page, '404');
    await page.getByRole('link', { name: 'Go to the start page' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });

  it('sends the contact form after showing its errors', async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/contact');
    await expectAccessible(page, 'contact');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect.poll(() => page.getByText('Please enter your name.').count()).toBeGreaterThan(0);
    await page.getByLabel('Name', { exact: true }).fill('Mara Test');
    await page.getByLabel('Email address').fill('mara@example.test');
    await page.getByLabel('Message').fill('Ich habe eine Frage zu Gastplätzen in Leipzig.');
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByText('Thank you, your message has been sent.').waitFor();
    await context.close();
  });

  it('passes axe on the static pages', async () => {
    const { context, page } = await newPage(browser());
    for (const path of ['/aboutus', '/privacy', '/terms', '/impressum', '/de/datenschutz', '/de/agb', '/login', '/forgot-password']) {
      await page.goto(path);
      await expectAccessible(page, path);
    }
    await context.close();
  });
});
