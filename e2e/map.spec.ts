import type { BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBuiltServer, type BuiltServer } from '../scripts/built-server';
import { dataDir, expectAccessible, jsErrors, newPage, useBrowser } from './browser';
import { customPage } from './custom-page';

const browser = useBrowser();

describe('the globe map without a maps key', () => {
  it("draws the globe, lists Berlin's guest spots and links one", async () => {
    const { context, page } = await newPage(browser(), { locale: 'de-DE' });
    await page.goto('/de/map?show=guestspots');
    await expect(page.locator('main h1').textContent()).resolves.toBe('Weltkarte');
    // The key-less globe, not Google's loading text.
    await page.getByRole('img', { name: /Globus mit \d+ Städten/ }).waitFor();
    expect(await page.getByText('Google Maps wird geladen...').count()).toBe(0);
    // The atlas is drawn: the canvas is no longer busy.
    await page.locator('canvas[data-testid="globe"][aria-busy="false"]').waitFor();
    await expectAccessible(page, 'map');
    // Without a key no page admits Google's hosts, the map's neither.
    expect((await context.request.get('/de/map')).headers()['content-security-policy']).not.toContain('google');

    const berlin = page.getByRole('list', { name: 'Orte' }).getByRole('button', { name: /^Berlin\b.*Gastpl/ });
    await berlin.click();
    await page.waitForURL(/[?&]city=\d+/);
    expect(new URL(page.url()).searchParams.get('show')).toBe('guestspots');
    const panel = page.getByRole('region', { name: /^Berlin/ });
    const link = panel.getByRole('link').first();
    await link.waitFor();
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^\/de\/guestspot\/[^/]+$/);
    await link.click();
    await page.waitForURL((url) => url.pathname === href);
    await page.locator('main h1').waitFor();

    // Back on the map, the address brings the city and the toggle back.
    await page.goBack();
    await page.getByRole('region', { name: /^Berlin/ }).getByRole('link').first().waitFor();
    expect(await page.getByRole('checkbox', { name: /Studios/ }).isChecked()).toBe(false);

    // The keyboard turns and zooms the globe without scrolling the page.
    await page.locator('canvas[data-testid="globe"]').focus();
    const scrolled = await page.evaluate(() => window.scrollY);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('+');
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    expect(jsErrors(page)).toEqual([]);
    await context.close();
  });
});

/**
 * What the page waits for from Google's script (maps-loader.ts): `google.maps.Map` defined, then
 * the named callback called, as the real loader does; the map view builds a Map and circle
 * Markers. The stub records what it was asked, so the journey sees the page used it.
 */
const GOOGLE_STUB = `(() => {
  const asked = new URL(document.currentScript.src).searchParams;
  const stub = (window.__mapsStub = { key: asked.get('key'), language: asked.get('language'), libraries: asked.get('libraries'), maps: 0, markers: [] });
  class Map {
    constructor(element) { stub.maps += 1; element.dataset.stubMap = 'drawn'; }
    panTo() {}
    setZoom() {}
    getZoom() { return 2; }
  }
  class Marker {
    constructor(options) { stub.markers.push(options.title); }
    setMap() {}
    addListener() {}
  }
  window.google = { maps: { Map, Marker, SymbolPath: { CIRCLE: 0 } } };
  asked.get('callback').split('.').reduce((owner, name) => owner[name], window).call(window);
})();`;

const GOOGLE_SCRIPT = 'https://maps.googleapis.com/**';
const MAPS_KEY = 'e2e-maps-key';

describe('the map with a maps key', () => {
  let keyed: BuiltServer | undefined;
  beforeAll(async () => {
    // A second server with the key, which changes the map page and its CSP the other journeys run
    // without. It opens the first one's data folder, already migrated and seeded, so it starts quickly.
    keyed = await startBuiltServer({ name: 'e2e-maps', dataDir: dataDir || undefined, env: { GOOGLE_MAPS_API_KEY: MAPS_KEY } });
  }, 120_000);
  afterAll(async () => {
    await keyed?.stop();
  });

  async function keyedPage(): Promise<{ context: BrowserContext; page: Page }> {
    if (!keyed) throw new Error('the keyed server starts in beforeAll');
    const journey = await customPage(browser(), { baseURL: keyed.baseUrl, locale: 'de-DE' });
    // The loader's timers run on Playwright's clock, so its 2 s delay and 10 s wait pass at once.
    await journey.page.clock.install();
    return journey;
  }

  /** Serves the stub as Google's script; answers how many times the page asked for it. */
  async function stubGoogle(page: Page): Promise<() => number> {
    let asked = 0;
    await page.route(GOOGLE_SCRIPT, (route) => {
      asked += 1;
      return route.fulfill({ status: 200, contentType: 'text/javascript', body: GOOGLE_STUB });
    });
    return () => asked;
  }

  /** Holds the map view's own chunk until released, so the text shown while it loads can be seen. */
  async function holdMapChunk(page: Page): Promise<() => void> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/google-map-*.js', async (route) => {
      await released;
      await route.continue();
    });
    return release;
  }

  it("shows 'Google Maps wird geladen...', then 'Karte wird geladen...', then the map drawn by Google's script", async () => {
    const { context, page } = await keyedPage();
    const asked = await stubGoogle(page);
    const release = await holdMapChunk(page);
    // With the key the map's page admits Google's hosts (the stub comes from one), other pages do not.
    const policy = async (path: string) => (await context.request.get(path)).headers()['content-security-policy'];
    expect(await policy('/de/map')).toMatch(/script-src [^;]*https:\/\/\*\.googleapis\.com/);
    expect(await policy('/de/')).not.toContain('google');
    const googleText = page.getByRole('status').filter({ hasText: 'Google Maps wird geladen...' });
    const mapText = page.getByRole('status').filter({ hasText: 'Karte wird geladen...' });

    // Every status text the page shows, in the order it first shows them.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __statusTexts: string[] }).__statusTexts = seen;
      new MutationObserver(() => {
        for (const element of document.querySelectorAll('main [role="status"]')) {
          const text = element.textContent?.trim();
          if (text && !seen.includes(text)) seen.push(text);
        }
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });

    await page.goto('/de/map');
    await googleText.waitFor();
    await expect.poll(asked).toBe(1);
    // The script has run; the clock lets the loader's 2 s delay pass without waiting it out.
    await expect.poll(() => page.evaluate(() => typeof (window as unknown as { google?: { maps?: { Map?: unknown } } }).google?.maps?.Map)).toBe('function');
    await page.clock.runFor(2000);
    await mapText.waitFor();
    expect(await googleText.count()).toBe(0);
    await expectAccessible(page, 'map loading with a key');

    release();
    const map = page.locator('[data-testid="google-map"][data-stub-map="drawn"]');
    await map.waitFor();
    expect(await mapText.count()).toBe(0);
    expect(await map.getAttribute('aria-label')).toBe('Weltkarte');
    const stub = await page.evaluate(() => (window as unknown as { __mapsStub: { key: string; language: string; libraries: string; maps: number; markers: string[] } }).__mapsStub);
    expect(stub).toMatchObject({ key: MAPS_KEY, language: 'de', libraries: 'places', maps: 1 });
    // The demo data's cities become the map's markers; the globe is not drawn as well.
    expect(stub.markers).toContain('Berlin');
    const statusTexts = await page.evaluate(() => (window as unknown as { __statusTexts: string[] }).__statusTexts);
    const loadingTexts = ['Google Maps wird geladen...', 'Karte wird geladen...'];
    expect(statusTexts.filter((text) => loadingTexts.includes(text))).toEqual(loadingTexts);
    expect(await page.locator('canvas[data-testid="globe"]').count()).toBe(0);
    expect(jsErrors(page)).toEqual([]);
    await context.close();
  });

  // Retried once: in one CI run of 29 November the reloaded map page never asked for the script
  // within 20 s (on a loaded machine; it passed in every other run, and three times in a row
  // alone). Each try opens a page of its own, so a retry repeats the whole journey.
  it("loads Google's script when the map is reached by the footer's link", { retry: 1 }, async () => {
    const { context, page } = await keyedPage();
    const asked = await stubGoogle(page);
    await page.goto('/de/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Karte', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/de/map');
    // The home page's document keeps its CSP, without Google's hosts: the map loads itself anew
    // at its own address before it asks for the script.
    const loadedAt = () => page.evaluate(() => new URL(performance.getEntriesByType('navigation')[0]?.name ?? location.href).pathname);
    await expect.poll(loadedAt, { timeout: 20_000 }).toBe('/de/map');
    await page.getByRole('status').filter({ hasText: 'Google Maps wird geladen...' }).waitFor();
    // The map's chunk and the key come after the reload; a loaded machine may take a while.
    await expect.poll(asked, { timeout: 20_000 }).toBe(1);
    await page.clock.runFor(2000);
    await page.locator('[data-testid="google-map"][data-stub-map="drawn"]').waitFor();
    expect(jsErrors(page)).toEqual([]);
    await context.close();
  });

  describe.each([
    ['the request fails', (route: Route) => route.abort('internetdisconnected')],
    ['nothing answers', () => undefined],
  ] as const)('when Google cannot be reached (%s)', (_how, block) => {
    it('shows the timeout text after the wait, with the globe below, and "Erneut versuchen" reloads', async () => {
      const { context, page } = await keyedPage();
      let asked = 0;
      await page.route(GOOGLE_SCRIPT, (route) => {
        asked += 1;
        return block(route);
      });
      const googleText = page.getByRole('status').filter({ hasText: 'Google Maps wird geladen...' });
      const timeout = 'Google Maps konnte nicht geladen werden. Bitte prüfe deine Internetverbindung und versuche es erneut.';

      // A script that never answers holds the load event: wait for the document only.
      await page.goto('/de/map', { waitUntil: 'domcontentloaded' });
      await googleText.waitFor();
      await expect.poll(() => asked).toBe(1);
      // A failed script ends nothing early: the page waits out the 2 s delay and the 10 s
      // (the loader's unit tests hold it to the tenth of a second on fake timers).
      expect(await page.getByRole('alert').count()).toBe(0);
      await page.clock.runFor(12_000);
      const alert = page.getByRole('alert').filter({ hasText: timeout });
      await alert.waitFor();
      expect(await googleText.count()).toBe(0);
      await page.getByText('Der Globus darunter zeigt solange dieselben Orte.').waitFor();
      await page.getByRole('img', { name: /Globus mit \d+ Städten/ }).waitFor();
      await expectAccessible(page, 'map after the maps timeout');

      await Promise.all([page.waitForEvent('framenavigated'), alert.getByRole('button', { name: 'Erneut versuchen' }).click()]);
      await googleText.waitFor();
      await expect.poll(() => asked).toBe(2);
      expect(await alert.count()).toBe(0);
      expect(jsErrors(page)).toEqual([]);
      await context.close();
    });
  });
});
