import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createCardImage, createHeaderImage } from '../test/factories';
import { renderWithApp } from '../test/render';
import { CardPictures, cardSrcSet, pictureVariants, slotSizes } from './card-pictures';

const imgs = (container: HTMLElement) => [...container.querySelectorAll('img')];

describe('card picture variants', () => {
  it('sizes a portfolio image by its long side: thumbnail 400, medium 800, large as stored', () => {
    const portrait = createCardImage({ id: 1, width: 1200, height: 1500 });
    expect(pictureVariants(portrait).map((v) => [v.width, v.height])).toEqual([
      [320, 400],
      [640, 800],
      [1200, 1500],
    ]);
    const landscape = createCardImage({ id: 2, width: 1600, height: 1067 });
    expect(pictureVariants(landscape).map((v) => v.width)).toEqual([400, 800, 1600]);
  });

  it('never names the large variant, and a small upload whose variants are alike only once', () => {
    const image = createCardImage({ id: 3, width: 1600, height: 1200 });
    expect(cardSrcSet(image)).toBe(`${image.thumbnailUrl} 400w, ${image.mediumUrl} 800w`);
    const small = createCardImage({ id: 4, width: 300, height: 200 });
    expect(cardSrcSet(small)).toBe(`${small.thumbnailUrl} 300w`);
  });

  it('sizes a header by its width: 600, 1200, 1800', () => {
    const header = createHeaderImage(7);
    expect(pictureVariants(header).map((v) => [v.width, v.height])).toEqual([
      [600, 200],
      [1200, 400],
      [1800, 600],
    ]);
    expect(cardSrcSet(header)).toBe(`${header.thumbnailUrl} 600w, ${header.mediumUrl} 1200w`);
  });

  it("writes sizes for a share of the card's slot", () => {
    expect(slotSizes('list')).toBe('(min-width: 1024px) 363px, (min-width: 640px) calc(50vw - 24px), calc(100vw - 32px)');
    expect(slotSizes('featured', 1 / 3)).toBe(
      '(min-width: 1024px) calc(211px * 0.3333), (min-width: 640px) calc((33.33vw - 21px) * 0.3333), calc((50vw - 22px) * 0.3333)',
    );
  });
});

describe('CardPictures', () => {
  it('shows up to three works side by side, each with its size, srcset, sizes and lazy loading; one alt text', async () => {
    const images = [1, 2, 3, 4].map((id) => createCardImage({ id: 100 + id }));
    const { container } = await renderWithApp(<CardPictures images={images} name="Anna Maier" variant="strip" />);
    const shown = imgs(container);
    expect(shown).toHaveLength(3);
    expect(shown.map((img) => img.getAttribute('src'))).toEqual(images.slice(0, 3).map((i) => i.thumbnailUrl));
    for (const img of shown) {
      expect(img.getAttribute('width')).toBe('320');
      expect(img.getAttribute('height')).toBe('400');
      expect(img.getAttribute('srcset')).not.toContain('-large.webp');
      expect(img.getAttribute('srcset')).toMatch(/-thumbnail\.webp 320w, .*-medium\.webp 640w$/);
      expect(img.getAttribute('sizes')).toBe(slotSizes('list', 1 / 3));
      expect(img.getAttribute('loading')).toBe('lazy');
      expect(img.getAttribute('decoding')).toBe('async');
      expect(img.getAttribute('fetchpriority')).toBeNull();
    }
    expect(shown.map((img) => img.getAttribute('alt'))).toEqual(['Tattoo by Anna Maier', '', '']);
    expect(screen.getByRole('img', { name: 'Tattoo by Anna Maier' })).toBe(shown[0]);
    const box = container.querySelector('[data-variant="strip"]') as HTMLElement;
    expect(box.style.aspectRatio).toBe('3/1');
  });

  it('lets the first of two works span two columns, and a single work all three', async () => {
    const two = [createCardImage(), createCardImage()];
    const { container, unmount } = await renderWithApp(<CardPictures images={two} name="Anna" variant="strip" slot="featured" />);
    expect(imgs(container).map((img) => img.getAttribute('sizes'))).toEqual([slotSizes('featured', 2 / 3), slotSizes('featured', 1 / 3)]);
    // The wide cell shows the medium variant to browsers without srcset.
    expect(imgs(container)[0]?.getAttribute('src')).toBe(two[0]?.mediumUrl);
    unmount();
    const one = await renderWithApp(<CardPictures images={[createCardImage()]} name="Anna" variant="strip" />);
    expect(imgs(one.container)[0]?.getAttribute('sizes')).toBe(slotSizes('list'));
  });

  it("leads with the first picture only on a cover, in a 16:9 box, alt naming whose it is (in the page's language)", async () => {
    const header = createHeaderImage(31);
    const { container } = await renderWithApp(<CardPictures images={[header, createCardImage()]} name="Black Anchor" variant="cover" />, { path: '/de/' });
    const [img, ...rest] = imgs(container);
    expect(rest).toHaveLength(0);
    expect(img?.getAttribute('alt')).toBe('Foto von Black Anchor');
    expect(img?.getAttribute('srcset')).toBe(`${header.thumbnailUrl} 600w, ${header.mediumUrl} 1200w`);
    expect(img?.getAttribute('sizes')).toBe(slotSizes('list'));
    expect([img?.getAttribute('width'), img?.getAttribute('height')]).toEqual(['1200', '400']);
    expect((container.querySelector('[data-variant="cover"]') as HTMLElement).style.aspectRatio).toBe('16/9');
  });

  it('loads a priority card at once, the first picture with high priority', async () => {
    const { container } = await renderWithApp(<CardPictures images={[createCardImage(), createCardImage()]} name="Anna" variant="strip" priority />);
    const shown = imgs(container);
    expect(shown.map((img) => img.getAttribute('loading'))).toEqual(['eager', 'eager']);
    expect(shown.map((img) => img.getAttribute('fetchpriority'))).toEqual(['high', null]);
    expect(shown.map((img) => img.getAttribute('decoding'))).toEqual([null, null]);
  });

  it('shows the avatar whole when there is no other picture, else the monogram', async () => {
    const { container, unmount } = await renderWithApp(<CardPictures images={[]} name="Anna Maier" variant="strip" avatar="/uploads/avatars/5/a-large.webp" />);
    const [avatar] = imgs(container);
    expect(avatar?.getAttribute('src')).toBe('/uploads/avatars/5/a-large.webp');
    expect(avatar?.getAttribute('srcset')).toContain('/uploads/avatars/5/a-thumbnail.webp 96w');
    expect(avatar?.getAttribute('width')).toBe('512');
    expect(container.textContent).not.toContain('AM');
    unmount();
    const bare = await renderWithApp(<CardPictures images={[]} name="Anna Maier" variant="cover" />);
    expect(imgs(bare.container)).toHaveLength(0);
    expect(bare.container.textContent).toBe('AM');
    expect((bare.container.querySelector('[data-variant="cover"]') as HTMLElement).style.aspectRatio).toBe('16/9');
  });
});
