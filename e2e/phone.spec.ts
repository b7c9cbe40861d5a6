import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, jsErrors, newPage, useBrowser } from './browser';
import { registerInPage } from './register';

const browser = useBrowser();
const tag = Date.now().toString(36);
const PHONE = { width: 390, height: 844 };

let artistContext: BrowserContext;
let studioContext: BrowserContext;
let artistPage: Page;
let studioPage: Page;

/** Sends a message from inside a logged-in page, as the message dialog does. */
async function sendMessage(page: Page, recipientId: number, content: string): Promise<void> {
  await page.evaluate(
    async ({ to, text }) => {
      const res = await fetch('/api/messages', {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ recipient_id: to, content: text }),
      });
      if (!res.ok) throw new Error(`send ${res.status}: ${await res.text()}`);
    },
    { to: recipientId, text: content },
  );
}

beforeAll(async () => {
  ({ context: artistContext, page: artistPage } = await newPage(browser(), { locale: 'de-DE' }));
  ({ context: studioContext, page: studioPage } = await newPage(browser()));
  await artistPage.setViewportSize(PHONE);
  const artist = await registerInPage(artistPage, { email: `phoneartist${tag}@example.test`, username: `phoneartist${tag}`, password: 'Ink-and-paper-2026', userType: 'artist' });
  await registerInPage(studioPage, { email: `phonestudio${tag}@example.test`, username: `phonestudio${tag}`, password: 'Ink-and-paper-2026', userType: 'studio' });
  await sendMessage(studioPage, artist.id, 'Hallo! Hast du im Juni Zeit für einen Gastplatz bei uns?');
  await sendMessage(studioPage, artist.id, 'Wir hätten zwei Plätze frei.');
});

afterAll(async () => {
  await artistContext?.close();
  await studioContext?.close();
});

describe('the header on a phone (390 px)', () => {
  it('shows the unread-message count on the menu button, and the menu leads to the messages', async () => {
    await artistPage.goto('/de/guestspots');
    const menu = artistPage.locator('header').getByRole('button', { name: /^Menü/ });
    const badge = menu.getByTestId('menu-unread');
    await badge.waitFor({ state: 'visible' });
    // The number shows; the button's name says what it counts.
    expect(await badge.locator('[aria-hidden="true"]').textContent()).toBe('2');
    expect(await badge.textContent()).toContain('2 ungelesene Nachrichten');
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    // The badge sits on the button's corner, inside the 390 px screen.
    const [badgeBox, menuBox] = await Promise.all([badge.boundingBox(), menu.boundingBox()]);
    expect(badgeBox && menuBox && badgeBox.x > menuBox.x && badgeBox.y < menuBox.y + 4 && badgeBox.x + badgeBox.width <= PHONE.width).toBe(true);
    await expectAccessible(artistPage, 'header with unread count on a phone');

    await menu.click();
    const messages = artistPage.locator('#mobile-menu').getByRole('link', { name: /Nachrichten/ });
    await messages.waitFor({ state: 'visible' });
    expect(await messages.textContent()).toContain('2');
    await messages.click();
    await artistPage.waitForURL(/\/de\/messages$/);
    expect(jsErrors(artistPage)).toEqual([]);
  });

  it('leaves the count to the navigation on a wide screen', async () => {
    await artistPage.setViewportSize({ width: 1366, height: 900 });
    await artistPage.goto('/de/guestspots');
    await artistPage.locator('header nav').getByRole('link', { name: /Nachrichten/ }).first().waitFor({ state: 'visible' });
    expect(await artistPage.getByTestId('menu-unread').isVisible()).toBe(false);
    await artistPage.setViewportSize(PHONE);
  });

  it('keeps every button of the list pages on one line', async () => {
    for (const path of ['/de/guestspots', '/de/tattooartists', '/de/tattoostudios', '/de/artist-availability']) {
      await artistPage.goto(path);
      await artistPage.locator('main h1').waitFor();
      // A label on two lines has text boxes on two rows (icons aside).
      const wrapped = await artistPage.locator('main button:visible').evaluateAll((elements) =>
        elements
          .filter((element) => {
            const rows = new Set<number>();
            const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
              if (!node.textContent?.trim()) continue;
              const range = document.createRange();
              range.selectNodeContents(node);
              for (const rect of range.getClientRects()) if (rect.width > 2 && rect.height > 2) rows.add(Math.round(rect.bottom / 4));
            }
            return rows.size > 1;
          })
          .map((element) => element.textContent?.trim() ?? ''),
      );
      expect(wrapped, path).toEqual([]);
    }
  });
});
