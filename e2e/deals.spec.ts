import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInBerlin } from '../src/common/schemas/listing-fields';
import { SQLite } from '../src/server/db/sqlite-driver';
import { registerAside } from './admin-accounts';
import { baseUrl, dataDir, expectAccessible, jsErrors, newPage, useBrowser } from './browser';
import { logIn, type JourneyLanguage } from './login';

const browser = useBrowser();
const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
const PASSWORD = 'Ink-and-paper-2026';
const PHONE = { width: 390, height: 844 };
/** How long a change by one side may take to reach the other's open page through the live stream. */
const LIVE_MS = 5_000;
/**
 * The browsers register from 127.0.0.1, the admin journeys from 127.0.0.2 and the community
 * journeys from 127.0.0.3, each near the allowance of 10 accounts an hour: this journey's two
 * accounts come from a loopback address of their own (see admin-accounts.ts).
 */
const DEALS_ADDRESS = '127.0.0.4';

/** A day counted from today in Berlin, the server's calendar. */
const day = (offset: number) => addDays(todayInBerlin(), offset);
/** A yyyy-mm-dd day as an English page's date field takes it (MM/DD/YYYY). */
const typed = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

// The first trip: the artist is open for two weeks, the studio invites her for five days of them.
const TRIP = { start: day(30), end: day(44) };
const STAY = { start: day(33), end: day(37) };
// The second trip, answered on a phone in German; far from the first, so the stays never overlap.
const LATER_TRIP = { start: day(80), end: day(95) };
const LATER_STAY = { start: day(82), end: day(86) };

interface Person {
  id: number;
  username: string;
  name: string;
  email: string;
}

async function freshAccount(prefix: string, userType: 'artist' | 'studio'): Promise<Person> {
  const username = `${prefix}${tag}`;
  const email = `${username}@example.test`;
  const user = await registerAside({ email, username, password: PASSWORD, userType }, DEALS_ADDRESS);
  return { id: user.id, username: user.username, name: user.name, email };
}

async function logInAs(page: Page, person: Person, lang: JourneyLanguage = 'en') {
  await logIn(page, person.email, PASSWORD, lang);
  await page.waitForURL(/\/dashboard/);
}

/** A call to the API from inside a logged-in page, as the app makes it; answers the JSON. */
async function callApi<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(path, {
        method,
        credentials: 'include',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${method} ${path} ${res.status}: ${await res.text()}`);
      return res.json();
    },
    { method, path, body },
  ) as Promise<T>;
}

/** The ics text with its folded lines joined again (RFC 5545 §3.1). */
const unfold = (ics: string) => ics.replace(/\r\n[ \t]/g, '');

/** A review month as an English review card names it ("March 2026"). */
const monthLabel = (iso: string) => new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${iso.slice(0, 7)}-01T00:00:00Z`));

let artistContext: BrowserContext;
let studioContext: BrowserContext;
let artistPage: Page;
let studioPage: Page;
let artist: Person;
let studio: Person;
let trip: { id: number; slug: string };
let stayId = 0;

beforeAll(async () => {
  artist = await freshAccount('dealartist', 'artist');
  studio = await freshAccount('dealstudio', 'studio');
  ({ context: artistContext, page: artistPage } = await newPage(browser()));
  ({ context: studioContext, page: studioPage } = await newPage(browser()));
  await logInAs(artistPage, artist);
  await logInAs(studioPage, studio);
  // A studio's name and place, as its profile form saves them: the stay takes the studio's city.
  studio.name = `Nadelhaus ${tag}`;
  await callApi(studioPage, 'PUT', `/api/users/${studio.id}/profile`, { name: studio.name, cityId: 0, city: 'Leipzig' });
  // The artist's availability, posted as its form does (the listings journey covers the form itself).
  trip = await callApi(artistPage, 'POST', '/api/artist-availability', { title: `Leipzig trip ${tag}`, startDate: TRIP.start, endDate: TRIP.end, preferredLocation: 'Leipzig' });
});

afterAll(async () => {
  await artistContext?.close();
  await studioContext?.close();
});

describe('guest spot deals', () => {
  it('a studio invites an artist from her availability, she accepts, both accept the agreement, and the stay shows on both profiles and in her tour.ics', async () => {
    // The studio answers the availability with its own dates and terms.
    await studioPage.goto(`/tattooartist/${trip.slug}`);
    await studioPage.getByRole('button', { name: 'Invite as guest' }).click();
    const dialog = studioPage.getByRole('dialog', { name: `Invite ${artist.name} as guest` });
    await dialog.waitFor();
    // A studio without guest spots invites with dates and terms of its own.
    await expect.poll(() => dialog.getByRole('radio', { name: 'Own dates and terms' }).isChecked()).toBe(true);
    await dialog.getByLabel('First day', { exact: true }).fill(typed(STAY.start));
    await dialog.getByLabel('Last day', { exact: true }).fill(typed(STAY.end));
    await dialog.getByLabel('Deal', { exact: true }).selectOption({ label: 'Share of what the guest earns' });
    await dialog.getByLabel("Guest's share in percent", { exact: true }).fill('70');
    await dialog.getByLabel('Housing', { exact: true }).selectOption({ label: 'Guest room' });
    await dialog.getByRole('textbox', { name: /^Message/ }).fill('We would love to host you in Leipzig. Guest room included!');
    await expectAccessible(studioPage, 'invite dialog');
    const invited = studioPage.waitForResponse((r) => r.url().endsWith(`/api/artist-availability/${trip.id}/invite`) && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    expect((await invited).status()).toBe(201);
    await dialog.getByText('Invitation sent').waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // The artist's dashboard counts the invitation on her Trips tile; Requests & stays shows it.
    await artistPage.goto('/dashboard');
    await artistPage.getByRole('main').getByText('1 open invitation').waitFor();
    await artistPage.goto('/dashboard/requests');
    await artistPage.getByRole('heading', { level: 1, name: 'Requests & stays' }).waitFor();
    const received = artistPage.getByRole('tabpanel', { name: 'Received' });
    const card = received.getByRole('listitem').filter({ has: artistPage.getByRole('link', { name: studio.name, exact: true }) });
    await card.getByText('Invitation · From').waitFor();
    await card.getByText('Pending', { exact: true }).waitFor();
    await expectAccessible(artistPage, 'requests page with an invitation');
    const accepted = artistPage.waitForResponse((r) => /\/api\/applications\/\d+\/accept$/.test(r.url()));
    await card.getByRole('button', { name: 'Accept', exact: true }).click();
    const acceptance = await accepted;
    expect(acceptance.status()).toBe(200);
    const stay = ((await acceptance.json()) as { stay: { id: number; startDate: string; endDate: string; status: string } }).stay;
    expect(stay).toMatchObject({ startDate: STAY.start, endDate: STAY.end, status: 'confirmed' });
    stayId = stay.id;
    await card.getByText('Accepted', { exact: true }).waitFor();
    // The stay it became is under Upcoming, with its agreement.
    const stays = artistPage.getByRole('region', { name: 'Stays' });
    await stays.getByRole('link', { name: 'Agreement' }).waitFor();
    await expectAccessible(artistPage, 'requests page with a stay');

    // The artist accepts the agreement; the studio sees it and accepts too; both see both acceptances.
    await stays.getByRole('link', { name: 'Agreement' }).click();
    await artistPage.waitForURL(new RegExp(`/stays/${stayId}/agreement$`));
    await artistPage.getByRole('heading', { level: 1, name: 'Stay agreement' }).waitFor();
    const artistAcceptance = artistPage.getByRole('region', { name: 'Acceptance' });
    await artistAcceptance.getByText('Not yet accepted').first().waitFor();
    // The written terms: the studio's 70 % share for the guest and the guest room, in the city.
    await artistPage.getByText('The guest artist keeps 70 % of what they earn at the studio; the studio keeps 30 %.').waitFor();
    await artistPage.getByText('The studio offers the guest artist a guest room.').waitFor();
    await artistPage.getByText('At the studio in Leipzig.').waitFor();
    await expectAccessible(artistPage, 'agreement page before accepting');
    await artistAcceptance.getByRole('button', { name: 'Accept agreement' }).click();
    await artistAcceptance.getByText(/^Accepted on /).waitFor();
    expect(await artistAcceptance.getByRole('button', { name: 'Accept agreement' }).count()).toBe(0);

    await studioPage.goto(`/stays/${stayId}/agreement`);
    const studioAcceptance = studioPage.getByRole('region', { name: 'Acceptance' });
    await studioAcceptance.getByText(`Guest artist: ${artist.name}`, { exact: true }).waitFor();
    await studioAcceptance.getByText(/^Accepted on /).waitFor();
    await studioAcceptance.getByText('Not yet accepted').waitFor();
    await studioAcceptance.getByRole('button', { name: 'Accept agreement' }).click();
    await studioAcceptance.getByText('Both sides accepted this agreement.').waitFor();
    await expect.poll(() => studioAcceptance.getByText(/^Accepted on /).count()).toBe(2);
    // The artist's open page learns of it live.
    await artistAcceptance.getByText('Both sides accepted this agreement.').waitFor({ timeout: LIVE_MS });
    expect(await artistAcceptance.getByText(/^Accepted on /).count()).toBe(2);
    await expectAccessible(studioPage, 'agreement page accepted by both');

    // Both public profiles show the stay: hers as "Guest at", the studio's under "Guests".
    await studioPage.goto(`/${artist.username}`);
    const trips = studioPage.getByRole('region', { name: 'Guest stays' });
    await trips.getByRole('link', { name: studio.name, exact: true }).waitFor();
    expect(await trips.getByRole('listitem').first().textContent()).toMatch(new RegExp(`^Guest at ${studio.name}, Leipzig, `));
    await artistPage.goto(`/${studio.username}`);
    const guests = artistPage.getByRole('region', { name: 'Guests' });
    await guests.getByRole('link', { name: artist.name, exact: true }).waitFor();

    // Her public calendar feed holds the stay as an all-day event (DTEND is the day after the last).
    const res = await fetch(`${baseUrl}/${artist.username}/tour.ics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/calendar/);
    const ics = unfold(await res.text());
    const events = ics.split('BEGIN:VEVENT').slice(1);
    const event = events.find((e) => e.includes(`UID:stay-${stayId}@`));
    expect(event, ics).toBeDefined();
    expect(event).toContain(`SUMMARY:${artist.name} · guest at ${studio.name}\r\n`);
    expect(event).toContain('LOCATION:Leipzig\r\n');
    expect(event).toContain(`DTSTART;VALUE=DATE:${STAY.start.replace(/-/g, '')}\r\n`);
    expect(event).toContain(`DTEND;VALUE=DATE:${addDays(STAY.end, 1).replace(/-/g, '')}\r\n`);
    // Nothing private: the terms stay between the two.
    expect(ics).not.toMatch(/70 %|guest room/i);

    expect(jsErrors(artistPage)).toEqual([]);
    expect(jsErrors(studioPage)).toEqual([]);
  });

  it('after the stay, both review each other and see the verified stay mark', async () => {
    expect(stayId).toBeGreaterThan(0);
    // The server has no clock to move, and a review counts as verified only for a stay whose last
    // day has passed (status confirmed or completed, end_date before today in Berlin: the reviews'
    // and the trust module's reads). So the stay, with the invitation it came from and the
    // availability it answered, is moved 70 days back in the running server's database, as if
    // the trip had happened. Its agreement is written over the stay's days, so its acceptances no
    // longer match the moved days; nothing here reads the agreement again.
    expect(dataDir).not.toBe('');
    const shift = '-70 days';
    const db = new SQLite(`${dataDir}/app.db`);
    try {
      db.pragma('busy_timeout = 5000');
      db.transaction(() => {
        db.prepare("update stays set start_date = date(start_date, ?), end_date = date(end_date, ?) where id = ? and status = 'confirmed'").run(shift, shift, stayId);
        db.prepare('update deal_requests set start_date = date(start_date, ?), end_date = date(end_date, ?) where stay_id = ?').run(shift, shift, stayId);
        db.prepare('update availabilities set start_date = date(start_date, ?), end_date = date(end_date, ?) where id = ?').run(shift, shift, trip.id);
      })();
      const moved = db.prepare('select start_date, end_date from stays where id = ?').get(stayId) as { start_date: string; end_date: string };
      expect(moved).toEqual({ start_date: addDays(STAY.start, -70), end_date: addDays(STAY.end, -70) });
    } finally {
      db.close();
    }
    const mark = `Verified stay · ${monthLabel(addDays(STAY.start, -70))}`;

    // The artist's dashboard asks her to review the studio, and leads to its reviews.
    await artistPage.goto('/dashboard');
    await artistPage.getByRole('heading', { name: 'How was your stay?' }).waitFor();
    await artistPage.getByRole('link', { name: `Review ${studio.name}` }).click();
    await artistPage.waitForURL(new RegExp(`/${studio.username}\\?tab=reviews$`));
    await writeReview(artistPage, studio, `Great week in Leipzig ${tag}.`);
    await artistPage.getByRole('article', { name: `Review by ${artist.name}` }).getByText(mark, { exact: true }).waitFor();

    await studioPage.goto(`/${artist.username}?tab=reviews`);
    await writeReview(studioPage, artist, `A wonderful guest ${tag}.`);
    await studioPage.getByRole('article', { name: `Review by ${studio.name}` }).getByText(mark, { exact: true }).waitFor();
    await expectAccessible(studioPage, 'reviews with the verified stay mark');

    // Each finds the other's review on their own profile, marked as well.
    await artistPage.goto(`/${artist.username}?tab=reviews`);
    await artistPage.getByRole('article', { name: `Review by ${studio.name}` }).getByText(mark, { exact: true }).waitFor();
    await studioPage.goto(`/${studio.username}?tab=reviews`);
    await studioPage.getByRole('article', { name: `Review by ${artist.name}` }).getByText(mark, { exact: true }).waitFor();
    expect(jsErrors(artistPage)).toEqual([]);
    expect(jsErrors(studioPage)).toEqual([]);
  });

  it('on a 390 px phone in German, the artist accepts an invitation and the agreement', async () => {
    const later = await callApi<{ id: number; slug: string }>(artistPage, 'POST', '/api/artist-availability', {
      title: `Zweite Reise ${tag}`,
      startDate: LATER_TRIP.start,
      endDate: LATER_TRIP.end,
      preferredLocation: 'Leipzig',
    });
    await callApi(studioPage, 'POST', `/api/artist-availability/${later.id}/invite`, {
      startDate: LATER_STAY.start,
      endDate: LATER_STAY.end,
      terms: { deal: { type: 'commission', guestSharePercent: 65 } },
      message: 'Komm im Frühjahr wieder zu uns!',
    });

    const { context, page } = await newPage(browser(), { locale: 'de-DE' });
    await page.setViewportSize(PHONE);
    await logInAs(page, artist, 'de');
    await page.getByRole('main').getByText('1 offene Einladung').waitFor();
    await page.goto('/de/dashboard/requests');
    await page.getByRole('heading', { level: 1, name: 'Anfragen & Aufenthalte' }).waitFor();
    // Newest first: the new invitation leads, above the one accepted before.
    const received = page.getByRole('tabpanel', { name: 'Erhalten' });
    const card = received.getByRole('listitem').filter({ has: page.getByRole('link', { name: studio.name, exact: true }) }).first();
    await card.getByText('Einladung · Von').waitFor();
    await card.getByText('Offen', { exact: true }).waitFor();
    await expectAccessible(page, 'requests page in German on a phone');
    const accepted = page.waitForResponse((r) => /\/api\/applications\/\d+\/accept$/.test(r.url()));
    await card.getByRole('button', { name: 'Annehmen', exact: true }).click();
    const { stay } = (await (await accepted).json()) as { stay: { id: number } };
    await card.getByText('Angenommen', { exact: true }).waitFor();
    await noSidewaysScroll(page);

    // Upcoming stays, latest first: the new one leads.
    await page.getByRole('region', { name: 'Aufenthalte' }).getByRole('link', { name: 'Vereinbarung' }).first().click();
    await page.waitForURL(new RegExp(`/de/stays/${stay.id}/agreement$`));
    await page.getByRole('heading', { level: 1, name: 'Vereinbarung zum Aufenthalt' }).waitFor();
    const acceptance = page.getByRole('region', { name: 'Zustimmung' });
    await acceptance.getByText(`Gastkünstler: ${artist.name} (du)`, { exact: true }).waitFor();
    await expect.poll(() => acceptance.getByText('Noch nicht angenommen').count()).toBe(2);
    await expectAccessible(page, 'agreement page in German on a phone');
    await acceptance.getByRole('button', { name: 'Vereinbarung annehmen' }).click();
    await acceptance.getByText(/^Angenommen am /).waitFor();
    expect(await acceptance.getByText('Noch nicht angenommen').count()).toBe(1);
    await noSidewaysScroll(page);
    expect(jsErrors(page)).toEqual([]);
    await context.close();
  });
});

/** Opens the review dialog on a profile's reviews tab, gives five stars and a comment, and saves. */
async function writeReview(page: Page, reviewed: Person, comment: string) {
  await page.getByRole('button', { name: 'Leave a review' }).click();
  const dialog = page.getByRole('dialog', { name: `Review ${reviewed.name}` });
  await dialog.waitFor();
  await dialog.getByRole('radio', { name: '5 stars: Excellent' }).click();
  await dialog.getByLabel(/Your experience/).fill(comment);
  await dialog.getByRole('button', { name: 'Save review' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await page.getByRole('article').getByText(comment).waitFor();
}

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}
