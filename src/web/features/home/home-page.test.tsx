import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { GalleryListItem } from '../../../common/schemas/gallery';
import { createFeaturedArtist, createFeaturedStudio, createGalleryImage, jsonResponse } from '../../test/factories';
import { renderWithApp } from '../../test/render';
import HomePage from './home-page';

/** The gallery is empty unless a test says otherwise: the latest works then show nothing. */
function mockApi(given: Record<string, () => Response>) {
  const answers = { '/api/gallery': () => jsonResponse({ success: true, images: [], nextCursor: null }), ...given };
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    const answer = Object.entries(answers).find(([prefix]) => url.startsWith(prefix));
    if (!answer) throw new Error(`unexpected request ${url}`);
    return answer[1]();
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('home page', () => {
  it('shows the featured artists and studios as cards linking to their profiles', async () => {
    const artists = [
      createFeaturedArtist({ username: 'Anna Maier', name: 'Anna Maier', cityName: 'Berlin', rating: { average: 4.46, count: 12 } }),
      createFeaturedArtist({ username: 'inkjoe', name: 'Ink Joe', rating: { average: 0, count: 0 }, avatarUrl: null }),
    ];
    const studios = [createFeaturedStudio({ username: 'Black_Anchor', name: 'Black Anchor Tattoo', countryCode: 'AT', cityName: 'Wien' })];
    const fetch = mockApi({
      '/api/featured/artists': () => jsonResponse({ success: true, artists }),
      '/api/featured/studios': () => jsonResponse({ success: true, studios }),
    });

    await renderWithApp(<HomePage />, { path: '/', namespaces: ['home'] });

    const artistList = await screen.findByRole('region', { name: 'Featured artists' });
    const anna = await within(artistList).findByRole('link', { name: /Anna Maier/ });
    expect(anna.getAttribute('href')).toBe('/Anna-Maier');
    expect(anna.textContent).toContain('Berlin, Germany');
    expect(anna.textContent).toContain('4.5');
    expect(anna.textContent).toContain('12 reviews');
    expect(anna.textContent).toContain('Featured');
    expect(within(artistList).getByRole('link', { name: /Ink Joe/ }).textContent).toContain('no reviews');

    const studioList = screen.getByRole('region', { name: 'Featured studios' });
    const studio = await within(studioList).findByRole('link', { name: /Black Anchor Tattoo/ });
    expect(studio.getAttribute('href')).toBe('/Black_Anchor');
    expect(studio.textContent).toContain('Wien, Austria');
    // Its link to all of them leads to the studio directory.
    expect(within(studioList).getByRole('link', { name: 'All studios' }).getAttribute('href')).toBe('/tattoostudios');

    expect(fetch).toHaveBeenCalledWith('/api/featured/artists?limit=5', expect.objectContaining({ credentials: 'include' }));
    expect(fetch).toHaveBeenCalledWith('/api/featured/studios?limit=5', expect.anything());
  });

  it('opens with the hero picture, sized and first to load, and loads the card pictures lazily', async () => {
    const artists = [createFeaturedArtist(), createFeaturedArtist()];
    mockApi({
      '/api/featured/artists': () => jsonResponse({ success: true, artists }),
      '/api/featured/studios': () => jsonResponse({ success: true, studios: [createFeaturedStudio()] }),
    });
    const { container } = await renderWithApp(<HomePage />, { namespaces: ['home'] });
    await screen.findAllByRole('link', { name: /Artist/ });
    const hero = screen.getByRole('img', { name: 'Healed koi tattoo with Japanese waves on a forearm' });
    expect(hero.getAttribute('fetchpriority')).toBe('high');
    expect(hero.getAttribute('loading')).toBeNull();
    expect([hero.getAttribute('width'), hero.getAttribute('height')]).toEqual(['960', '1200']);
    const sources = [...container.querySelectorAll('picture source')];
    expect(sources.map((s) => s.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
    expect(sources[0]?.getAttribute('srcset')).toBe('/hero/koi-v1-400.avif 400w, /hero/koi-v1-640.avif 640w, /hero/koi-v1-960.avif 960w');
    // Only the hero asks for high priority: the cards come after it, below the fold on a phone.
    const cards = [...container.querySelectorAll('img')].filter((img) => img !== hero);
    expect(cards.map((img) => img.getAttribute('loading'))).toEqual(['lazy', 'lazy', 'lazy']);
    expect(cards.some((img) => img.getAttribute('fetchpriority') === 'high')).toBe(false);
    expect(cards[0]?.getAttribute('srcset')).toContain('-thumbnail.webp 96w, /uploads/avatars/');
  });

  it('shows skeletons while loading, then says when no one is featured', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        await gate;
        if (String(input).startsWith('/api/gallery')) return jsonResponse({ success: true, images: [], nextCursor: null });
        return String(input).includes('artists') ? jsonResponse({ success: true, artists: [] }) : jsonResponse({ success: true, studios: [] });
      }),
    );
    await renderWithApp(<HomePage />, { path: '/de/', namespaces: ['home'] });
    expect(screen.getByText('Featured-Künstler werden geladen…')).toBeTruthy();
    release();
    expect(await screen.findByText('Zurzeit sind keine Künstler verfügbar.')).toBeTruthy();
    expect(await screen.findByText('Zurzeit sind keine Studios verfügbar.')).toBeTruthy();
  });

  it('shows the load errors in the interface language', async () => {
    mockApi({
      '/api/featured/artists': () => jsonResponse({ success: false, error: 'Serverfehler.' }, 500),
      '/api/featured/studios': () => jsonResponse({ success: false, error: 'Serverfehler.' }, 500),
    });
    await renderWithApp(<HomePage />, { path: '/de/', namespaces: ['home'] });
    expect(await screen.findByText('Die Featured-Künstler konnten nicht geladen werden.')).toBeTruthy();
    expect(await screen.findByText('Die Featured-Studios konnten nicht geladen werden.')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Erneut versuchen' })).toHaveLength(2);
  });

  it('links the hero, the audience cards and the explore section', async () => {
    mockApi({
      '/api/featured/artists': () => jsonResponse({ success: true, artists: [] }),
      '/api/featured/studios': () => jsonResponse({ success: true, studios: [] }),
    });
    await renderWithApp(<HomePage />, { path: '/fr/', namespaces: ['home'] });
    expect(screen.getByRole('link', { name: 'Trouver des postes invités' }).getAttribute('href')).toBe('/fr/guestspots');
    expect(screen.getByRole('link', { name: 'Découvrir des tatoueurs' }).getAttribute('href')).toBe('/fr/tattooartists');
    expect(screen.getByRole('link', { name: 'S’inscrire comme tatoueur' }).getAttribute('href')).toBe('/fr/register');
    expect(screen.getByRole('link', { name: 'Inscrire ton studio' }).getAttribute('href')).toBe('/fr/register');
    expect(screen.getAllByRole('heading', { level: 3 }).length).toBeGreaterThanOrEqual(5);
  });

  describe('latest works', () => {
    const work = (overrides: Partial<GalleryListItem> = {}): GalleryListItem => ({
      ...createGalleryImage({ userId: 52, width: 1200, height: 1500 }),
      user: { id: 52, name: 'Mara Ink', username: 'Mara Ink', avatar: null, userType: 'artist', cityName: 'Köln', countryCode: 'DE' },
      ...overrides,
    });
    const featuredNone = {
      '/api/featured/artists': () => jsonResponse({ success: true, artists: [] }),
      '/api/featured/studios': () => jsonResponse({ success: true, studios: [] }),
    };

    it('shows the newest gallery images, sized, each opening its portfolio, and links the gallery in the page language', async () => {
      const images = [work({ caption: 'Rose on the forearm' }), work()];
      const fetch = mockApi({ ...featuredNone, '/api/gallery': () => jsonResponse({ success: true, images, nextCursor: 'next' }) });
      await renderWithApp(<HomePage />, { path: '/de/', namespaces: ['home'] });

      const strip = await screen.findByRole('region', { name: 'Neueste Arbeiten' });
      expect(fetch).toHaveBeenCalledWith('/api/gallery?limit=6', expect.anything());
      const links = await within(strip).findAllByRole('link', { name: /^Tattoo von Mara Ink/ });
      expect(links).toHaveLength(2);
      expect(links[0]?.getAttribute('href')).toBe('/de/Mara-Ink?tab=portfolio');
      const img = within(links[0] as HTMLElement).getByRole('img', { name: 'Tattoo von Mara Ink: Rose on the forearm' });
      expect(img.getAttribute('width')).toBe('1200');
      expect(img.getAttribute('height')).toBe('1500');
      expect(img.getAttribute('srcset')).toContain('-thumbnail.webp 400w');
      expect(img.getAttribute('sizes')).toContain('33vw');
      expect(img.getAttribute('loading')).toBe('lazy');
      expect(within(strip).getByRole('link', { name: 'Die ganze Galerie ansehen' }).getAttribute('href')).toBe('/de/tattoo-galerie');
    });

    it('links each language to its own gallery path', async () => {
      mockApi({ ...featuredNone, '/api/gallery': () => jsonResponse({ success: true, images: [work()], nextCursor: null }) });
      await renderWithApp(<HomePage />, { path: '/es/', namespaces: ['home'] });
      expect((await screen.findByRole('link', { name: 'Ver toda la galería' })).getAttribute('href')).toBe('/es/galeria-de-tatuajes');
    });

    it('shows nothing while the gallery is empty', async () => {
      mockApi(featuredNone);
      await renderWithApp(<HomePage />, { path: '/', namespaces: ['home'] });
      await screen.findByText('No artists available at the moment.');
      expect(screen.queryByRole('region', { name: 'Latest works' })).toBeNull();
    });

    it('says when the latest works fail to load, with a retry', async () => {
      mockApi({ ...featuredNone, '/api/gallery': () => jsonResponse({ success: false, error: 'Server error.' }, 500) });
      await renderWithApp(<HomePage />, { path: '/', namespaces: ['home'] });
      expect(await screen.findByText('The latest works could not be loaded.')).toBeTruthy();
    });
  });
});
