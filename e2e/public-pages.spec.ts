import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { baseUrl, useBrowser } from './browser';

const browser = useBrowser();

// The legal pages, the studio directory and the targets of the legacy paths are rendered on the
// server like the other public pages: a visitor without JavaScript reads them whole.
describe('more public pages without JavaScript', () => {
  let page: Page;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const context = await browser().newContext({ baseURL: baseUrl, javaScriptEnabled: false, locale: 'de-DE' });
    page = await context.newPage();
    close = () => context.close();
  });
  afterAll(async () => close());

  it('shows the German imprint with its text', async () => {
    const response = await page.goto('/de/impressum');
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: 'Impressum' }).waitFor({ state: 'visible' });
    const text = (await page.locator('main').textContent()) ?? '';
    expect(text).toContain('Angaben gemäß § 5');
    expect(await page.locator('main h2').count()).toBeGreaterThan(1);
    expect(await page.locator('main [aria-busy="true"]').count()).toBe(0);
  });

  it('shows every legal and contact page, and the targets of the legacy paths, with their heading', async () => {
    const paths = [
      '/de/datenschutz', '/de/agb', '/de/kontakt', '/de/aboutus', '/impressum', '/privacy', '/terms', '/contact', '/aboutus',
      '/es/privacy', '/fr/terms', '/pt/contact',
      // Legacy paths: each answers a 301 to a page that is rendered too.
      '/privacy-policy', '/de/gastplätze', '/kunstler', '/de/tattoostudios',
    ];
    for (const path of paths) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      const heading = page.locator('main h1').first();
      await heading.waitFor({ state: 'visible' });
      expect((await heading.textContent())?.trim(), path).not.toBe('');
      expect(await page.locator('main p').count(), path).toBeGreaterThan(0);
    }
  });
});
