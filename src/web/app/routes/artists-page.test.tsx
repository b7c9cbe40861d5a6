import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { slotSizes } from '../../ui/card-pictures';
import { serveArtistList } from '../../test/artist-list';
import { createArtistListItem, createCardImage } from '../../test/factories';
import { renderWithApp } from '../../test/render';
import ArtistsPage from './artists-page';

describe('artist list', () => {
  it("shows each artist's latest works beside their avatar; the first card's pictures load at once, the rest lazily", async () => {
    const works = [createCardImage(), createCardImage()];
    serveArtistList([
      createArtistListItem({ name: 'Lena Hoffmann', username: 'Lena Ink', avatar: '/uploads/avatars/1/a-large.webp', images: works }),
      createArtistListItem({ name: 'Max Muster', username: 'max', images: [createCardImage()] }),
      createArtistListItem({ name: 'Ohne Bild', username: 'ohne' }),
    ]);
    await renderWithApp(<ArtistsPage />, { path: '/tattooartists', namespaces: ['artists', 'listings'] });
    const lena = await screen.findByRole('link', { name: /Lena Hoffmann/ }, { timeout: 5000 });
    expect(lena.getAttribute('href')).toBe('/Lena-Ink');
    const pictures = [...lena.querySelectorAll('img')];
    expect(pictures.map((img) => img.getAttribute('src'))).toEqual([works[0]?.mediumUrl, works[1]?.thumbnailUrl, '/uploads/avatars/1/a-large.webp']);
    expect(pictures.map((img) => img.getAttribute('sizes'))).toEqual([slotSizes('list', 2 / 3), slotSizes('list', 1 / 3), '48px']);
    expect(pictures[0]?.getAttribute('loading')).toBe('eager');
    expect(pictures[0]?.getAttribute('alt')).toBe('Tattoo by Lena Hoffmann');

    const max = screen.getByRole('link', { name: /Max Muster/ });
    // Works without an avatar: no empty circle beside the name.
    expect([...max.querySelectorAll('img')].map((img) => img.getAttribute('loading'))).toEqual(['lazy']);
    const bare = screen.getByRole('link', { name: /Ohne Bild/ });
    expect(bare.querySelectorAll('img')).toHaveLength(0);
    expect(bare.textContent).toContain('OB');
  });
});
