import { describe, expect, it } from 'vitest';
import { jsErrors, newPage, useBrowser } from './browser';

const browser = useBrowser();

// The journeys' server runs in production without OPERATOR_NAME: the legal pages must say so
// rather than name anyone, and the footer links no social account.
describe('the legal pages without a published operator', () => {
  it('say the operator has not published their details, in English and German', async () => {
    const { context, page } = await newPage(browser());
    for (const [path, text] of [
      ['/impressum', 'The operator of this site has not published these details yet.'],
      ['/privacy', 'The operator of this site has not published these details yet.'],
      ['/de/agb', 'Der Betreiber dieser Website hat diese Angaben noch nicht veröffentlicht.'],
    ] as const) {
      await page.goto(path);
      await page.getByText(text).waitFor();
      const body = (await page.locator('main').textContent()) ?? '';
      expect(body, path).not.toMatch(/Hamburg|Becker|Example Operator|@tattooguestspots\.com/);
      expect(await page.locator('main a[href^="mailto:"]').count(), path).toBe(0);
      expect(await page.locator('footer a[href*="instagram.com"]').count(), path).toBe(0);
    }
    await page.goto('/contact');
    await page.getByRole('button', { name: 'Send message' }).waitFor();
    expect(await page.locator('main a[href^="mailto:"]').count()).toBe(0);
    expect(jsErrors(page)).toEqual([]);
    await context.close();
  });
});
