import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GalleryImage, GalleryListItem } from '../../../common/schemas/gallery';
import { createGalleryImage, jsonResponse } from '../../test/factories';
import { renderWithApp } from '../../test/render';
import { masonryColumns } from './components/masonry';
import { Portfolio } from './components/portfolio';
import GalleryPage from './gallery-page';

afterEach(() => vi.unstubAllGlobals());

/** Portrait, landscape, square and tall pictures, in their saved order. */
const SHAPES = [
  { width: 800, height: 1000 },
  { width: 1600, height: 900 },
  { width: 900, height: 900 },
  { width: 700, height: 1400 },
  { width: 1600, height: 1067 },
  { width: 1000, height: 1250 },
  { width: 1200, height: 800 },
];

function portfolioImages(): GalleryImage[] {
  return SHAPES.map((shape, position) => createGalleryImage({ id: 100 + position, position, caption: position % 2 ? `Piece ${position + 1}` : null, ...shape }));
}

/**
 * The columns a list's classes give at a viewport width: the base column count, overridden by
 * each media rule ("wider than so many px") the viewport passes, narrowest first, as the
 * stylesheet Tailwind writes from these classes orders them.
 */
function columnsAt(list: HTMLElement, viewportWidth: number): number {
  let columns: number | undefined;
  const rules: { above: number; columns: number }[] = [];
  for (const name of list.classList) {
    const base = /^\[--cols:(\d+)\]$/.exec(name);
    if (base) columns = Number(base[1]);
    const media = /^\[@media\(width>(\d+)px\)\]:\[--cols:(\d+)\]$/.exec(name);
    if (media) rules.push({ above: Number(media[1]), columns: Number(media[2]) });
  }
  for (const rule of rules.sort((a, b) => a.above - b.above)) if (viewportWidth > rule.above) columns = rule.columns;
  if (columns === undefined) throw new Error(`no column rule in "${list.className}"`);
  return columns;
}

/** What a masonry list must be: a grid of the column rules, never CSS columns (they read top to bottom). */
function expectMasonry(list: HTMLElement) {
  expect(list.classList).toContain('grid');
  expect(list.className).not.toMatch(/(^|\s)columns-/);
  // The rows are sized from the wrapper's width, which is a size container.
  expect(list.parentElement?.classList).toContain('@container');
}

describe('masonry columns', () => {
  it.each([
    [1366, 3],
    [700, 2],
    [400, 1],
  ])('at %i px the portfolio has %i columns', async (width, columns) => {
    await renderWithApp(<Portfolio images={portfolioImages()} ownerId={7} ownerName="Lena" canManage={false} onImagesChange={() => {}} />, { namespaces: ['gallery'] });
    const list = screen.getByRole('list', { name: 'Portfolio of Lena' });
    expectMasonry(list);
    expect(columnsAt(list, width)).toBe(columns);
    expect(masonryColumns(width)).toBe(columns);
  });

  it('changes columns exactly at 768 and 480 px', async () => {
    await renderWithApp(<Portfolio images={portfolioImages()} ownerId={7} ownerName="Lena" canManage={false} onImagesChange={() => {}} />, { namespaces: ['gallery'] });
    const list = screen.getByRole('list', { name: 'Portfolio of Lena' });
    const widths = [1920, 1024, 769, 768, 640, 481, 480, 375, 320];
    expect(widths.map((w) => columnsAt(list, w))).toEqual([3, 3, 3, 2, 2, 2, 1, 1, 1]);
    expect(widths.map((w) => masonryColumns(w))).toEqual([3, 3, 3, 2, 2, 2, 1, 1, 1]);
  });
});

describe('masonry order and shapes', () => {
  it('keeps the portfolio in its saved order, each picture in its own shape and uncropped', async () => {
    const images = portfolioImages();
    await renderWithApp(<Portfolio images={images} ownerId={7} ownerName="Lena" canManage={false} onImagesChange={() => {}} />, { namespaces: ['gallery'] });
    const list = screen.getByRole('list', { name: 'Portfolio of Lena' });
    const items = within(list).getAllByRole('listitem');
    // Document order is the saved order: keyboard and screen readers meet the pictures in it.
    expect(items.map((li) => li.querySelector('img')?.getAttribute('src'))).toEqual(images.map((i) => i.imageUrl));
    const buttons = within(list).getAllByRole('button');
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual(images.map((i, n) => `View larger: ${i.caption ?? `Tattoo by Lena, image ${n + 1}`}`));
    items.forEach((li, n) => {
      const { width, height } = SHAPES[n] as { width: number; height: number };
      // The item spans rows by the picture's shape and what is under it (a caption line or none).
      expect(Number(li.style.getPropertyValue('--ratio'))).toBeCloseTo(height / width, 6);
      expect(li.style.getPropertyValue('--below')).toBe(images[n]?.caption ? '1.5rem' : '0px');
      const img = li.querySelector('img') as HTMLImageElement;
      expect(img.getAttribute('width')).toBe(String(width));
      expect(img.getAttribute('height')).toBe(String(height));
      expect(img.className).toContain('object-contain');
      expect(img.className).not.toContain('object-cover');
      // The box has the picture's shape before it arrives.
      expect((img.parentElement as HTMLElement).style.aspectRatio).toBe(`${width}/${height}`);
    });
  });

  it("reserves the owner's buttons under each picture, and keeps the masonry in the reorder mode", async () => {
    const images = portfolioImages().map((i) => ({ ...i, can: { edit: true, delete: true } }));
    const { container } = await renderWithApp(<Portfolio images={images} ownerId={7} ownerName="Lena" canManage onImagesChange={() => {}} />, { namespaces: ['gallery'] });
    const list = screen.getByRole('list', { name: 'Portfolio of Lena' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]?.style.getPropertyValue('--below')).toBe('2.25rem');
    expect(items[1]?.style.getPropertyValue('--below')).toBe('calc(1.5rem + 2.25rem)');
    screen.getByRole('button', { name: 'Reorder' }).click();
    const arranging = await within(container).findAllByText(/^Position \d of 7$/);
    expect(arranging).toHaveLength(7);
    expectMasonry(screen.getByRole('list', { name: 'Portfolio of Lena' }));
    for (const li of within(screen.getByRole('list', { name: 'Portfolio of Lena' })).getAllByRole('listitem')) {
      expect(li.style.getPropertyValue('--below')).toBe('calc(1.5rem + 2.25rem)');
    }
  });

  it('falls back to a portrait box, the picture shown whole, when its size is unknown', async () => {
    const image = createGalleryImage({ id: 1, width: 0, height: 0 });
    await renderWithApp(<Portfolio images={[image]} ownerId={7} ownerName="Lena" canManage={false} onImagesChange={() => {}} />, { namespaces: ['gallery'] });
    const li = within(screen.getByRole('list', { name: 'Portfolio of Lena' })).getByRole('listitem');
    expect(Number(li.style.getPropertyValue('--ratio'))).toBe(1.25);
    const img = li.querySelector('img') as HTMLImageElement;
    expect(img.hasAttribute('width')).toBe(false);
    expect((img.parentElement as HTMLElement).style.aspectRatio).toBe('4/5');
    expect(img.className).toContain('object-contain');
  });

  it('shows the public gallery in the order the server sends, in the same masonry', async () => {
    const owner = { id: 5, name: 'Mara', username: 'mara', avatar: null, userType: 'artist' as const, cityName: 'Berlin', countryCode: 'DE' };
    const items: GalleryListItem[] = portfolioImages().map((image) => ({ ...image, user: owner }));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url.startsWith('/api/gallery')) return jsonResponse({ success: true, images: items, nextCursor: null });
        return jsonResponse([]);
      }),
    );
    await renderWithApp(<GalleryPage />, { namespaces: ['gallery'] });
    const list = await screen.findByRole('list', { name: 'Tattoo gallery' });
    expectMasonry(list);
    expect([1366, 700, 400].map((w) => columnsAt(list, w))).toEqual([3, 2, 1]);
    const tiles = within(list).getAllByRole('listitem');
    expect(tiles.map((li) => li.querySelector('img')?.getAttribute('src'))).toEqual(items.map((i) => i.imageUrl));
    expect(tiles.map((li) => li.style.getPropertyValue('--below'))).toEqual(
      items.map((i) => (i.caption ? 'calc(2px + 3.5rem + 1.875rem)' : 'calc(2px + 3.5rem)')),
    );
    for (const li of tiles) expect(li.querySelector('img')?.className).toContain('object-contain');
  });
});
