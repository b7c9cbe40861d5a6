import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { slotSizes } from '../../ui/card-pictures';
import { createAvailabilityListItem, createCardImage, createGuestSpotListItem, createHeaderImage } from '../../test/factories';
import { renderWithApp } from '../../test/render';
import { KINDS } from './kinds';
import { KindListingCard } from './listing-card';

const imgs = (element: HTMLElement) => [...element.querySelectorAll('img')];

describe('listing cards', () => {
  it("leads a guest spot card with one picture of the place, sized for the card's slot", async () => {
    const header = createHeaderImage(31);
    const spot = createGuestSpotListItem({ title: 'Summer in Kreuzberg', images: [header] });
    await renderWithApp(<KindListingCard kind={KINDS.guestSpots} listing={spot} priority={false} />, { namespaces: ['listings'] });
    const card = screen.getByRole('link', { name: /Summer in Kreuzberg/ });
    const [cover, ...rest] = imgs(card);
    expect(rest).toHaveLength(0);
    expect(cover?.getAttribute('alt')).toBe('Photo from Nadelwerk Berlin');
    expect(cover?.getAttribute('srcset')).toBe(`${header.thumbnailUrl} 600w, ${header.mediumUrl} 1200w`);
    expect(cover?.getAttribute('sizes')).toBe(slotSizes('list'));
    expect(cover?.getAttribute('loading')).toBe('lazy');
    expect(card.getAttribute('href')).toBe(`/guestspot/${spot.slug}`);
    expect(card.textContent).toContain('Nadelwerk Berlin');
  });

  it("names a verified studio on its guest spot's card with the badge's words, in German too, and nothing on others", async () => {
    const studio = { id: 31, name: 'Nadelwerk Berlin', username: 'Nadelwerk Berlin', avatar: null, cityName: 'Berlin', verified: true };
    const spot = createGuestSpotListItem({ title: 'Verified residency', studio });
    const { unmount } = await renderWithApp(<KindListingCard kind={KINDS.guestSpots} listing={spot} priority={false} />, { namespaces: ['listings'] });
    // The words are part of the card link's name, and the icon is decoration.
    const card = screen.getByRole('link', { name: /Verified residency.*Verified studio/ });
    expect(card.querySelector('svg[aria-hidden="true"]')).toBeTruthy();
    unmount();
    const german = await renderWithApp(<KindListingCard kind={KINDS.guestSpots} listing={spot} priority={false} />, { path: '/de/gastplatze', namespaces: ['listings'] });
    expect(screen.getByRole('link', { name: /Verifiziertes Studio/ })).toBeTruthy();
    german.unmount();
    await renderWithApp(<KindListingCard kind={KINDS.guestSpots} listing={createGuestSpotListItem({ title: 'Plain residency' })} priority={false} />, { namespaces: ['listings'] });
    expect(screen.getByRole('link', { name: /Plain residency/ }).textContent).not.toContain('Verified studio');
  });

  it("leads an availability card with the artist's works and their avatar beside the name", async () => {
    const works = [createCardImage(), createCardImage(), createCardImage()];
    const entry = createAvailabilityListItem({
      title: 'Fine line trip',
      images: works,
      artist: { id: 5, name: 'Lena Hoffmann', username: 'Lena Ink', avatar: '/uploads/avatars/5/a-large.webp', cityName: 'Berlin', verified: false },
    });
    await renderWithApp(<KindListingCard kind={KINDS.availability} listing={entry} priority />, { namespaces: ['listings'] });
    const card = screen.getByRole('link', { name: /Fine line trip/ });
    const pictures = imgs(card);
    expect(pictures.map((img) => img.getAttribute('src'))).toEqual([...works.map((w) => w.thumbnailUrl), '/uploads/avatars/5/a-large.webp']);
    expect(pictures[0]?.getAttribute('alt')).toBe('Tattoo by Lena Hoffmann');
    expect(pictures[0]?.getAttribute('fetchpriority')).toBe('high');
    // The avatar beside the name is decorative: the name is written next to it.
    expect(pictures[3]?.getAttribute('alt')).toBe('');
    expect(pictures[3]?.getAttribute('sizes')).toBe('48px');
    for (const img of pictures) expect(img.getAttribute('width')).toBeTruthy();
  });

  it('shows the monogram only when the poster has no picture at all', async () => {
    const entry = createAvailabilityListItem({ title: 'Bare trip', images: [], artist: { id: 6, name: 'Max Muster', username: 'max', avatar: null, cityName: null, verified: false } });
    await renderWithApp(<KindListingCard kind={KINDS.availability} listing={entry} priority={false} />, { namespaces: ['listings'] });
    const card = screen.getByRole('link', { name: /Bare trip/ });
    expect(imgs(card)).toHaveLength(0);
    expect(card.textContent).toContain('MM');
  });
});
