import { describe, expect, it } from 'vitest';
import { expectAccessible, jsErrors, startJourney, useBrowser } from './browser';
import { COMMUNITY_PASSWORD, freshMember } from './community-accounts';
import { customPage } from './custom-page';
import { logIn } from './login';

const browser = useBrowser();

describe('site search in German', () => {
  it('"tätowierungen" in the header box finds a profile whose bio says "Tätowierung"', async () => {
    // The artist writes the bio through the profile editor.
    const artist = await freshMember('suche');
    const owner = await startJourney(browser(), 'de');
    await logIn(owner.page, artist.email, COMMUNITY_PASSWORD, 'de');
    await owner.page.waitForURL(/\/de\/dashboard/);
    const bio = `Feine Linien und Pflanzen: Jede Tätowierung entsteht bei mir in Ruhe, nach einem ausführlichen Gespräch (${owner.id}).`;
    await owner.page.goto(`/de/${artist.username}?edit=true`);
    await owner.page.getByLabel('Über mich', { exact: true }).fill(bio);
    // A new account has no place yet, and a profile needs one.
    await owner.page.getByLabel(/^Land/).selectOption({ label: 'Deutschland' });
    await owner.page.getByRole('combobox', { name: /^Stadt/ }).fill('Leipz');
    await owner.page.getByRole('option', { name: /^Leipzig/ }).first().click();
    await owner.page.getByRole('button', { name: 'Speichern', exact: true }).first().click();
    await expect.poll(() => owner.page.url()).not.toContain('edit=true');
    await owner.page.getByText(bio).waitFor();
    expect(jsErrors(owner.page)).toEqual([]);
    await owner.context.close();

    // A visitor on a wide screen, where the header shows its search box with suggestions.
    const { context, page } = await customPage(browser(), { locale: 'de-DE', viewport: { width: 1600, height: 900 } });
    await page.goto('/de/', { waitUntil: 'networkidle' });
    const box = page.getByRole('combobox', { name: 'Seite durchsuchen' });
    await box.fill('tätowierungen');
    const suggestions = page.getByRole('listbox', { name: 'Vorschläge' });
    const suggested = suggestions.getByRole('option').filter({ hasText: artist.name });
    await suggested.waitFor();
    await suggested.locator('mark', { hasText: /^Tätowierung$/ }).waitFor();
    await suggestions.getByRole('option', { name: 'Alle Ergebnisse für „tätowierungen“' }).waitFor();
    expect(await box.getAttribute('aria-expanded')).toBe('true');
    await expectAccessible(page, 'header search suggestions');

    // Enter with no suggestion chosen opens the search page for the whole query.
    await box.press('Enter');
    await page.waitForURL((url) => url.pathname === '/de/search' && url.searchParams.get('q') === 'tätowierungen');
    await page.getByRole('heading', { level: 1 }).waitFor();
    const panel = page.getByRole('tabpanel');
    const hit = panel.getByRole('listitem').filter({ has: page.getByRole('link', { name: artist.name, exact: true }) });
    await hit.waitFor();
    await hit.getByText('Profil', { exact: true }).waitFor();
    await hit.locator('mark', { hasText: /^Tätowierung$/ }).waitFor();
    await page.getByRole('tab', { name: /^Profile \d+$/ }).waitFor();
    // Loaded as a document (as a crawler would), the same results come from the server, kept
    // out of search engines.
    await page.reload();
    await hit.locator('mark', { hasText: /^Tätowierung$/ }).waitFor();
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex');
    await expectAccessible(page, 'search results (de)');

    // The hit leads to the profile, in German.
    await hit.getByRole('link', { name: artist.name, exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/de/${artist.username}`);
    await page.getByRole('heading', { level: 1, name: artist.name }).waitFor();
    expect(jsErrors(page)).toEqual([]);
    await context.close();
  });
});
