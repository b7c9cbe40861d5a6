import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { slotSizes } from '../../../ui/card-pictures';
import { createCardImage, createFeaturedArtist, createFeaturedStudio, createHeaderImage } from '../../../test/factories';
import { renderWithApp } from '../../../test/render';
import { FeaturedCard } from './featured-card';

const imgs = (element: HTMLElement) => [...element.querySelectorAll('img')];

describe('featured card', () => {
  it("shows a featured artist's latest works, sized for the featured grid, with the avatar beside the name", async () => {
    const works = [createCardImage(), createCardImage(), createCardImage()];
    const artist = createFeaturedArtist({ name: 'Anna Maier', username: 'Anna Maier', images: works });
    await renderWithApp(<FeaturedCard entry={artist} priority />, { path: '/de/', namespaces: ['home'] });
    const card = screen.getByRole('link', { name: /Anna Maier/ });
    const pictures = imgs(card);
    expect(pictures).toHaveLength(4);
    expect(pictures[0]?.getAttribute('alt')).toBe('Tattoo von Anna Maier');
    // On a narrow card the newest work leads at two thirds of the width, the next two stacked beside it.
    expect(pictures.slice(0, 3).map((img) => img.getAttribute('sizes'))).toEqual([slotSizes('featured', 2 / 3), slotSizes('featured', 1 / 3), slotSizes('featured', 1 / 3)]);
    expect(pictures.slice(0, 3).map((img) => img.getAttribute('src'))).toEqual([works[0]?.mediumUrl, works[1]?.thumbnailUrl, works[2]?.thumbnailUrl]);
    expect((card.querySelector('[data-variant="strip"]') as HTMLElement).style.aspectRatio).toBe('3/2');
    expect(pictures[0]?.getAttribute('loading')).toBe('eager');
    expect(pictures[3]?.getAttribute('src')).toBe(artist.avatarUrl);
    expect(card.getAttribute('href')).toBe('/de/Anna-Maier');
  });

  it("leads a featured studio's card with its header", async () => {
    const header = createHeaderImage(12);
    const studio = createFeaturedStudio({ name: 'Black Anchor Tattoo', images: [header] });
    await renderWithApp(<FeaturedCard entry={studio} variant="cover" />, { namespaces: ['home'] });
    const card = screen.getByRole('link', { name: /Black Anchor Tattoo/ });
    const pictures = imgs(card);
    expect(pictures.map((img) => img.getAttribute('src'))).toEqual([header.mediumUrl]);
    expect(pictures[0]?.getAttribute('srcset')).toBe(`${header.thumbnailUrl} 600w, ${header.mediumUrl} 1200w`);
    expect(pictures[0]?.getAttribute('sizes')).toBe(slotSizes('featured'));
    expect(pictures[0]?.getAttribute('loading')).toBe('lazy');
  });

  it('shows the avatar alone when there are no works, and the monogram without any picture', async () => {
    const withAvatar = createFeaturedArtist({ name: 'Ink Joe', images: [] });
    const { unmount } = await renderWithApp(<FeaturedCard entry={withAvatar} />, { namespaces: ['home'] });
    expect(imgs(screen.getByRole('link', { name: /Ink Joe/ })).map((img) => img.getAttribute('src'))).toEqual([withAvatar.avatarUrl]);
    unmount();
    await renderWithApp(<FeaturedCard entry={createFeaturedArtist({ name: 'Ink Joe', images: [], avatarUrl: null })} />, { namespaces: ['home'] });
    const bare = screen.getByRole('link', { name: /Ink Joe/ });
    expect(imgs(bare)).toHaveLength(0);
    expect(bare.textContent).toContain('IJ');
  });
});
