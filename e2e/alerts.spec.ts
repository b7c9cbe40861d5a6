import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocationSearchAnswer } from '../src/common/schemas/locations';
import { addDays, todayInBerlin } from '../src/common/schemas/listing-fields';
import { registerAside } from './admin-accounts';
import { dataDir, expectAccessible, jsErrors, newPage, useBrowser } from './browser';
import { logIn, type JourneyLanguage } from './login';

const browser = useBrowser();
const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
const PASSWORD = 'Ink-and-paper-2026';
/** How long a change by one side may take to reach the other's open page through the live stream. */
const LIVE_MS = 5_000;
/**
 * Each journey's accounts come from a loopback address of its own, so none of them meets the
 * allowance of 10 registrations an hour per address (see admin-accounts.ts): this one's is the fifth.
 */
const ALERTS_ADDRESS = '127.0.0.5';

/** A day counted from today in Berlin, the server's calendar. */
const day = (offset: number) => addDays(todayInBerlin(), offset);
// The artist's open weeks; the studio invites her for five days of them.
const TRIP = { start: day(40), end: day(54) };
const STAY = { start: day(42), end: day(46) };

interface Person {
  id: number;
  username: string;
  name: string;
  email: string;
}

async function freshAccount(prefix: string, userType: 'artist' | 'studio'): Promise<Person> {
  const username = `${prefix}${tag}`;
  const email = `${username}@example.test`;
  const user = await registerAside({ email, username, password: PASSWORD, userType }, ALERTS_ADDRESS);
  return { id: user.id, username: user.username, name: user.name, email };
}

async function logInAs(page: Page, person: Person, lang: JourneyLanguage = 'en') {
  await logIn(page, person.email, PASSWORD, lang);
  await page.waitForURL(/\/dashboard/);
}

/** A call to the API from inside a page, as the app makes it; answers the JSON. */
async function callApi<T>(page: Page, method: string, url: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, url, body }) => {
      const res = await fetch(url, {
        method,
        credentials: 'include',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${method} ${url} ${res.status}: ${await res.text()}`);
      return res.json();
    },
    { method, url, body },
  ) as Promise<T>;
}

/**
 * The text of the newest mail file to `to` whose text holds `needle`, or null: the mail port
 * writes each mail as a file in the server's data folder.
 */
async function mailTo(to: string, needle: string | RegExp): Promise<string | null> {
  const folder = path.join(dataDir, 'mail');
  const names = (await readdir(folder).catch(() => [] as string[])).filter((n) => n.endsWith('.eml') && n.includes(to)).sort().reverse();
  for (const name of names) {
    // Folded header lines joined, quoted-printable soft breaks and escaped equals signs undone.
    const text = (await readFile(path.join(folder, name), 'utf8')).replace(/\r?\n[ \t]+/g, ' ').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    if (typeof needle === 'string' ? text.includes(needle) : needle.test(text)) return text;
  }
  return null;
}

let artistContext: BrowserContext;
let studioContext: BrowserContext;
let artistPage: Page;
let studioPage: Page;
let artist: Person;
let studio: Person;

beforeAll(async () => {
  expect(dataDir).not.toBe('');
  artist = await freshAccount('alertartist', 'artist');
  studio = await freshAccount('alertstudio', 'studio');
  ({ context: artistContext, page: artistPage } = await newPage(browser()));
  ({ context: studioContext, page: studioPage } = await newPage(browser(), { locale: 'de-DE' }));
  await logInAs(artistPage, artist);
  await logInAs(studioPage, studio, 'de');
  // The studio's name and city, as its profile form saves them: a stay takes the studio's city.
  const { results } = await callApi<LocationSearchAnswer>(studioPage, 'GET', '/api/locations/search?q=Leipzig&countryCode=DE');
  const leipzig = results.find((city) => city.name === 'Leipzig');
  if (!leipzig) throw new Error('Leipzig is not among the listed cities');
  studio.name = `Nadelwerk ${tag}`;
  await callApi(studioPage, 'PUT', `/api/users/${studio.id}/profile`, { name: studio.name, cityId: leipzig.cityId });
});

afterAll(async () => {
  await artistContext?.close();
  await studioContext?.close();
});

describe('following and alerts', () => {
  it('a visitor asks to be told when the artist comes near Halle, confirms from the mail, and is mailed when she confirms a stay in Leipzig', async () => {
    // The artist's open weeks are posted before anyone asks: only the stay is news to the visitor.
    const trip = await callApi<{ id: number }>(artistPage, 'POST', '/api/artist-availability', { title: `Open weeks ${tag}`, startDate: TRIP.start, endDate: TRIP.end, preferredLocation: 'Sachsen' });

    const { context, page } = await newPage(browser());
    const visitorEmail = `fan${tag}@example.test`;
    // The profile is rendered by the server for a visitor: its button opens the form once the page is interactive.
    await page.goto(`/${artist.username}`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: `Tell me when ${artist.name} comes near me` }).click();
    const dialog = page.getByRole('dialog', { name: `Tell me when ${artist.name} comes near me` });
    await dialog.waitFor();
    await dialog.getByLabel('Your email address').fill(visitorEmail);
    await dialog.getByRole('combobox', { name: /^Your city/ }).fill('Halle');
    await page.getByRole('option', { name: /^Halle/ }).first().click();
    await dialog.getByLabel('Distance').selectOption({ label: 'within 50 km' });
    await expectAccessible(page, 'city alert dialog');
    const asked = page.waitForResponse((r) => r.url().endsWith('/api/city-alerts') && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Tell me by email' }).click();
    expect((await asked).status()).toBe(202);
    await dialog.getByText('Almost done').waitFor();

    // Double opt-in: one mail with the link to confirm, and nothing else before it is followed.
    await expect.poll(() => mailTo(visitorEmail, '/alerts/confirm/'), { timeout: 10_000 }).not.toBeNull();
    const confirmMail = (await mailTo(visitorEmail, '/alerts/confirm/')) as string;
    expect(confirmMail).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    const confirmLink = /https?:\/\/[^\s]+(\/alerts\/confirm\/[A-Za-z0-9_.~-]+)/.exec(confirmMail)?.[1];
    expect(confirmLink).toBeTruthy();
    await page.goto(confirmLink as string, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Confirm', exact: true }).click();
    await page.getByText('Confirmed', { exact: true }).waitFor();
    await page.getByText(`We will email you when ${artist.name} comes within 50 km of Halle`).waitFor();
    await expectAccessible(page, 'city alert confirmed');

    // The studio in Leipzig (about 35 km from Halle) invites her, and she accepts: a confirmed stay.
    const invitation = await callApi<{ id: number }>(studioPage, 'POST', `/api/artist-availability/${trip.id}/invite`, {
      startDate: STAY.start,
      endDate: STAY.end,
      message: 'Komm zu uns nach Leipzig!',
      terms: { deal: { type: 'commission', guestSharePercent: 70 }, housing: 'guest_room' },
    });
    await callApi(artistPage, 'POST', `/api/applications/${invitation.id}/accept`, {});

    // The visitor's notice names the host studio, and links to manage every alert of the address.
    await expect.poll(() => mailTo(visitorEmail, studio.name), { timeout: 15_000 }).not.toBeNull();
    const notice = (await mailTo(visitorEmail, studio.name)) as string;
    expect(notice).toContain(artist.name);
    expect(notice).toMatch(/^List-Unsubscribe: <https?:\/\/[^>]+\/api\/city-alerts\/unsubscribe\/[^>]+>/m);
    const manageLink = /https?:\/\/[^\s]+(\/alerts\/(?!confirm\/)[A-Za-z0-9_.~-]+)/.exec(notice)?.[1];
    expect(manageLink).toBeTruthy();
    await page.goto(manageLink as string, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Your city alerts' }).waitFor();
    await page.getByRole('list', { name: 'Your alerts' }).getByText(artist.name).waitFor();
    await expectAccessible(page, 'city alerts of an address');
    expect(jsErrors(page)).toEqual([]);
    await context.close();
  });

  it('in German, a studio saves a search and its bell counts up when a matching availability is posted', async () => {
    const word = `Nordtour${tag}`;
    await studioPage.goto(`/de/artist-availability?q=${word}`);
    await studioPage.getByRole('heading', { level: 1 }).waitFor();
    await studioPage.getByRole('button', { name: 'Suche speichern' }).click();
    const dialog = studioPage.getByRole('dialog', { name: 'Suche speichern' });
    await dialog.waitFor();
    await dialog.getByLabel('E-Mail', { exact: true }).selectOption({ label: 'Sofort' });
    await expectAccessible(studioPage, 'save search dialog in German');
    const saved = studioPage.waitForResponse((r) => r.url().endsWith('/api/saved-searches') && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Suche speichern' }).click();
    expect((await saved).status()).toBe(201);
    await dialog.getByText('Suche gespeichert').waitFor();
    await dialog.getByRole('button', { name: 'Schließen' }).first().click();
    await dialog.waitFor({ state: 'hidden' });

    const bell = studioPage.locator('header').getByRole('button', { name: /^Benachrichtigungen/ });
    const unreadOf = async () => Number(/(\d+) ungelesen/.exec((await bell.textContent()) ?? '')?.[1] ?? 0);
    const before = await unreadOf();

    // The artist posts open weeks whose title holds the search's word; the studio's open page hears of it live.
    await callApi(artistPage, 'POST', '/api/artist-availability', { title: `${word} Hamburg`, startDate: day(70), endDate: day(80), preferredLocation: 'Hamburg' });
    await expect.poll(unreadOf, { timeout: LIVE_MS }).toBe(before + 1);
    await bell.click();
    const panel = studioPage.getByRole('dialog', { name: 'Benachrichtigungen' });
    await panel.getByRole('link', { name: new RegExp(word) }).first().waitFor();
    expect(jsErrors(studioPage)).toEqual([]);
  });
});
