import { describe, expect, it } from 'vitest';
import { expectAccessible, jsErrors, newPage, useBrowser } from './browser';

const browser = useBrowser();

describe('the globe map without a maps key', () => {
  it("draws the globe, lists Berlin's guest spots and links one", async () => {
    const { context, page } = await newPage(browser(), { locale: 'de-DE' });
    await page.goto('/de/map?show=guestspots');
    await expect(page.locator('main h1').textContent()).resolves.toBe('Weltkarte');
    // The key-less globe, not Google's loading text.
    await page.getByRole('img', { name: /Globus mit \d+ Städten/ }).waitFor();
    expect(await page.getByText('Google Maps wird geladen...').count()).toBe(0);
    // The atlas is drawn: the canvas is no longer busy.
    await page.locator('canvas[data-testid="globe"][aria-busy="false"]').waitFor();
    await expectAccessible(page, 'map');

    const berlin = page.getByRole('list', { name: 'Orte' }).getByRole('button', { name: /^Berlin\b.*Gastpl/ });
    await berlin.click();
    await page.waitForURL(/[?&]city=\d+/);
    expect(new URL(page.url()).searchParams.get('show')).toBe('guestspots');
    const panel = page.getByRole('region', { name: /^Berlin/ });
    const link = panel.getByRole('link').first();
    await link.waitFor();
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^\/de\/guestspot\/[^/]+$/);
    await link.click();
    await page.waitForURL((url) => url.pathname === href);
    await page.locator('main h1').waitFor();

    // Back on the map, the address brings the city and the toggle back.
    await page.goBack();
    await page.getByRole('region', { name: /^Berlin/ }).getByRole('link').first().waitFor();
    expect(await page.getByRole('checkbox', { name: /Studios/ }).isChecked()).toBe(false);

    // The keyboard turns and zooms the globe without scrolling the page.
    await page.locator('canvas[data-testid="globe"]').focus();
    const scrolled = await page.evaluate(() => window.scrollY);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('+');
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    expect(jsErrors(page)).toEqual([]);
    await context.close();
  });
});
