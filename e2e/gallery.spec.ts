import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, expectAccessible, jsErrors, useBrowser } from './browser';

const browser = useBrowser();

/** The three widths the masonry is checked at, and the columns each must show. */
const WIDTHS = [
  { width: 1366, columns: 3 },
  { width: 700, columns: 2 },
  { width: 400, columns: 1 },
] as const;

interface Tile {
  left: number;
  top: number;
  bottom: number;
  width: number;
  src: string;
  /** The picture box's own width / height, and the picture's width / height attributes. */
  boxRatio: number;
  ratio: number;
  fit: string;
}

/** Sums every layout shift from the page's start that no input caused (as CLS counts them). */
const RECORD_SHIFTS = () => {
  const w = window as unknown as { __shift: number };
  w.__shift = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!entry.hadRecentInput) w.__shift += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
};

async function openAt(b: Browser, path: string, width: number, javaScriptEnabled = true): Promise<Page> {
  const context = await b.newContext({ baseURL: baseUrl, locale: 'en-US', viewport: { width, height: 900 }, javaScriptEnabled });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !/Failed to load resource/.test(msg.text())) errors.push(msg.text());
  });
  (page as Page & { jsErrors: string[] }).jsErrors = errors;
  if (javaScriptEnabled) await page.addInitScript(RECORD_SHIFTS);
  await page.goto(path, { waitUntil: 'networkidle' });
  return page;
}

/** The tiles of a list in document order, with where they stand and the shape of their pictures. */
function tiles(page: Page, listName: string): Promise<Tile[]> {
  return page.getByRole('list', { name: listName }).evaluate((list) =>
    [...list.children].map((li) => {
      const img = li.querySelector('img');
      const box = (img?.parentElement ?? li).getBoundingClientRect();
      const rect = li.getBoundingClientRect();
      return {
        left: Math.round(rect.left),
        top: rect.top + window.scrollY,
        bottom: rect.bottom + window.scrollY,
        width: rect.width,
        src: img?.getAttribute('src') ?? '',
        boxRatio: box.width / box.height,
        ratio: Number(img?.getAttribute('width')) / Number(img?.getAttribute('height')),
        fit: img ? getComputedStyle(img).objectFit : '',
      };
    }),
  );
}

/**
 * What a masonry must be: the expected number of columns; each tile's top at or below the one
 * before it (left to right on a tie), so the eye meets them in document order; in each column a
 * gap of about 12 px between tiles, never an overlap; every picture in its own shape, uncropped.
 */
function expectMasonry(list: Tile[], columns: number) {
  expect(list.length).toBeGreaterThanOrEqual(columns * 2);
  const lefts = [...new Set(list.map((t) => t.left))].sort((a, b) => a - b);
  expect(lefts).toHaveLength(columns);
  for (let i = 1; i < list.length; i++) {
    const [prev, next] = [list[i - 1] as Tile, list[i] as Tile];
    expect(next.top, `tile ${i} starts above tile ${i - 1}`).toBeGreaterThanOrEqual(prev.top - 0.5);
    if (Math.abs(next.top - prev.top) < 0.5) expect(next.left).toBeGreaterThan(prev.left);
  }
  for (const left of lefts) {
    const column = list.filter((t) => t.left === left);
    for (let i = 1; i < column.length; i++) {
      const gap = (column[i] as Tile).top - (column[i - 1] as Tile).bottom;
      // The gap is 12 px, plus at most one row (a hundredth of the column) of rounding.
      expect(gap, `gap in the column at ${left}`).toBeGreaterThanOrEqual(9);
      expect(gap).toBeLessThanOrEqual(12 + (column[i] as Tile).width / 100 + 3);
    }
  }
  for (const tile of list) {
    expect(tile.ratio, `${tile.src} has width and height`).toBeGreaterThan(0);
    expect(Math.abs(tile.boxRatio / tile.ratio - 1), `${tile.src} in its own shape`).toBeLessThan(0.01);
    expect(tile.fit).toBe('contain');
  }
}

/** Scrolls to the end of the page in steps, so every lazy picture is asked for, then back up. */
async function scrollThrough(page: Page) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y < height; y += 600) {
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(150);
  }
  await page.waitForLoadState('networkidle');
}

describe('gallery and portfolio as masonry', () => {
  it.each(WIDTHS)('shows the gallery at $width px in $columns columns, in the server order, uncropped and without shifts', async ({ width, columns }) => {
    const page = await openAt(browser(), '/tattoo-gallery', width);
    const res = await page.request.get(`${baseUrl}/api/gallery`);
    const answer = (await res.json()) as { images: { imageUrl: string }[] };
    const first = await tiles(page, 'Tattoo gallery');
    // Document order is the server's order (newest first): keyboard and screen readers follow it.
    expect(first.map((t) => t.src)).toEqual(answer.images.slice(0, first.length).map((i) => i.imageUrl));
    expectMasonry(first, columns);

    // Pictures arriving as the page scrolls move nothing: every box had its shape already.
    await scrollThrough(page);
    expect(await tiles(page, 'Tattoo gallery')).toEqual(first);
    expect(await page.evaluate(() => (window as unknown as { __shift: number }).__shift)).toBeLessThan(0.02);

    // Tab goes from tile to tile in the same order.
    const links = await page.getByRole('list', { name: 'Tattoo gallery' }).getByRole('link').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    await page.getByRole('list', { name: 'Tattoo gallery' }).getByRole('link').first().focus();
    const visited = [links[0]];
    for (let i = 1; i < Math.min(links.length, 6); i++) {
      await page.keyboard.press('Tab');
      visited.push(await page.evaluate(() => document.activeElement?.getAttribute('href') ?? null));
    }
    expect(visited).toEqual(links.slice(0, visited.length));
    if (width === 1366) await expectAccessible(page, 'gallery');
    expect(jsErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('lays the gallery out the same without script, as the server renders it', async () => {
    const withScript = await openAt(browser(), '/tattoo-gallery', 1366);
    const noScript = await openAt(browser(), '/tattoo-gallery', 1366, false);
    const [a, b] = [await tiles(withScript, 'Tattoo gallery'), await tiles(noScript, 'Tattoo gallery')];
    expect(b.map((t) => t.src)).toEqual(a.map((t) => t.src));
    expect(b.map((t) => [t.left, Math.round(t.top)])).toEqual(a.map((t) => [t.left, Math.round(t.top)]));
    expectMasonry(b, 3);
    await withScript.context().close();
    await noScript.context().close();
  });

  it.each(WIDTHS)("shows a profile's portfolio at $width px in $columns columns, in its saved order, as the server renders it", async ({ width, columns }) => {
    const page = await openAt(browser(), '/Lena-Ink?tab=portfolio', width);
    const noScript = await openAt(browser(), '/Lena-Ink?tab=portfolio', width, false);
    const res = await page.request.get(`${baseUrl}/api/profile/Lena-Ink`);
    const { user } = (await res.json()) as { user: { name: string; galleryImages: { imageUrl: string }[] } };
    const name = `Portfolio of ${user.name}`;
    const list = await tiles(page, name);
    expect(list.map((t) => t.src)).toEqual(user.galleryImages.map((i) => i.imageUrl));
    expectMasonry(list, columns);
    // The tiles stand where the server's markup put them, and stay there as pictures arrive
    // (measured from the list's top, so only the masonry's own moves count).
    const placed = (all: Tile[]) => all.map((t) => [t.left, Math.round(t.top - (all[0] as Tile).top)]);
    expect(placed(await tiles(noScript, name))).toEqual(placed(list));
    await scrollThrough(page);
    expect(placed(await tiles(page, name))).toEqual(placed(list));
    expect(jsErrors(page)).toEqual([]);
    await page.context().close();
    await noScript.context().close();
  });
});
