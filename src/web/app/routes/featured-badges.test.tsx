import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FeaturedCard } from '../../features/home/components/featured-card';
import { KindListingCard } from '../../features/listings/listing-card';
import { KINDS } from '../../features/listings/kinds';
import { ProfileHeader } from '../../features/profiles/components/profile-header';
import { serveArtistList } from '../../test/artist-list';
import { createArtistListItem, createAvailabilityListItem, createFeaturedArtist, createGuestSpotListItem, createProfile } from '../../test/factories';
import { renderWithApp } from '../../test/render';
import ArtistsPage from './artists-page';

const ahead = () => new Date(Date.now() + 86_400_000).toISOString();
const past = () => new Date(Date.now() - 60_000).toISOString();

/** The Featured badge where the product shows it: list cards, home cards, the profile header. */
describe('featured badges on cards and profiles', () => {
  it('marks a listing card whose owner is featured, as part of the link’s name, and no other', async () => {
    const featured = createGuestSpotListItem({ title: 'Paid spot', ownerFeatured: true });
    const { unmount } = await renderWithApp(<KindListingCard kind={KINDS.guestSpots} listing={featured} priority={false} />, { path: '/de/', namespaces: ['listings'] });
    const card = screen.getByRole('link', { name: /Paid spot/ });
    expect(within(card).getByText('Featured')).toBeTruthy();
    expect(card.textContent).toContain('Featured');
    unmount();
    const plain = createAvailabilityListItem({ title: 'Plain trip', ownerFeatured: false });
    await renderWithApp(<KindListingCard kind={KINDS.availability} listing={plain} priority={false} />, { namespaces: ['listings'] });
    expect(within(screen.getByRole('link', { name: /Plain trip/ })).queryByText('Featured')).toBeNull();
  });

  it('marks a featured home card while its time lies ahead', async () => {
    const { unmount } = await renderWithApp(<FeaturedCard entry={createFeaturedArtist({ name: 'Mara Ink', featuredUntil: ahead() })} />, { path: '/es/', namespaces: ['home'] });
    expect(within(screen.getByRole('link', { name: /Mara Ink/ })).getByText('Destacado')).toBeTruthy();
    unmount();
    await renderWithApp(<FeaturedCard entry={createFeaturedArtist({ name: 'Old Ink', featuredUntil: past() })} />, { namespaces: ['home'] });
    expect(within(screen.getByRole('link', { name: /Old Ink/ })).queryByText('Featured')).toBeNull();
  });

  it('marks a featured artist on the artist list, and no other', async () => {
    const items = [createArtistListItem({ name: 'Paid Artist', featured: true }), createArtistListItem({ name: 'Other Artist', featured: false })];
    serveArtistList(items);
    await renderWithApp(<ArtistsPage />, { path: '/pt/tattooartists', namespaces: ['artists', 'listings'] });
    const paid = await screen.findByRole('link', { name: /Paid Artist/ }, { timeout: 5000 });
    expect(within(paid).getByText('Em destaque')).toBeTruthy();
    expect(within(screen.getByRole('link', { name: /Other Artist/ })).queryByText('Em destaque')).toBeNull();
    vi.unstubAllGlobals();
  });

  it('marks a profile header while featuredUntil lies ahead', async () => {
    const { unmount } = await renderWithApp(<ProfileHeader profile={createProfile({ name: 'Lena Hoffmann', featuredUntil: ahead() })} />, { path: '/fr/', namespaces: ['profiles'] });
    expect(within(screen.getByRole('banner')).getByText('À la une')).toBeTruthy();
    unmount();
    await renderWithApp(<ProfileHeader profile={createProfile({ name: 'Lena Hoffmann', featuredUntil: past() })} />, { namespaces: ['profiles'] });
    expect(screen.queryByText('Featured')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Lena Hoffmann' })).toBeTruthy();
  });
});
