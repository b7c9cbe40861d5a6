import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { registerInPage } from './register';
import { expectAccessible, jsErrors, newPage, useBrowser } from './browser';
import { logIn } from './login';
import { usePngFile } from './png-file';

const browser = useBrowser();
const PASSWORD = 'Posts!Pass1';
const imagePath = usePngFile(
  'flash.png',
  `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="1000"><rect width="800" height="1000" fill="#efe6d2"/>` +
    `<path d="M400 160 C560 300 560 560 400 840 C240 560 240 300 400 160 Z" fill="none" stroke="#111" stroke-width="20"/></svg>`,
);

/** Registers an artist through the API from inside the page, then logs in through the form. */
async function registerArtist(page: Page, username: string): Promise<void> {
  await registerInPage(page, { email: `${username}@example.test`, username, password: PASSWORD, userType: 'artist' });
  await logIn(page, `${username}@example.test`, PASSWORD);
  await page.waitForURL(/\/dashboard/);
}

/** Approves the order on the test provider's own page. */
async function approveOnTestProvider(page: Page): Promise<void> {
  await page.waitForURL(/\/checkout\/test\//);
  await page.getByRole('heading', { name: 'Test payment: no real money moves' }).waitFor();
  await page.getByRole('button', { name: 'Approve payment' }).click();
}

/** Tomorrow as the English date field takes it (MM/DD/YYYY). */
function tomorrow(): string {
  const d = new Date(Date.now() + 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(d.getMonth() + 1)}/${pad(d.getDate())}/${d.getFullYear()}`;
}

describe('planned social posts', () => {
  it('a featured artist plans a post, sees it counted, spends the included promotion and buys a reel', async () => {
    const { context, page } = await newPage(browser());
    const username = `postartist${Date.now().toString(36)}`;
    await registerArtist(page, username);

    // Without featured status the editor offers it instead of saving.
    await page.goto(`/${username}/instapost`);
    await page.getByRole('heading', { name: 'Planning posts is a featured perk' }).waitFor();
    expect(await page.getByRole('button', { name: 'Plan post' }).count()).toBe(0);
    await expectAccessible(page, 'post editor (not featured)');

    // Becoming featured as a user would: the dashboard's offer and the test provider's page.
    await page.goto('/dashboard');
    await page.getByRole('button', { name: /^Become featured for/ }).click();
    // A profile without a picture is told first that the featured lists skip it; this one buys anyway.
    await page.getByRole('button', { name: /^Buy anyway for/ }).click();
    await approveOnTestProvider(page);
    await page.waitForURL(/\/dashboard/);

    // The editor: type, picture, caption, hashtags with and without '#', local date and time.
    await page.goto(`/${username}/instapost`);
    await page.getByRole('heading', { name: 'Plan a post' }).waitFor();
    await page.getByRole('radio', { name: /Feed post/ }).check();
    await page.locator('input[type=file]').setInputFiles(imagePath());
    await expect.poll(async () => page.getByRole('img', { name: "Preview of the post's picture" }).getAttribute('src')).toMatch(/^\/uploads\//);
    await page.getByLabel(/^Caption/).fill('Fresh flash sheet, walk-ins welcome.');
    await page.getByText('36 / 2,200 characters').waitFor();
    const tags = page.getByLabel(/^Hashtags/);
    await tags.fill('#flash');
    await tags.press('Enter');
    await tags.pressSequentially('walkin tattoo ');
    await page.getByText('3 / 30 hashtags').waitFor();
    await page.getByLabel('Date', { exact: true }).fill(tomorrow());
    await page.getByLabel('Time', { exact: true }).fill('18:30');
    await expectAccessible(page, 'post editor');
    await page.getByRole('button', { name: 'Plan post' }).click();

    await page.waitForURL(new RegExp(`/${username}/posts$`));
    const card = page.locator('main li', { hasText: 'Fresh flash sheet' }).first();
    await card.getByText('3 hashtags').waitFor();
    await card.getByText(/ at 6:30 PM$/).waitFor();
    await expectAccessible(page, 'posts list');

    // The dashboard tile counts it.
    await page.goto('/dashboard');
    await page.getByText('1 upcoming', { exact: true }).waitFor();
    expect(await page.getByRole('link', { name: 'View posts' }).getAttribute('href')).toBe(`/${username}/posts`);

    // The included feed-post promotion is spent on the post.
    await page.getByRole('link', { name: 'View posts' }).click();
    await page.getByRole('link', { name: 'Promote' }).click();
    await page.waitForURL(new RegExp(`/${username}/posts/upsell/\\d+$`));
    const feed = page.locator('main li', { has: page.getByRole('heading', { name: 'Feed post promotion' }) });
    await feed.getByText('You have 1 credit for this.').waitFor();
    await expectAccessible(page, 'upsell page');
    await feed.getByRole('button', { name: 'Use a credit' }).click();
    await feed.getByText('Booked: requested').waitFor();

    // A reel is bought for this post through the test provider and lands back here.
    const reel = page.locator('main li', { has: page.getByRole('heading', { name: 'Reel promotion' }) });
    await reel.getByRole('button', { name: 'Buy for €14.90' }).click();
    await approveOnTestProvider(page);
    await page.waitForURL(new RegExp(`/${username}/posts/upsell/\\d+`));
    await page.getByText('Payment completed. Your promotion is booked for this post.').waitFor();
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await reel.getByText('Booked: requested').waitFor();
    await expectAccessible(page, 'upsell page after payment');

    // Another user's posts page is not found.
    await page.goto('/Mia-Fineline/posts');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();

    expect(jsErrors(page)).toEqual([]);
    await context.close();
  });

  it('sends visitors to login', async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/Mia-Fineline/posts');
    await page.waitForURL(/\/login\?redirect=/);
    expect(decodeURIComponent(new URL(page.url()).search)).toBe('?redirect=/Mia-Fineline/posts');
    await context.close();
  });
});
