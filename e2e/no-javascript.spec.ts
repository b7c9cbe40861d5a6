import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profilePathTo } from '../src/common/routes';
import { baseUrl, jsErrors, newPage, useBrowser } from './browser';

const browser = useBrowser();

// The public pages the server renders (docs/decisions/018), found from the demo data.
const pages: { name: string; path: string; link: RegExp }[] = [];
let spotPath = '';

beforeAll(async () => {
  const artists = (await (await fetch(`${baseUrl}/api/featured/artists?limit=5`)).json()) as { artists: { username: string }[] };
  const spots = (await (await fetch(`${baseUrl}/api/guest-spots`)).json()) as { items: { slug: string }[] };
  const artist = artists.artists[0];
  const spot = spots.items[0];
  if (!artist || !spot) throw new Error('the demo data has no featured artist or guest spot');
  spotPath = `/guestspot/${spot.slug}`;
  pages.push(
    { name: 'home', path: '/', link: /^\/(guestspots|tattooartists|@?[^/]+)$/ },
    { name: 'a profile', path: profilePathTo(artist.username), link: /^\// },
    { name: 'the gallery', path: '/tattoo-gallery', link: /^\// },
    { name: 'the German gallery', path: '/de/tattoo-galerie', link: /^\/de\// },
    { name: 'the guest spot list', path: '/guestspots', link: /^\/guestspot\// },
    { name: 'the artist list', path: '/tattooartists', link: /^\// },
    { name: 'a guest spot', path: spotPath, link: /^\// },
  );
});

const HYDRATION_PROBLEM = /hydrat|did not match|server rendered html|Minified React error #(418|419|421|422|423|425)/i;

describe('public pages without JavaScript', () => {
  let page: Page;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const context = await browser().newContext({ baseURL: baseUrl, javaScriptEnabled: false, locale: 'en-US' });
    page = await context.newPage();
    close = () => context.close();
  });
  afterAll(async () => close());

  it('shows each page with its heading, content and links', async () => {
    for (const { name, path, link } of pages) {
      const response = await page.goto(path);
      expect(response?.status(), name).toBe(200);
      const html = (await response?.text()) ?? '';
      // Every boundary inline: nothing left for a script to swap in.
      expect(html, name).not.toMatch(/<template id="B:/);
      const heading = page.locator('main h1').first();
      await heading.waitFor({ state: 'visible' });
      expect((await heading.textContent())?.trim(), name).not.toBe('');
      const hrefs = await page.locator('main a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
      expect(hrefs.some((href) => link.test(href)), `${name}: a link in the content (${hrefs.slice(0, 5).join(', ')})`).toBe(true);
      expect(await page.locator('main [aria-busy="true"]').count(), `${name}: no loading skeleton`).toBe(0);
    }
  });

  it('opens the phone menu without JavaScript', async () => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/guestspots');
    const menu = page.locator('#mobile-menu');
    expect(await menu.isVisible()).toBe(false);
    await page.getByRole('link', { name: 'Menu' }).click();
    await menu.getByRole('link', { name: 'Gallery' }).waitFor({ state: 'visible' });
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('lists the guest spots with links a crawler can follow to their pages', async () => {
    await page.goto('/guestspots');
    await page.locator(`main a[href="${spotPath}"]`).first().click();
    await page.waitForURL((url) => url.pathname === spotPath);
    await page.locator('main h1').first().waitFor({ state: 'visible' });
  });
});

describe('public pages with JavaScript', () => {
  it('hydrate without a warning and without fetching their data again', async () => {
    for (const { name, path } of pages) {
      const { context, page } = await newPage(browser());
      const api: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname.startsWith('/api/') && request.method() === 'GET') api.push(url.pathname + url.search);
      });
      const warnings: string[] = [];
      page.on('console', (msg) => {
        if (HYDRATION_PROBLEM.test(msg.text())) warnings.push(msg.text());
      });
      await page.goto(path, { waitUntil: 'networkidle' });
      await page.locator('main h1').first().waitFor({ state: 'visible' });
      expect(warnings, name).toEqual([]);
      expect(jsErrors(page), name).toEqual([]);
      // The page's own data came with the page: no call for the lists, the profile or the spot.
      expect(
        api.filter((p) => /^\/api\/(featured|guest-spots|availability|artists|gallery|profile)/.test(p)),
        `${name}: fetched again`,
      ).toEqual([]);
      await context.close();
    }
  });

  it('behaves as before after hydration: a link navigates in the app', async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/guestspots', { waitUntil: 'networkidle' });
    let loads = 0;
    page.on('load', () => loads++);
    await page.locator(`main a[href="${spotPath}"]`).first().click();
    await page.waitForURL((url) => url.pathname === spotPath);
    await page.locator('main h1').first().waitFor({ state: 'visible' });
    expect(loads, 'a client-side navigation, no page load').toBe(0);
    expect(jsErrors(page)).toEqual([]);
    await context.close();
  });
});
