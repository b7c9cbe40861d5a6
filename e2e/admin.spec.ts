import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { withLanguage, type Language } from '../src/common/languages';
import { baseUrl, dataDir, expectAccessible, jsErrors, startJourney, useBrowser } from './browser';
import { logIn, LOGIN_TEXTS, submitLogin, type JourneyLanguage } from './login';
import { registerAside, uploadAvatarInPage } from './admin-accounts';
import { logOutInPage } from './register';

const browser = useBrowser();
const ADMIN = { email: 'admin@demo.tattooguestspots.test', password: 'demo1234!' };
const PASSWORD = 'Admin!Journey1';
let picturePng: string;

beforeAll(async () => {
  // One small picture for avatars and portfolio uploads: the home page shows featured users only with one.
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="600"><rect width="480" height="600" fill="#f1e7d4"/>` +
      `<circle cx="240" cy="300" r="150" fill="none" stroke="#1b1b1b" stroke-width="18"/><path d="M90 520 L390 90" stroke="#9c2a1f" stroke-width="12"/></svg>`,
  );
  picturePng = (await sharp(svg).png().toBuffer()).toString('base64');
});

const texts = {
  en: {
    gate: { title: 'Not authorised', denied: 'Admin status could not be confirmed.' },
    cancel: 'Cancel',
    reason: 'Reason',
  },
  de: {
    gate: { title: 'Nicht berechtigt', denied: 'Admin-Status konnte nicht bestätigt werden.' },
    cancel: 'Abbrechen',
    reason: 'Grund',
  },
} as const;

/** A price in cents as the German interface writes it ("9,90 €"). */
const centsText = (cents: number) => new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(cents / 100);

/** Money as the interface writes it: Intl puts a no-break space before the euro sign. */
const loose = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s'));

interface Person {
  id: number;
  username: string;
  name: string;
  email: string;
}

/**
 * A fresh account of this run (demo accounts other journeys rely on stay untouched), registered
 * through the API from beside the browsers (see admin-accounts.ts); nobody is logged in with it yet.
 */
async function freshUser(prefix: string, userType: 'artist' | 'studio' = 'artist'): Promise<Person> {
  const username = `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const email = `${username}@example.test`;
  const user = await registerAside({ email, username, password: PASSWORD, userType });
  return { id: user.id, username: user.username, name: user.name, email };
}

/** A new browser context in a language with the demo admin logged in through the form. */
async function adminJourney(lang: Language): Promise<{ context: BrowserContext; page: Page; id: string }> {
  const journey = await startJourney(browser(), lang);
  await logIn(journey.page, ADMIN.email, ADMIN.password, lang as JourneyLanguage);
  await journey.page.waitForURL((url) => !url.pathname.endsWith('/login'));
  return journey;
}

/** Opens an admin screen and waits for its heading. */
async function openAdmin(page: Page, lang: Language, screen: string, heading: string | RegExp): Promise<void> {
  await page.goto(withLanguage(screen, lang));
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
}

/** The status code a visitor gets for a public profile (the page as the server renders it). */
async function profileStatus(context: BrowserContext, username: string): Promise<number> {
  const res = await context.request.get(`/${username}`, { headers: { Accept: 'text/html' } });
  return res.status();
}

async function closeClean(context: BrowserContext, ...pages: Page[]): Promise<void> {
  for (const page of pages) expect(jsErrors(page)).toEqual([]);
  await context.close();
}

describe.each(['en', 'de'] as const)('the admin gate (%s)', (lang) => {
  it('shows a logged-in artist the not-authorised page at /admin', async () => {
    const tx = texts[lang];
    const { context, page } = await startJourney(browser(), lang);
    const artist = await freshUser('admgate');
    await logIn(page, artist.email, PASSWORD, lang);
    await page.waitForURL(/\/dashboard/);
    await page.goto(withLanguage('/admin', lang));
    await page.waitForURL((url) => url.pathname === withLanguage('/admin/not-authorized', lang) && url.searchParams.get('reason') === 'denied');
    await page.getByRole('heading', { level: 1, name: tx.gate.title }).waitFor();
    expect(await page.getByRole('alert').filter({ hasText: tx.gate.denied }).count()).toBe(1);
    // No admin screen leaks through: neither the sidebar nor the admin API answers.
    expect(await page.getByRole('navigation', { name: /Admin/ }).count()).toBe(0);
    const check = await page.evaluate(async () => (await fetch('/api/admin/check', { credentials: 'include' })).status);
    expect(check).toBe(403);
    await expectAccessible(page, `not authorised (${lang})`);
    await closeClean(context, page);
  });
});

describe('user management', () => {
  it('suspends a user after a cancelled first try (login refused, profile 404), then lifts the suspension', async () => {
    const { context, page } = await adminJourney('en');
    const visitor = await browser().newContext({ baseURL: baseUrl, locale: 'en-US' });
    const victimPage = await visitor.newPage();
    const victim = await freshUser('admsus');
    expect(await profileStatus(visitor, victim.username)).toBe(200);

    // Find the account through the list's search.
    await openAdmin(page, 'en', '/admin/users', 'User management');
    await page.getByLabel('Search', { exact: true }).fill(victim.username);
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await page.getByRole('link', { name: new RegExp(`@${victim.username}`) }).click();
    const who = `${victim.name} (@${victim.username})`;
    await page.getByRole('heading', { level: 1, name: who }).waitFor();
    await expectAccessible(page, 'user detail');

    // The confirmation names the account and what happens; cancelling it changes nothing.
    await page.getByRole('button', { name: 'Suspend', exact: true }).click();
    let dialog = page.getByRole('dialog', { name: `Suspend ${who}?` });
    await dialog.waitFor();
    await dialog.getByText(/They are logged out everywhere at once and cannot log in/).waitFor();
    await expectAccessible(page, 'suspend dialog');
    await dialog.getByLabel(/^Reason/).fill('Cancelled on purpose');
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Suspend', exact: true }).count()).toBe(1);
    expect(await profileStatus(visitor, victim.username)).toBe(200);
    const { user: untouched } = await page.evaluate(
      async (id) => (await (await fetch(`/api/admin/users/${id}`, { credentials: 'include' })).json()) as { user: { suspension: unknown; audit: unknown[] } },
      victim.id,
    );
    expect(untouched.suspension).toBeNull();
    expect(untouched.audit).toEqual([]);

    // Now for real: confirm stays disabled until a reason is typed.
    await page.getByRole('button', { name: 'Suspend', exact: true }).click();
    dialog = page.getByRole('dialog', { name: `Suspend ${who}?` });
    const confirm = dialog.getByRole('button', { name: 'Suspend', exact: true });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel(/^Reason/).fill('Spam in every conversation');
    expect(await confirm.isEnabled()).toBe(true);
    await confirm.click();
    await expect.poll(() => dialog.count()).toBe(0);
    await page.getByText('Suspended until an administrator lifts it.').waitFor();
    await page.getByText('Reason: Spam in every conversation').waitFor();

    // The user is refused at login with the suspension text, after the right password only.
    await logIn(victimPage, victim.email, 'not-the-password-1!', 'en');
    await expect.poll(() => victimPage.getByRole('alert').first().textContent()).toContain(LOGIN_TEXTS.en.failed);
    await submitLogin(victimPage, victim.email, PASSWORD, 'en');
    await expect.poll(() => victimPage.getByRole('alert').first().textContent()).toContain('This account is suspended.');
    expect(new URL(victimPage.url()).pathname).toBe('/login');
    expect(await profileStatus(visitor, victim.username)).toBe(404);

    // Lifting it: the reason is optional here, and the profile is back.
    await page.getByRole('button', { name: 'Lift suspension', exact: true }).click();
    dialog = page.getByRole('dialog', { name: `Lift the suspension of ${who}?` });
    await dialog.getByText(/They can log in again/).waitFor();
    await dialog.getByRole('button', { name: 'Lift suspension', exact: true }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await page.getByRole('button', { name: 'Suspend', exact: true }).waitFor();
    expect(await page.getByText('Suspended until an administrator lifts it.').count()).toBe(0);
    expect(await profileStatus(visitor, victim.username)).toBe(200);
    await submitLogin(victimPage, victim.email, PASSWORD, 'en');
    await victimPage.waitForURL(/\/dashboard/);
    await closeClean(visitor, victimPage);
    await closeClean(context, page);
  });
});

describe('moderation', () => {
  it('hides an image reported from the enlarged view, after a cancelled first try, and it leaves the profile and the gallery', async () => {
    const { context, page, id } = await adminJourney('en');
    const others = await browser().newContext({ baseURL: baseUrl, locale: 'en-US' });
    const userPage = await others.newPage();

    // An artist with one portfolio picture.
    const owner = await freshUser('admown');
    await logIn(userPage, owner.email, PASSWORD, 'en');
    await userPage.waitForURL(/\/dashboard/);
    const caption = `Reported piece ${id}`;
    const imageId = await userPage.evaluate(
      async ({ png, text }) => {
        const form = new FormData();
        form.append('image', new Blob([Uint8Array.from(atob(png), (c) => c.charCodeAt(0))], { type: 'image/png' }), 'piece.png');
        form.append('caption', text);
        const res = await fetch('/api/gallery', { method: 'POST', credentials: 'include', headers: { Accept: 'application/json' }, body: form });
        if (!res.ok) throw new Error(`upload ${res.status}: ${await res.text()}`);
        return ((await res.json()) as { image: { id: number } }).image.id;
      },
      { png: picturePng, text: caption },
    );
    await logOutInPage(userPage);

    // Another user reports it through the Report action of the enlarged view.
    const reporter = await freshUser('admrep');
    await logIn(userPage, reporter.email, PASSWORD, 'en');
    await userPage.waitForURL(/\/dashboard/);
    await userPage.goto(`/${owner.username}?tab=portfolio`);
    await userPage.getByRole('button', { name: `View larger: ${caption}` }).click();
    await userPage.getByRole('button', { name: 'Report image' }).click();
    const report = userPage.getByRole('dialog', { name: `Report an image by ${owner.name}` });
    await report.getByRole('radio', { name: 'Stolen work (not their own tattoo)' }).check();
    const details = `That is my tattoo, ${id}.`;
    await report.getByRole('textbox', { name: /Details/ }).fill(details);
    await report.getByRole('button', { name: 'Send report' }).click();
    await userPage.getByText('Thank you. Our team will look at your report.').waitFor();
    await expect.poll(() => report.count()).toBe(0);

    // The admin finds it in the reports queue.
    await openAdmin(page, 'en', '/admin/reports', 'Reports');
    // The queue's card, not the list of report details inside it.
    const card = page.getByRole('listitem').filter({ hasText: details }).filter({ has: page.getByRole('button', { name: 'Dismiss' }) });
    await card.waitFor();
    await card.getByText('Stolen work', { exact: true }).waitFor();
    await card.getByText(caption).waitFor();
    await expectAccessible(page, 'reports queue');

    const title = `Hide: Image – ${owner.name} (@${owner.username})?`;
    await card.getByRole('button', { name: 'Hide', exact: true }).click();
    let dialog = page.getByRole('dialog', { name: title });
    await dialog.getByText(/It leaves every public list at once/).waitFor();
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    // Cancelled: still open in the queue and still public.
    expect(await card.count()).toBe(1);
    const publicImages = async () => {
      const res = await others.request.get(`/api/profile/${owner.username}`);
      return ((await res.json()) as { user: { galleryImages: { id: number }[] } }).user.galleryImages.map((i) => i.id);
    };
    expect(await publicImages()).toEqual([imageId]);
    const galleryIds = async () => ((await (await others.request.get('/api/gallery?limit=50')).json()) as { images: { id: number }[] }).images.map((i) => i.id);
    expect(await galleryIds()).toContain(imageId);

    await card.getByRole('button', { name: 'Hide', exact: true }).click();
    dialog = page.getByRole('dialog', { name: title });
    const confirm = dialog.getByRole('button', { name: 'Hide', exact: true });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel(/^Reason/).fill('Reported as stolen work; the reporter showed the original.');
    await expectAccessible(page, 'hide dialog');
    await confirm.click();
    await page.getByText('Done. The reporters are told the outcome.').waitFor();
    await expect.poll(() => card.count()).toBe(0);

    // Gone from the profile and from the gallery, for everyone.
    expect(await publicImages()).toEqual([]);
    const visitor = await browser().newContext({ baseURL: baseUrl, locale: 'en-US' });
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(`/${owner.username}?tab=portfolio`);
    await visitorPage.getByRole('heading', { level: 1, name: owner.name }).waitFor();
    expect(await visitorPage.getByRole('button', { name: `View larger: ${caption}` }).count()).toBe(0);
    expect(await galleryIds()).not.toContain(imageId);
    await closeClean(visitor, visitorPage);
    await closeClean(others, userPage);
    await closeClean(context, page);
  });
});

describe('premium and featured', () => {
  it('in German: a price typed as "24,90" reaches an artist’s premium box', async () => {
    const { context, page } = await adminJourney('de');
    const before = await page.evaluate(async () => {
      const res = await fetch('/api/admin/premium/catalogue', { credentials: 'include' });
      const { products } = (await res.json()) as { products: { productType: string; amountCents: number }[] };
      return products.find((p) => p.productType === 'instagram_story')!.amountCents;
    });
    // Another price than the present one, so the change is visible whatever ran before.
    const [typed, shown] = before === 2490 ? ['25,90', '25,90 €'] : ['24,90', '24,90 €'];
    try {
      await openAdmin(page, 'de', '/admin/premium', 'Premium');
      await expectAccessible(page, 'premium (de)');
      const row = page.getByRole('listitem').filter({ has: page.getByLabel('Neuer Preis für Instagram-Story (€)') });
      await row.getByLabel('Neuer Preis für Instagram-Story (€)').fill(typed);
      await row.getByRole('button', { name: 'Preis speichern' }).click();
      const dialog = page.getByRole('dialog', { name: 'Preis von Instagram-Story ändern?' });
      await dialog.getByText(loose(`auf ${shown}.`)).waitFor();
      await dialog.getByRole('button', { name: 'Preis speichern' }).click();
      await page.getByText('Der Preis von Instagram-Story wurde geändert.').waitFor();
      await row.getByText(loose(`Aktuell ${shown}`)).waitFor();

      const artist = await startJourney(browser(), 'de');
      const person = await freshUser('admprice');
      await logIn(artist.page, person.email, PASSWORD, 'de');
      await artist.page.waitForURL(/\/de\/dashboard/);
      await artist.page.getByRole('heading', { name: 'Premium-Funktionen' }).waitFor();
      await artist.page.getByRole('button', { name: loose(`Story-Promotion für ${shown} kaufen`) }).waitFor();
      await artist.page.getByText(loose(`· ${shown}`)).waitFor();
      expect(await artist.page.getByRole('button', { name: loose(`Story-Promotion für ${centsText(before)} kaufen`) }).count()).toBe(0);
      await closeClean(artist.context, artist.page);
    } finally {
      // Other journeys read the catalogue too: leave the price as it was.
      await page.evaluate(
        async (amountCents) =>
          fetch('/api/admin/premium/catalogue/instagram_story', {
            method: 'PUT',
            credentials: 'include',
            headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
            body: JSON.stringify({ amountCents }),
          }),
        before,
      );
    }
    await closeClean(context, page);
  });

  it('grants featured days to a studio, which the home page then shows', async () => {
    const visitor = await browser().newContext({ baseURL: baseUrl, locale: 'en-US' });
    const home = await visitor.newPage();
    const studio = await freshUser('admfeat', 'studio');
    // The home page shows featured accounts only with a picture.
    await logIn(home, studio.email, PASSWORD, 'en');
    await home.waitForURL(/\/dashboard/);
    await uploadAvatarInPage(home, studio.id, picturePng);
    await logOutInPage(home);
    const { context, page } = await adminJourney('en');

    await openAdmin(page, 'en', '/admin/premium', 'Premium');
    await page.getByLabel('Find an account (username, name or email)').fill(studio.username);
    const who = `${studio.name} (@${studio.username})`;
    await page.getByRole('list', { name: 'Accounts found' }).getByRole('button', { name: who }).click();
    await page.getByText(`Chosen: ${who}`).waitFor();
    await page.getByLabel('Days', { exact: true }).fill('30');
    await page.getByRole('button', { name: 'Grant featured days' }).click();
    const dialog = page.getByRole('dialog', { name: `Grant featured days to ${who}?` });
    await dialog.getByText(`${who} is featured for 30 more days, counted from the current end or from now.`).waitFor();
    const confirm = dialog.getByRole('button', { name: 'Grant featured days' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel(/^Reason/).fill('Winner of the flash day contest');
    await confirm.click();
    await page.getByText(new RegExp(`^${who.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is featured until `)).waitFor();

    // The featured entries list it, given by an admin.
    await openAdmin(page, 'en', '/admin/featured', 'Featured');
    await page.getByRole('listitem').filter({ hasText: `@${studio.username}` }).first().waitFor();
    await expectAccessible(page, 'featured entries');

    // A visitor's home page shows the studio among the featured studios.
    await home.goto('/');
    await expect.poll(() => home.locator(`main a[href="/${studio.username}"]`).count()).toBeGreaterThan(0);
    await closeClean(visitor, home);
    await closeClean(context, page);
  });
});

describe('city import', () => {
  it('imports two cities from a CSV after its preview, and a user picks one in the profile editor', async () => {
    const { context, page, id } = await adminJourney('en');
    const first = `Kleinzett ${id}`;
    const second = `Grosszett ${id}`;
    const geonameId = 990_000_000 + Math.floor(Math.random() * 9_000_000);
    const csv = [
      'name,countryCode,latitude,longitude,population,geonameId',
      `${first},DE,51.5123,9.9321,1200,${geonameId}`,
      `${second},DE,52.8811,12.4417,5400,${geonameId + 1}`,
    ].join('\n');

    await openAdmin(page, 'en', '/admin/city-import', 'City import');
    await expectAccessible(page, 'city import');
    await page.getByLabel('File', { exact: true }).setInputFiles({ name: `cities-${id}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByRole('button', { name: 'Upload and preview' }).click();
    const view = page.getByRole('region', { name: `Import of cities-${id}.csv` });
    await view.getByText('Ready to import', { exact: true }).waitFor();
    const count = (label: string) => view.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd').textContent();
    expect(await count('New cities')).toBe('2');
    expect(await count('Rows with errors')).toBe('0');
    await view.getByRole('heading', { name: 'First 2 changes' }).waitFor();
    for (const name of [first, second]) await view.getByRole('row').filter({ hasText: name }).getByText('New', { exact: true }).waitFor();
    await expectAccessible(page, 'city import preview');
    await view.getByRole('button', { name: 'Start import' }).click();
    await view.getByText(/^Import finished: 2 new, 0 updated/).waitFor({ timeout: 30_000 });

    // A user picks the new city in the profile editor, and the profile shows it.
    const user = await startJourney(browser(), 'en');
    const person = await freshUser('admcity');
    await logIn(user.page, person.email, PASSWORD, 'en');
    await user.page.waitForURL(/\/dashboard/);
    await user.page.goto(`/${person.username}?edit=true`);
    await user.page.getByLabel(/^Country/).selectOption({ label: 'Germany' });
    // The city type-ahead finds the imported city by its name.
    await user.page.getByRole('combobox', { name: /^City/ }).fill(second.slice(0, 9));
    await user.page.getByRole('option', { name: new RegExp(`^${second}`) }).click();
    await user.page.getByRole('button', { name: 'Save', exact: true }).first().click();
    await expect.poll(() => user.page.url()).not.toContain('edit=true');
    await expect.poll(() => user.page.getByText(second).count()).toBeGreaterThan(0);
    const profile = (await (await user.context.request.get(`/api/profile/${person.username}`)).json()) as { user: { cityId?: number; city?: string; cityName?: string } };
    expect([profile.user.city, profile.user.cityName]).toContain(second);
    await closeClean(user.context, user.page);
    await closeClean(context, page);
  });
});

describe('contact inbox', () => {
  it('answers a message sent through the contact form, and the reply is mailed', async () => {
    const { context, page, id } = await adminJourney('en');
    const visitor = await startJourney(browser(), 'en');
    const sender = { name: 'Mara Sender', email: `contact-${id}@example.test` };
    const subject = `Guest spot question ${id}`;
    // Typed only once the page is interactive: before hydration the form would not yet be React's.
    await visitor.page.goto('/contact', { waitUntil: 'networkidle' });
    await visitor.page.getByLabel('Name', { exact: true }).fill(sender.name);
    await visitor.page.getByLabel('Email address', { exact: true }).fill(sender.email);
    await visitor.page.getByLabel(/^Subject/).fill(subject);
    await visitor.page.getByLabel(/^Message/).fill('How long may a guest spot listing run? Thanks a lot.');
    await visitor.page.getByRole('button', { name: 'Send message' }).click();
    await visitor.page.getByText('Thank you, your message has been sent.').waitFor();
    await closeClean(visitor.context, visitor.page);

    await openAdmin(page, 'en', '/admin/contact', 'Contact form');
    await page.getByRole('link', { name: new RegExp(subject) }).click();
    await page.getByRole('heading', { name: subject }).waitFor();
    await page.getByText(sender.email).first().waitFor();
    await expectAccessible(page, 'contact message');

    const answer = `Up to twelve weeks per listing ${id}`;
    await expect.poll(() => page.getByLabel('Subject', { exact: true }).inputValue()).toBe(`Re: ${subject}`);
    await page.getByLabel('Reply', { exact: true }).fill(answer);
    await page.getByRole('button', { name: 'Send reply' }).click();
    await page.getByText('Reply sent; the message is marked answered.').waitFor();

    // The mail port writes the reply as a file in the server's data folder.
    expect(dataDir).not.toBe('');
    const mailFolder = path.join(dataDir, 'mail');
    const replyMail = async () => {
      const names = (await readdir(mailFolder).catch(() => [] as string[])).filter((n) => n.endsWith('.eml') && n.includes(sender.email));
      for (const name of names) {
        // Quoted-printable folds long lines with a trailing "="; unfold before searching.
        const text = (await readFile(path.join(mailFolder, name), 'utf8')).replace(/=\r?\n/g, '');
        if (text.includes(answer)) return text;
      }
      return null;
    };
    await expect.poll(replyMail, { timeout: 10_000 }).not.toBeNull();
    const mail = (await replyMail()) as string;
    expect(mail).toMatch(new RegExp(`^To: ${sender.email}`, 'm'));
    expect(mail).toContain(subject);
    await closeClean(context, page);
  });
});
