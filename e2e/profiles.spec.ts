import { describe, expect, it } from 'vitest';
import { withLanguage } from '../src/common/languages';
import { expectAccessible, jsErrors, startJourney, useBrowser } from './browser';
import { logIn } from './login';
import { usePngFile } from './png-file';

const browser = useBrowser();
// A small picture with some structure, so the pipeline has something to encode.
const imagePath = usePngFile(
  'piece.png',
  `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="750"><rect width="600" height="750" fill="#f3ead8"/>` +
    `<circle cx="300" cy="375" r="180" fill="none" stroke="#111" stroke-width="18"/><path d="M120 620 L480 130" stroke="#b3261e" stroke-width="14"/></svg>`,
);

/** The portfolio tab's name with its count: the same in both languages. */
const PORTFOLIO_TAB = /^Portfolio \(\d+\)$/;

const texts = {
  en: {
    bio: 'About me',
    save: 'Save',
    addImage: 'Add image',
    upload: 'Upload',
    caption: /Caption/,
    editImage: /Edit image/,
    deleteImage: /Delete image/,
    confirmDelete: 'Delete',
    gallery: '/tattoo-gallery',
  },
  de: {
    bio: 'Über mich',
    save: 'Speichern',
    addImage: 'Bild hinzufügen',
    upload: 'Hochladen',
    caption: /Bildunterschrift/,
    editImage: /bearbeiten$/,
    deleteImage: /löschen$/,
    confirmDelete: 'Löschen',
    gallery: '/de/tattoo-galerie',
  },
} as const;

describe.each(['en', 'de'] as const)('profile and portfolio (%s)', (lang) => {
  it('edits the bio, uploads, shows, edits and deletes a portfolio image, and visits another profile', async () => {
    const tx = texts[lang];
    const { context, page, id } = await startJourney(browser(), lang);
    await logIn(page, 'lena@demo.tattooguestspots.test', 'demo1234!', lang);
    await page.waitForURL(/\/dashboard/);

    // Edit the bio in place and see it after saving.
    await page.goto(withLanguage('/Lena-Ink?edit=true', lang));
    const bio = `Fine line and botanicals, e2e ${lang} ${id}.`;
    await page.getByLabel(tx.bio, { exact: true }).fill(bio);
    await page.getByRole('button', { name: tx.save, exact: true }).first().click();
    await expect.poll(() => page.url()).not.toContain('edit=true');
    await expect.poll(() => page.getByText(bio).count()).toBe(1);
    await expectAccessible(page, 'profile (owner)');

    // Upload a portfolio image with a caption and a style.
    await page.getByRole('tab', { name: PORTFOLIO_TAB }).click();
    await expect.poll(() => page.url()).toContain('tab=portfolio');
    await page.getByRole('button', { name: tx.addImage }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('input[type=file]').setInputFiles(imagePath());
    const caption = `E2E piece ${lang} ${id}`;
    await dialog.getByLabel(tx.caption).fill(caption);
    await dialog.getByRole('checkbox').first().check();
    await dialog.getByRole('button', { name: tx.upload, exact: true }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    const tile = page.getByRole('listitem').filter({ hasText: caption });
    await expect.poll(() => tile.count()).toBe(1);
    await expect.poll(() => tile.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    // It is in the public gallery, newest first.
    await page.goto(tx.gallery);
    await expect.poll(() => page.getByRole('img', { name: caption }).count()).toBe(1);
    await expectAccessible(page, 'gallery');

    // Edit its caption.
    await page.goto(withLanguage('/Lena-Ink?tab=portfolio', lang));
    await page.getByRole('listitem').filter({ hasText: caption }).getByRole('button', { name: tx.editImage }).click();
    const edited = `${caption} edited`;
    await page.getByRole('dialog').getByLabel(tx.caption).fill(edited);
    await page.getByRole('dialog').getByRole('button', { name: tx.save, exact: true }).click();
    await expect.poll(() => page.getByRole('listitem').filter({ hasText: edited }).count()).toBe(1);

    // Delete it after confirming.
    await page.getByRole('listitem').filter({ hasText: edited }).getByRole('button', { name: tx.deleteImage }).click();
    await page.getByRole('dialog').getByRole('button', { name: tx.confirmDelete, exact: true }).click();
    await expect.poll(() => page.getByRole('listitem').filter({ hasText: edited }).count()).toBe(0);

    // Visit another profile (from the gallery).
    const other = await page.evaluate(async () => {
      const res = await fetch('/api/gallery?limit=30');
      const body = (await res.json()) as { images: { user: { username: string; name: string } }[] };
      return body.images.map((i) => i.user).find((u) => u.username !== 'Lena Ink');
    });
    expect(other).toBeTruthy();
    await page.goto(withLanguage(`/${other!.username.replace(/ +/g, '-')}`, lang));
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(other!.name);
    await expectAccessible(page, 'profile (visitor view)');

    expect(jsErrors(page)).toEqual([]);
    await context.close();
  });
});
