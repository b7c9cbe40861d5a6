import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, newPage, useBrowser } from './browser';

const browser = useBrowser();

/** The narrowest phone the pages are made for. */
const WIDTH = 360;
const PASSWORD = 'demo1234!';
const LOGINS = { artist: 'lena@demo.tattooguestspots.test', studio: 'studio@demo.tattooguestspots.test' } as const;

const PUBLIC = [
  '/',
  '/guestspots',
  '/guestspots/page/2',
  '/tattooartists',
  '/tattooartists/page/2',
  '/artist-availability',
  '/login',
  '/register',
  '/forgot-password',
  '/aboutus',
  '/impressum',
  '/privacy',
  '/terms',
  '/contact',
  '/Lena-Ink',
  '/Lena-Ink?tab=portfolio',
  '/Lena-Ink?tab=reviews',
  '/Nadelwerk-Berlin',
  '/this/does/not/exist',
];
const ARTIST_PAGES = ['/dashboard', '/profile', '/messages', '/artist-availability/manage', '/guestartist/new', '/Lena-Ink?edit=true', '/Lena-Ink?tab=messages'];
const STUDIO_PAGES = ['/dashboard', '/guestspots/manage', '/guestspot/new', '/Nadelwerk-Berlin?edit=true'];

const GALLERY = { en: '/tattoo-gallery', de: '/de/tattoo-galerie' } as const;

/** The first entry of a public list, for its detail page. */
async function firstSlug(page: Page, api: string): Promise<string> {
  const res = await page.request.get(`${baseUrl}${api}?page=1`);
  const body = (await res.json()) as { items: { slug: string }[] };
  const slug = body.items[0]?.slug;
  if (!slug) throw new Error(`the demo world has no entry at ${api}`);
  return slug;
}

async function logIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel(/^(Email|E-Mail)$/).fill(email);
  await page.getByLabel(/^(Password|Passwort)$/).fill(PASSWORD);
  await page.getByRole('button', { name: /^(Log in|Anmelden)$/ }).click();
  await page.waitForURL(/\/dashboard/);
}

/** How far a page is wider than the screen, once its screen and its data have arrived. */
async function overflow(page: Page, path: string): Promise<number> {
  await page.goto(path, { waitUntil: 'networkidle' });
  await page.locator('main h1').first().waitFor({ state: 'visible', timeout: 10_000 }).catch(() => undefined);
  return page.evaluate(() => (document.scrollingElement ?? document.documentElement).scrollWidth - window.innerWidth);
}

/** Every page that scrolls sideways, with the widest element that sticks out. */
async function sidewaysPages(page: Page, paths: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const path of paths) {
    const extra = await overflow(page, path);
    if (extra <= 0) continue;
    const culprit = await page.evaluate((width) => {
      const wide = [...document.querySelectorAll('body *')].filter((el) => el.getBoundingClientRect().right > width + 1);
      const last = wide.filter((el) => !wide.some((other) => other !== el && el.contains(other)));
      return last.slice(0, 3).map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 4).join('.')} "${(el.textContent ?? '').trim().slice(0, 30)}"`).join(' | ');
    }, WIDTH);
    found.push(`${path}: ${extra}px wider (${culprit})`);
  }
  return found;
}

const prefixed = (prefix: string, paths: string[]) => paths.map((path) => (path === '/' ? `${prefix}/` : `${prefix}${path}`));

describe.each(['en', 'de'] as const)(`no page scrolls sideways at ${WIDTH} px (%s)`, (lang) => {
  const prefix = lang === 'de' ? '/de' : '';
  const locale = lang === 'de' ? 'de-DE' : 'en-US';

  it('on the public pages', async () => {
    const { context, page } = await newPage(browser(), { locale });
    await page.setViewportSize({ width: WIDTH, height: 740 });
    const details = [`/guestspot/${await firstSlug(page, '/api/guest-spots')}`, `/tattooartist/${await firstSlug(page, '/api/artist-availability')}`];
    const paths = [...prefixed(prefix, [...PUBLIC, ...details]), GALLERY[lang]];
    expect(await sidewaysPages(page, paths)).toEqual([]);
    await context.close();
  }, 240_000);

  it.each(Object.entries({ artist: ARTIST_PAGES, studio: STUDIO_PAGES }))('on the pages of a logged-in %s', async (who, paths) => {
    const { context, page } = await newPage(browser(), { locale });
    await page.setViewportSize({ width: WIDTH, height: 740 });
    await logIn(page, LOGINS[who as keyof typeof LOGINS]);
    expect(await sidewaysPages(page, prefixed(prefix, paths))).toEqual([]);
    await context.close();
  }, 120_000);
});
