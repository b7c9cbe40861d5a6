import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerInPage } from './register';
import { expectAccessible, jsErrors, newPage, useBrowser } from './browser';
import { logIn, type JourneyLanguage } from './login';

const browser = useBrowser();
const tag = Date.now().toString(36);
const PASSWORD = 'Ink-and-paper-2026';
const LIVE_MS = 3_000;

interface Account {
  id: number;
  username: string;
  name: string;
}

/** Registers through the API from inside the page, so the context holds the new session. */
async function register(page: Page, username: string, userType: 'artist' | 'studio'): Promise<Account> {
  const user = await registerInPage(page, { email: `${username}@example.test`, username, password: PASSWORD, userType });
  await logInAs(page, username);
  return user;
}

async function logInAs(page: Page, username: string, lang: JourneyLanguage = 'en') {
  await logIn(page, `${username}@example.test`, PASSWORD, lang);
  await page.waitForURL(/\/dashboard/);
}

/** The message elements of the open thread with a text. */
const bubbles = (page: Page, text: string) => page.locator('main ol > li', { hasText: text });

let artistContext: BrowserContext;
let studioContext: BrowserContext;
let artistPage: Page;
let studioPage: Page;
let artist: Account;
let studio: Account;

beforeAll(async () => {
  ({ context: artistContext, page: artistPage } = await newPage(browser()));
  ({ context: studioContext, page: studioPage } = await newPage(browser()));
  artist = await register(artistPage, `msgartist${tag}`, 'artist');
  studio = await register(studioPage, `msgstudio${tag}`, 'studio');
});

afterAll(async () => {
  await artistContext?.close();
  await studioContext?.close();
});

describe('messages between two browsers', () => {
  it('sends visitors to the login after a moment, with the way back', async () => {
    const { context, page } = await newPage(browser());
    await page.goto(`/messages/${studio.username}`);
    await page.waitForURL(new RegExp(`/login\\?redirect=%2Fmessages%2F${studio.username}`));
    await context.close();
  });

  it('an artist messages a studio from its profile; the studio sees it live on the dashboard and in the thread', async () => {
    await studioPage.goto('/dashboard');
    await studioPage.getByText('No unread messages').waitFor();

    await artistPage.goto(`/${studio.username}`);
    await artistPage.getByRole('button', { name: 'Send message' }).click();
    const dialog = artistPage.getByRole('dialog');
    await dialog.getByLabel('Your message').fill('Hello studio! <b>not bold</b>\nSee https://example.com/work');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await dialog.getByText('Message sent successfully!').waitFor();
    await dialog.waitFor({ state: 'hidden', timeout: 4_000 });

    // No reload and no poll (60 s): the count arrives through the live stream.
    await studioPage.getByRole('main').getByText('1 unread message').waitFor({ timeout: LIVE_MS });
    await expectAccessible(studioPage, 'dashboard with unread messages');
    expect(await studioPage.getByTestId('unread-link').getAttribute('href')).toBe(`/${studio.username}?tab=messages`);

    // The artist watches the thread; the studio opens it, and the read mark arrives live.
    await artistPage.goto(`/messages/${studio.username}`);
    await artistPage.getByRole('heading', { name: `Messages with ${studio.name}` }).waitFor();
    const mark = bubbles(artistPage, 'Hello studio!').getByTestId('message-mark');
    await expect.poll(() => mark.textContent()).toBe('Sent');

    await studioPage.goto(`/messages/${artist.id}`);
    const received = bubbles(studioPage, 'Hello studio!');
    await received.waitFor();
    // Markup shows as text, the link is a link with nofollow.
    expect(await received.locator('b').count()).toBe(0);
    expect(await received.getByText('<b>not bold</b>', { exact: false }).count()).toBe(1);
    expect(await received.getByRole('link', { name: 'https://example.com/work' }).getAttribute('rel')).toBe('nofollow noopener ugc');
    await expect.poll(() => mark.textContent(), { timeout: LIVE_MS }).toBe('Read');

    // A reply reaches the artist's open thread live.
    await studioPage.getByLabel('Your message').fill('Welcome! When would you like to come?');
    await studioPage.keyboard.press('Enter');
    await bubbles(artistPage, 'Welcome! When would you like to come?').waitFor({ timeout: LIVE_MS });
    await expectAccessible(studioPage, 'thread');
    expect(jsErrors(artistPage)).toEqual([]);
    expect(jsErrors(studioPage)).toEqual([]);
  });

  it('keeps a send that failed offline as not sent, and Retry delivers it once', async () => {
    await artistPage.goto(`/messages/${studio.username}`);
    await artistPage.getByRole('heading', { name: `Messages with ${studio.name}` }).waitFor();
    await artistContext.setOffline(true);
    await artistPage.getByLabel('Your message').fill('Sent while offline');
    await artistPage.keyboard.press('Enter');
    const pending = artistPage.getByTestId('outbox-message');
    await pending.getByText('Not sent').waitFor();
    expect(await bubbles(artistPage, 'Sent while offline').getByTestId('message-mark').count()).toBe(0);

    await artistContext.setOffline(false);
    await pending.getByRole('button', { name: 'Retry' }).click();
    await bubbles(artistPage, 'Sent while offline').getByTestId('message-mark').waitFor();
    await pending.waitFor({ state: 'detached' });
    await bubbles(studioPage, 'Sent while offline').waitFor({ timeout: LIVE_MS });
    expect(await bubbles(studioPage, 'Sent while offline').count()).toBe(1);
    // The server holds it once.
    const count = await studioPage.evaluate(async (contactId) => {
      const res = await fetch(`/api/messages/contact/${contactId}`, { credentials: 'include' });
      const thread = (await res.json()) as { messages: { content: string }[] };
      return thread.messages.filter((m) => m.content === 'Sent while offline').length;
    }, artist.id);
    expect(count).toBe(1);
  });

  it('applies to a guest spot through its dialog and shows the spot card in the conversation', async () => {
    await artistPage.goto('/guestspot/guest-spot-au-marais');
    await artistPage.getByRole('button', { name: 'Apply', exact: true }).click();
    // The dialog offers the spot's whole window; the message is optional.
    const dialog = artistPage.getByRole('dialog', { name: /^Apply for / });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Send application' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await artistPage.getByRole('link', { name: 'Open conversation' }).click();
    await artistPage.waitForURL(/\/messages\/\d+$/);
    const card = artistPage.getByText('Guest spot application');
    await card.waitFor();
    expect(await artistPage.getByRole('link', { name: /Marais/i }).first().getAttribute('href')).toBe('/guestspot/guest-spot-au-marais');
    await artistPage.goto('/guestspot/guest-spot-au-marais');
    await artistPage.getByRole('link', { name: 'Open conversation' }).waitFor();
  });

  it('works on a 375 px phone: one pane with a back button', async () => {
    const { context, page } = await newPage(browser(), { mobile: true });
    await logInAs(page, artist.username);
    await page.goto('/messages');
    await page.getByRole('button', { name: new RegExp(studio.name) }).click();
    await page.getByRole('heading', { name: `Messages with ${studio.name}` }).waitFor();
    expect(await page.getByRole('list', { name: 'Conversations' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('list', { name: 'Conversations' }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page, 'messages on a phone');
    await context.close();
  });

  it('speaks German', async () => {
    const { context, page } = await newPage(browser(), { locale: 'de-DE' });
    await logInAs(page, studio.username, 'de');
    await page.goto(`/de/chat/${artist.username}`);
    await page.waitForURL(new RegExp(`/de/messages/${artist.username}$`));
    await page.getByRole('heading', { name: `Nachrichten mit ${artist.name}` }).waitFor();
    await page.getByText('Tätowierer:in').first().waitFor();
    await expectAccessible(page, 'messages in German');
    await context.close();
  });

  it('says in German that no contact information was found for an unknown contact', async () => {
    const { context, page } = await newPage(browser(), { locale: 'de-DE' });
    await logInAs(page, studio.username, 'de');
    for (const unknown of [`niemand${tag}`, '999999999']) {
      await page.goto(`/de/messages/${unknown}`);
      const alert = page.getByRole('main').getByRole('alert');
      await alert.waitFor();
      expect((await alert.textContent())?.trim()).toBe('Keine Kontaktinformationen gefunden');
      // No conversation opens with no one: the panel still offers the list.
      expect(await page.getByRole('heading', { name: /^Nachrichten mit/ }).count()).toBe(0);
    }
    await expectAccessible(page, 'messages with an unknown contact in German');
    expect(jsErrors(page)).toEqual([]);
    await context.close();
  });
});
