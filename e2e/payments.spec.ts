import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { logOutInPage, registerInPage } from './register';
import { expectAccessible, jsErrors, newPage, useBrowser } from './browser';
import { logIn, type JourneyLanguage } from './login';

const browser = useBrowser();
const PASSWORD = 'Payments!Pass1';
const DAY_MS = 86_400_000;
let avatarPng: string;

beforeAll(async () => {
  // A small picture for the avatar: the home page shows featured users only with one.
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><rect width="400" height="400" fill="#efe6d2"/>` +
      `<circle cx="200" cy="200" r="120" fill="none" stroke="#111" stroke-width="16"/></svg>`,
  );
  avatarPng = (await sharp(svg).png().toBuffer()).toString('base64');
});

const texts = {
  en: {
    locale: 'en-US',
    premium: 'Premium features',
    buy: 'Become featured for €19.90',
    checkoutTitle: 'Test payment: no real money moves',
    approve: 'Approve payment',
    decline: 'Decline payment',
    cancel: 'Cancel',
    success: 'Your payment has been successfully completed! Your featured status is now active.',
    error: 'An error occurred while processing your payment. Please try again later or contact support.',
    activeUntil: (date: string) => `Active until ${date}`,
    history: 'Payment history',
    empty: 'No payments yet. Your purchases and their receipts will appear here.',
    description: 'Featured artist (14 days)',
    price: '€19.90',
    completed: 'Completed',
    failed: 'Failed',
    print: 'Print view',
    receipt: 'Receipt',
    testMark: 'TEST: no payment made',
    printButton: 'Print',
  },
  de: {
    locale: 'de-DE',
    premium: 'Premium-Funktionen',
    buy: 'Für 19,90 € Featured werden',
    checkoutTitle: 'Testzahlung: Es fließt kein echtes Geld',
    approve: 'Zahlung bestätigen',
    decline: 'Zahlung ablehnen',
    cancel: 'Abbrechen',
    success: 'Deine Zahlung wurde erfolgreich abgeschlossen! Dein Featured-Status ist jetzt aktiv.',
    error: 'Bei der Verarbeitung deiner Zahlung ist ein Fehler aufgetreten. Bitte versuche es später erneut oder kontaktiere den Support.',
    activeUntil: (date: string) => `Aktiv bis ${date}`,
    history: 'Zahlungsverlauf',
    empty: 'Noch keine Zahlungen. Deine Käufe und ihre Rechnungen erscheinen hier.',
    description: 'Featured-Künstler (14 Tage)',
    price: '19,90 €',
    completed: 'Abgeschlossen',
    failed: 'Fehlgeschlagen',
    print: 'Druckansicht',
    receipt: 'Rechnung',
    testMark: 'TEST: keine Zahlung erfolgt',
    printButton: 'Drucken',
  },
} as const;
type Texts = (typeof texts)['en' | 'de'];

/** Money and dates as the interface writes them: Intl puts a no-break space before the euro sign. */
const loose = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s'));

/** The date in the language's numeric format (en 12/08/2026, de 08.12.2026). */
function dateIn(lang: 'en' | 'de', at: number): string {
  return new Intl.DateTimeFormat(lang === 'de' ? 'de-DE' : 'en-US', { year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(at));
}

/**
 * Registers an account through the API from inside the page (a fresh user for each test), gives
 * it an avatar, then logs in through the form as a person would.
 */
async function registerAndLogIn(page: Page, lang: JourneyLanguage, userType: 'artist' | 'studio'): Promise<{ username: string }> {
  const username = `pay${userType}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const email = `${username}@example.test`;
  await registerInPage(page, { email, username, password: PASSWORD, userType }, avatarPng);
  await logOutInPage(page);
  await logIn(page, email, PASSWORD, lang);
  await page.waitForURL(/\/dashboard$/);
  return { username };
}

/** Every address the page shows, including the ones the app replaces at once (payment=...). */
function recordAddresses(page: Page): string[] {
  const seen: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) seen.push(frame.url());
  });
  return seen;
}

/** The dashboard's premium section and the test provider's page, up to the provider's decision. */
async function startPurchase(page: Page, tx: Texts, check?: () => Promise<void>): Promise<string> {
  await page.getByRole('heading', { name: tx.premium }).waitFor();
  await page.getByRole('button', { name: loose(tx.buy) }).click();
  await page.waitForURL(/\/checkout\/test\/[0-9a-f-]{36}$/);
  await page.getByRole('heading', { level: 1, name: tx.checkoutTitle }).waitFor();
  await check?.();
  return page.url();
}

async function closeClean(context: BrowserContext, page: Page): Promise<void> {
  expect(jsErrors(page)).toEqual([]);
  await context.close();
}

describe('buying featured status with the test provider', () => {
  it('an artist buys featured, sees it active, on the home page, in the history, as a PDF and as a print view', async () => {
    const tx = texts.en;
    const { context, page } = await newPage(browser(), { locale: tx.locale });
    const { username } = await registerAndLogIn(page, 'en', 'artist');
    await page.getByText(tx.empty).waitFor();
    await expectAccessible(page, 'dashboard with premium section');

    const addresses = recordAddresses(page);
    await startPurchase(page, tx, async () => {
      await page.getByText(tx.description, { exact: true }).waitFor();
      await page.getByText(loose(tx.price)).first().waitFor();
      await expectAccessible(page, 'test checkout');
    });
    await page.getByRole('button', { name: tx.approve }).click();

    // Back on the dashboard with the result, which then leaves the address.
    await page.getByText(tx.success).waitFor();
    expect(addresses.some((url) => new URL(url).pathname === '/dashboard' && new URL(url).search === '?payment=success&product=featured_artist')).toBe(true);
    await expect.poll(() => new URL(page.url()).search).toBe('');
    const ends = Date.now() + 14 * DAY_MS;
    await page.getByText(new RegExp(`^Active until (${dateIn('en', ends)}|${dateIn('en', ends + DAY_MS)})$`)).waitFor();
    expect(await page.getByRole('button', { name: loose(tx.buy) }).count()).toBe(0);

    // The history lists it with the test mark and both receipt links.
    const row = page.locator('li', { hasText: tx.description });
    await row.getByText(tx.completed).waitFor();
    await row.getByText(loose(tx.price)).waitFor();
    await row.getByText('Test', { exact: true }).waitFor();
    await expectAccessible(page, 'dashboard after the purchase');

    const pdfLink = row.getByRole('link', { name: /as PDF$/ });
    const href = (await pdfLink.getAttribute('href')) as string;
    const [download] = await Promise.all([page.waitForEvent('download'), pdfLink.click()]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const pdf = await context.request.get(href);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

    await row.getByRole('link', { name: new RegExp(`^${tx.print}`) }).click();
    await page.waitForURL(/\/dashboard\/payments\/[0-9a-f-]{36}\/receipt$/);
    const invoice = page.getByRole('article', { name: tx.receipt });
    await invoice.getByText(tx.testMark, { exact: true }).waitFor();
    await invoice.getByText(tx.description).waitFor();
    await invoice.getByText(/^\d{4}-\d{6}$/).waitFor();
    await page.getByRole('button', { name: tx.printButton, exact: true }).waitFor();
    await expectAccessible(page, 'printable receipt');
    // On paper only the receipt is left: the site's header and footer are not printed.
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('header').first().isVisible()).toBe(false);
    expect(await page.locator('footer').first().isVisible()).toBe(false);
    expect(await invoice.isVisible()).toBe(true);
    await page.emulateMedia({ media: 'screen' });

    // A purchase leads the home page's featured artists for its first hour, then takes its
    // turn in the hourly rotation: the buyer's card is there now and links to its profile.
    await page.goto('/');
    await expect.poll(() => page.locator(`main a[href="/${username}"]`).count()).toBeGreaterThan(0);
    await closeClean(context, page);
  });

  it('a studio cancels (nothing changes), then a declined payment shows the error text', async () => {
    const tx = texts.en;
    const { context, page } = await newPage(browser(), { locale: tx.locale });
    await registerAndLogIn(page, 'en', 'studio');
    await page.getByRole('heading', { name: 'Featured studio (14 days)' }).waitFor();

    const addresses = recordAddresses(page);
    await startPurchase(page, tx, () => page.getByText('Featured studio (14 days)', { exact: true }).waitFor());
    await page.getByRole('button', { name: tx.cancel, exact: true }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.getByRole('heading', { name: tx.premium }).waitFor();
    expect(addresses.some((url) => url.includes('payment='))).toBe(false);
    await page.getByText(tx.empty).waitFor();
    expect(await page.getByText(tx.success).count()).toBe(0);
    expect(await page.getByText(tx.error).count()).toBe(0);

    await startPurchase(page, tx);
    await page.getByRole('button', { name: tx.decline }).click();
    await page.getByText(tx.error).waitFor();
    expect(addresses.some((url) => new URL(url).search === '?payment=error')).toBe(true);
    await expect.poll(() => new URL(page.url()).search).toBe('');
    // Still not featured: the offer stays, and the failed order is listed without receipts.
    await page.getByRole('button', { name: loose(tx.buy) }).waitFor();
    const row = page.locator('li', { hasText: 'Featured studio (14 days)' });
    await row.getByText(tx.failed).waitFor();
    expect(await row.getByRole('link').count()).toBe(0);
    await expectAccessible(page, 'dashboard after a declined payment');
    await closeClean(context, page);
  });

  it('in German: 19,90 €, the German test page and DD.MM.YYYY dates', async () => {
    const tx = texts.de;
    const { context, page } = await newPage(browser(), { locale: tx.locale });
    await registerAndLogIn(page, 'de', 'artist');
    await page.getByText(loose(tx.price)).first().waitFor();

    const addresses = recordAddresses(page);
    await startPurchase(page, tx, async () => {
      expect(new URL(page.url()).pathname.startsWith('/de/checkout/test/')).toBe(true);
      await page.getByText(tx.description, { exact: true }).waitFor();
      await expectAccessible(page, 'test checkout (de)');
    });
    await page.getByRole('button', { name: tx.approve }).click();
    await page.getByText(tx.success).waitFor();
    expect(addresses.some((url) => new URL(url).pathname === '/de/dashboard' && new URL(url).search === '?payment=success&product=featured_artist')).toBe(true);
    const ends = Date.now() + 14 * DAY_MS;
    const until = await page.getByText(/^Aktiv bis /).textContent();
    expect([tx.activeUntil(dateIn('de', ends)), tx.activeUntil(dateIn('de', ends + DAY_MS))]).toContain(until);
    expect(until).toMatch(/^Aktiv bis \d{2}\.\d{2}\.\d{4}$/);

    const row = page.locator('li', { hasText: tx.description });
    await row.getByText(tx.completed).waitFor();
    await row.getByText(dateIn('de', Date.now())).waitFor();
    await row.getByText(loose(tx.price)).waitFor();
    await row.getByRole('link', { name: new RegExp(`^${tx.print}`) }).click();
    await page.waitForURL(/\/de\/dashboard\/payments\/[0-9a-f-]{36}\/receipt$/);
    const invoice = page.getByRole('article', { name: tx.receipt });
    await invoice.getByText(tx.testMark, { exact: true }).waitFor();
    await invoice.getByText(loose(tx.price)).first().waitFor();
    await expectAccessible(page, 'printable receipt (de)');
    await closeClean(context, page);
  });
});
