import { describe, expect, it } from 'vitest';
import { expectAccessible, jsErrors, newPage, useBrowser } from './browser';
import { submitLogin } from './login';

const browser = useBrowser();

// The demo studio has not reviewed this artist (src/server/seed/demo/reviews.ts).
const PROFILE = '/Mia-Fineline';
const STUDIO = 'studio@demo.tattooguestspots.test';
const PASSWORD = 'demo1234!';

describe('reviews', () => {
  it('a studio logs in from an artist’s reviews tab, leaves a review and edits it', async () => {
    const { context, page } = await newPage(browser());
    const tag = Date.now().toString(36);

    // A visitor sees the reviews and is sent to log in, then back to the open dialog.
    await page.goto(`${PROFILE}?tab=reviews`);
    const tab = page.getByRole('tab', { name: /^Reviews \(\d+\)$/ });
    await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
    const countBefore = Number((await tab.textContent())?.match(/\((\d+)\)/)?.[1]);
    await expectAccessible(page, 'reviews tab (visitor)');
    // A visitor is offered the login, never the dialog.
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.getByRole('link', { name: 'Log in to write a review' }).click();
    await page.waitForURL(/\/login\?redirect=/);
    await submitLogin(page, STUDIO, PASSWORD);

    const dialog = page.getByRole('dialog', { name: /^Review / });
    await dialog.waitFor();
    expect(page.url()).toContain(`${PROFILE}?tab=reviews`);
    await expectAccessible(page, 'review dialog');
    const save = dialog.getByRole('button', { name: 'Save review' });
    expect(await save.isDisabled()).toBe(true);
    // The stars are a radio group the keyboard operates.
    await dialog.getByRole('radio', { name: '1 star: Very Poor' }).focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    expect(await dialog.getByRole('radio', { name: '4 stars: Good' }).getAttribute('aria-checked')).toBe('true');
    await dialog.getByLabel(/Your experience/).fill(`Great guest week ${tag}.\n<b>not bold</b>`);
    await save.click();
    await page.getByText('Review successfully saved!').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    const entry = page.getByRole('article', { name: 'Review by Nadelwerk Berlin' });
    await entry.getByText(`Great guest week ${tag}.`, { exact: false }).waitFor();
    expect(await entry.locator('b').count()).toBe(0);
    await expect.poll(() => tab.textContent()).toBe(`Reviews (${countBefore + 1})`);
    await expectAccessible(page, 'reviews tab (after saving)');

    // Editing: the prior rating and comment are there; the count stays.
    await page.getByRole('button', { name: 'Edit your review' }).click();
    const edit = page.getByRole('dialog', { name: /^Edit your review of / });
    await edit.waitFor();
    expect(await edit.getByRole('radio', { name: '4 stars: Good' }).getAttribute('aria-checked')).toBe('true');
    expect(await edit.getByLabel(/Your experience/).inputValue()).toContain(`Great guest week ${tag}.`);
    await edit.getByRole('radio', { name: '5 stars: Excellent' }).click();
    await edit.getByLabel(/Your experience/).fill(`Even better on a second look ${tag}.`);
    await edit.getByRole('button', { name: 'Save review' }).click();
    await edit.waitFor({ state: 'hidden' });
    await entry.getByText(`Even better on a second look ${tag}.`).waitFor();
    expect(await page.getByRole('article', { name: 'Review by Nadelwerk Berlin' }).count()).toBe(1);
    await expect.poll(() => tab.textContent()).toBe(`Reviews (${countBefore + 1})`);

    // The rating reached the server: a fresh load shows the same.
    await page.reload();
    await page.getByRole('article', { name: 'Review by Nadelwerk Berlin' }).getByText(`Even better on a second look ${tag}.`).waitFor();
    expect(jsErrors(page)).toEqual([]);
    await context.close();
  });

  it('a German visitor’s review button leads to the German login and back', async () => {
    const { context, page } = await newPage(browser(), { locale: 'de-DE' });
    await page.goto(`/de${PROFILE}?tab=reviews`);
    const link = page.getByRole('link', { name: 'Melde dich an, um eine Bewertung zu schreiben' });
    await link.click();
    await page.waitForURL(/\/de\/login\?redirect=/);
    expect(decodeURIComponent(new URL(page.url()).searchParams.get('redirect') ?? '')).toBe(`/de${PROFILE}?tab=reviews&review=1`);
    expect(jsErrors(page)).toEqual([]);
    await context.close();
  });
});
