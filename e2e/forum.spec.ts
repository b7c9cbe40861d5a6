import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, jsErrors, startJourney, useBrowser } from './browser';
import { COMMUNITY_PASSWORD, freshMember, type CommunityMember } from './community-accounts';
import { logIn } from './login';
import { usePngFile } from './png-file';

const browser = useBrowser();
const ADMIN = { email: 'admin@demo.tattooguestspots.test', password: 'demo1234!' };
const picture = usePngFile(
  'stencil.png',
  `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480"><rect width="640" height="480" fill="#efe6d2"/>` +
    `<path d="M80 400 C200 80 440 80 560 400" fill="none" stroke="#1b1b1b" stroke-width="16"/><circle cx="320" cy="230" r="60" fill="#9c2a1f"/></svg>`,
);

/** A new browser context in English with the account logged in through the form, on its dashboard. */
async function loggedIn(email: string, password: string): Promise<{ context: BrowserContext; page: Page; id: string }> {
  const journey = await startJourney(browser(), 'en');
  await logIn(journey.page, email, password, 'en');
  await journey.page.waitForURL((url) => !url.pathname.endsWith('/login'));
  return journey;
}

async function closeClean(context: BrowserContext, page: Page): Promise<void> {
  expect(jsErrors(page)).toEqual([]);
  await context.close();
}

/** The thread's opening post: the first article on its page. */
const openingPost = (page: Page) => page.locator('main article').first();

describe('the forum', () => {
  it('a member starts a thread with a picture, quotes and edits; another reports it; an admin locks it, and the member can no longer reply', async () => {
    const member: CommunityMember = await freshMember('forumist');
    const { context, page, id } = await loggedIn(member.email, COMMUNITY_PASSWORD);
    const title = `Needle depth on fine lines ${id}`;
    const opening = `How deep do you go with a 3RL on forearms? Asking for a guest spot next month (${id}).`;

    // Start the thread: category, title, a bold word from the toolbar, and a picture.
    await page.goto('/forum/new');
    await page.getByRole('heading', { level: 1, name: 'Start a thread' }).waitFor();
    await page.getByLabel('Category', { exact: true }).selectOption({ label: 'Technique & machines' });
    await page.getByLabel('Title', { exact: true }).fill(title);
    const body = page.getByLabel('Your post', { exact: true });
    await body.fill(`${opening} `);
    await body.press('End');
    // Bold with nothing chosen writes a placeholder, chosen, so typing replaces it.
    await page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('Thanks');
    const markdown = `${opening} **Thanks**`;
    await expect.poll(() => body.inputValue()).toBe(markdown);
    await page.getByText(`${markdown.length} / 20000 characters`).waitFor();

    // The upload is held until its progress bar has been seen, then let through.
    let releaseUpload!: () => void;
    const uploadHeld = new Promise<void>((resolve) => (releaseUpload = resolve));
    await page.route('**/api/forum/uploads', async (route) => {
      await uploadHeld;
      await route.continue();
    });
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Add pictures (0/4)' }).click()]);
    await chooser.setFiles(picture());
    const progress = page.getByRole('progressbar', { name: 'Uploading stencil.png' });
    await progress.waitFor();
    const postThread = page.getByRole('button', { name: 'Post thread' });
    expect(await postThread.isDisabled()).toBe(true);
    releaseUpload();
    const attached = page.getByRole('list', { name: 'Attached pictures' }).getByRole('img', { name: 'stencil.png' });
    await attached.waitFor();
    await expect.poll(() => progress.count()).toBe(0);
    await page.getByRole('button', { name: 'Add pictures (1/4)' }).waitFor();
    await page.unroute('**/api/forum/uploads');

    // The preview is the server's rendering of the same text.
    await page.getByRole('tab', { name: 'Preview' }).click();
    const preview = page.getByRole('tabpanel', { name: 'Preview' });
    await preview.getByText(opening).waitFor();
    await preview.locator('strong', { hasText: 'Thanks' }).waitFor();
    await expectAccessible(page, 'new thread');
    await page.getByRole('tab', { name: 'Write' }).click();
    await postThread.click();

    await page.waitForURL(/\/forum\/t\/\d+\/[^/]+$/);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    const threadUrl = new URL(page.url()).pathname;
    await openingPost(page).getByText(opening).waitFor();
    const thumbnail = openingPost(page).getByRole('img', { name: `Picture by ${member.name} (1)` });
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expectAccessible(page, 'thread');

    // Reply quoting the opening post: the quote names its author and is shown as a quotation.
    await openingPost(page).getByRole('button', { name: 'Quote', exact: true }).click();
    const replyBox = page.getByLabel('Reply', { exact: true });
    await expect.poll(() => replyBox.inputValue()).toBe(`> **@${member.username}**\n> ${markdown}\n\n`);
    await page.getByRole('link', { name: 'Replying to a quoted post' }).waitFor();
    const answer = `Answering myself after a test on practice skin: one millimetre is plenty (${id}).`;
    await replyBox.press('End');
    await replyBox.pressSequentially(answer);
    await page.getByRole('button', { name: 'Post reply' }).click();
    await page.waitForURL(/#post-\d+$/);
    const replyId = new URL(page.url()).hash.slice(1);
    const reply = page.locator(`article#${replyId}`);
    await reply.getByText(answer).waitFor();
    await reply.locator('blockquote').getByText(opening).waitFor();
    await reply.locator('blockquote').getByText(`@${member.username}`).waitFor();
    await page.getByText('1 reply', { exact: true }).waitFor();

    // Edit the reply: the new text, marked as edited.
    const edited = `Edited: one millimetre at most, less on the inner arm (${id}).`;
    await reply.getByRole('button', { name: 'Edit', exact: true }).click();
    const draft = reply.getByLabel('Your post', { exact: true });
    await draft.fill(edited);
    await reply.getByRole('button', { name: 'Save', exact: true }).click();
    await reply.getByText(edited).waitFor();
    await reply.locator('header').getByText(/·\s*edited$/).waitFor();
    expect(await reply.getByText(answer).count()).toBe(0);

    // The dashboard's forum tile lists the thread with its category and reply.
    await page.goto('/dashboard');
    const tileThread = page.getByRole('link', { name: title });
    await tileThread.waitFor();
    await page.getByRole('listitem').filter({ has: tileThread }).getByText(/^Technique & machines · 1 reply · /).waitFor();
    await page.getByRole('link', { name: 'Open the forum' }).waitFor();
    await expectAccessible(page, 'dashboard with the forum tile');

    // Back on the thread the member starts another reply, left unsent for now.
    await page.goto(threadUrl);
    const lateReply = page.getByLabel('Reply', { exact: true });
    await lateReply.fill(`One more thought on depth (${id}).`);

    // Another member reports the thread.
    const other = await freshMember('forumrep');
    const reporter = await loggedIn(other.email, COMMUNITY_PASSWORD);
    await reporter.page.goto(threadUrl);
    await reporter.page.getByRole('heading', { level: 1, name: title }).waitFor();
    await openingPost(reporter.page).getByRole('button', { name: 'Report post' }).click();
    const report = reporter.page.getByRole('dialog', { name: `Report a thread by ${member.name}` });
    await report.getByRole('radio', { name: 'Spam' }).check();
    const details = `Looks like an ad to me, ${id}.`;
    await report.getByRole('textbox', { name: /Details/ }).fill(details);
    await expectAccessible(reporter.page, 'report dialog');
    await report.getByRole('button', { name: 'Send report' }).click();
    await reporter.page.getByText('Thank you. Our team will look at your report.').waitFor();
    await expect.poll(() => report.count()).toBe(0);
    await closeClean(reporter.context, reporter.page);

    // The admin finds the report in the queue, then locks the thread through its admin menu.
    const admin = await loggedIn(ADMIN.email, ADMIN.password);
    await admin.page.goto('/admin/reports');
    await admin.page.getByRole('heading', { level: 1, name: 'Reports' }).waitFor();
    await admin.page.getByRole('listitem').filter({ hasText: details }).first().waitFor();
    await admin.page.goto(threadUrl);
    await admin.page.getByRole('heading', { level: 1, name: title }).waitFor();
    await admin.page.getByRole('button', { name: 'Moderate', exact: true }).click();
    const menu = admin.page.getByRole('dialog', { name: 'Moderate thread' });
    await expectAccessible(admin.page, 'thread admin menu');
    await menu.getByRole('button', { name: 'Lock', exact: true }).click();
    await admin.page.getByText('Thread locked.').waitFor();
    await expect.poll(() => menu.count()).toBe(0);
    await admin.page.locator('main header').getByText('Locked', { exact: true }).waitFor();
    await closeClean(admin.context, admin.page);

    // The member's unsent reply is refused, and the reloaded page has no reply box left.
    await page.getByRole('button', { name: 'Post reply' }).click();
    await page.getByRole('alert').filter({ hasText: 'This thread is closed: it takes no more replies.' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.getByText('This thread is locked: no new replies.').waitFor();
    expect(await page.getByLabel('Reply', { exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Quote', exact: true }).count()).toBe(0);
    await expectAccessible(page, 'locked thread');
    await closeClean(context, page);
  });
});
