import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, jsErrors, newPage, useBrowser } from './browser';
import { logIn } from './login';
import { usePngFile } from './png-file';

const browser = useBrowser();
// A photo of the workplace: a new guest spot takes at least one.
const workplace = usePngFile('workplace.png', '<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480"><rect width="640" height="480" fill="#d8cbb8"/><rect x="80" y="200" width="200" height="120" fill="#5c544b"/><rect x="360" y="200" width="200" height="120" fill="#5c544b"/></svg>');

const PASSWORD = 'demo1234!';
const STUDIO = 'studio@demo.tattooguestspots.test';
const ARTIST = 'lena@demo.tattooguestspots.test';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const start = day(20);
const end = day(50);
/** A yyyy-mm-dd day as an English page's date field takes it (MM/DD/YYYY). */
const typed = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
const tag = Date.now().toString(36);

async function logInAs(page: Page, email: string) {
  await logIn(page, email, PASSWORD);
  await page.waitForURL(/\/dashboard/);
}

/** Types Berlin into a place's city type-ahead once the country list has arrived, and takes it (its country follows). */
async function chooseBerlin(page: Page, scope: string) {
  const country = page.locator(`#${scope}-country`);
  await country.locator('option', { hasText: 'Germany' }).first().waitFor({ state: 'attached' });
  await page.locator(`#${scope}-city`).fill('Berl');
  await page.locator(`#${scope}-city-list`).getByRole('option', { name: /^Berlin\b/ }).first().click();
  await expect.poll(() => country.inputValue()).toMatch(/^(DE|\d+)$/);
}

describe('guest spots and availability', () => {
  it('an artist publishes an availability and sees it on the manage page and the profile tab', async () => {
    const { context, page } = await newPage(browser());
    await logInAs(page, ARTIST);
    await page.goto('/guestartist/new');
    await page.getByLabel('Title', { exact: true }).fill(`E2E fine line trip ${tag}`);
    await page.getByLabel('Start date', { exact: true }).fill(typed(start));
    await page.getByLabel('End date', { exact: true }).fill(typed(end));
    await page.getByLabel(/Preferred location/).fill('Berlin');
    await chooseBerlin(page, 'av');
    await page.getByRole('checkbox', { name: 'Fine Line' }).check();
    await expectAccessible(page, 'availability form');
    await page.getByRole('button', { name: 'Publish availability' }).click();
    await page.waitForURL(/\/tattooartist\//);
    await expect.poll(() => page.locator('main h1').textContent()).toBe(`E2E fine line trip ${tag}`);
    await expectAccessible(page, 'availability detail');

    await page.goto('/artist-availability/manage');
    await page.getByRole('link', { name: `E2E fine line trip ${tag}`, exact: true }).waitFor();

    // The public profile's availability tab counts and shows it.
    await page.goto('/Lena-Ink');
    await page.getByRole('tab', { name: /^Availability \(\d+\)$/ }).click();
    await page.getByRole('tabpanel').getByText(`E2E fine line trip ${tag}`).first().waitFor();
    await expectAccessible(page, 'profile availability tab');
    expect(jsErrors(page)).toEqual([]);
    await context.close();
  });

  it('a studio publishes a guest spot, finds it by style and city, sees a matching artist, and retires it', async () => {
    const { context, page } = await newPage(browser());
    const title = `E2E guest spot ${tag}`;
    await logInAs(page, STUDIO);

    await page.goto('/guestspot/new');
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Start date', { exact: true }).fill(typed(start));
    await page.getByLabel('End date', { exact: true }).fill(typed(end));
    // The studio's own place is filled in.
    await expect.poll(() => page.locator('#gs-city').inputValue()).not.toBe('');
    await chooseBerlin(page, 'gs');
    await page.getByLabel('Compensation', { exact: false }).first().fill('60/40');
    await page.getByRole('checkbox', { name: 'Fine Line' }).check();
    await page.locator('#gs-photos').setInputFiles(workplace());
    await page.getByRole('img', { name: 'Photo 1 of the workplace' }).waitFor();
    await expectAccessible(page, 'guest spot form');
    const created = page.waitForResponse((r) => r.url().endsWith('/api/guest-spots') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Publish guest spot' }).click();
    const spot = (await (await created).json()) as { id: number; slug: string };
    await page.waitForURL(new RegExp(`/guestspot/${spot.slug}$`));
    await expect.poll(() => page.locator('main h1').textContent()).toBe(title);
    // Published with its photo: the page leads with it, and the spot is active.
    await page.getByRole('img', { name: /^Photo 1 of 1 of the workplace/ }).waitFor();
    expect(await page.getByText('Inactive', { exact: true }).count()).toBe(0);

    // Lena's availability (previous test, and the demo data) overlaps in Berlin with Fine Line.
    const matches = page.getByRole('region', { name: 'Matching artists' });
    await matches.getByRole('link', { name: 'Lena Hoffmann' }).first().waitFor();
    await expectAccessible(page, 'guest spot detail');

    // Find it by style and city.
    await page.goto('/guestspots');
    const style = page.locator('#gs-filter-style');
    await style.locator('option', { hasText: 'Fine Line' }).waitFor({ state: 'attached' });
    await style.selectOption({ label: 'Fine Line' });
    await page.waitForURL(/style=/);
    await chooseBerlin(page, 'gs-filter');
    await page.waitForURL(/city=/);
    await page.getByRole('link', { name: new RegExp(title) }).waitFor();
    await expectAccessible(page, 'guest spot list');
    const filtered = new URL(page.url());

    // An old German link lands on the spot.
    await page.goto(`/gastplatze/${spot.id}`);
    await page.waitForURL(new RegExp(`/guestspot/${spot.slug}$`));

    // Deactivate: it leaves the list.
    await page.getByRole('button', { name: `Deactivate: ${title}` }).click();
    await page.getByText('Inactive', { exact: true }).first().waitFor();
    await page.goto(filtered.pathname + filtered.search);
    await page.getByRole('status').filter({ hasText: /guest spots?$|No guest spots/ }).first().waitFor();
    await expect.poll(() => page.getByRole('link', { name: new RegExp(title) }).count()).toBe(0);

    // The manage page still lists it, marked inactive.
    await page.goto('/guestspots/manage');
    await page.getByRole('link', { name: title, exact: true }).waitFor();
    await expectAccessible(page, 'guest spot manage');
    expect(jsErrors(page)).toEqual([]);
    await context.close();
  });

  it('shows the four public lists in all five languages, each passing axe', async () => {
    const { context, page } = await newPage(browser());
    const text = (lang: string, ns: string) => JSON.parse(readFileSync(`src/web/i18n/locales/${lang}/${ns}.json`, 'utf8'));
    for (const lang of ['en', 'de', 'es', 'fr', 'pt']) {
      const prefix = lang === 'en' ? '' : `/${lang}`;
      const lists: [string, string][] = [
        [`${prefix}/guestspots`, text(lang, 'guestSpots').list.title],
        [`${prefix}/artist-availability`, text(lang, 'availability').list.title],
        [`${prefix}/tattooartists`, text(lang, 'artists').title],
        [`${prefix}/tattoostudios`, text(lang, 'studios').title],
      ];
      for (const [path, title] of lists) {
        await page.goto(path);
        await expect.poll(() => page.locator('main h1').textContent(), { message: path }).toBe(title);
        expect(await page.locator('html').getAttribute('lang')).toBe(lang);
        // The demo data fills every list: cards, not an empty state.
        await page.locator('main article, main li').first().waitFor();
        await expectAccessible(page, `${path} (${lang})`);
      }
    }
    expect(jsErrors(page)).toEqual([]);
    await context.close();
  });
});
