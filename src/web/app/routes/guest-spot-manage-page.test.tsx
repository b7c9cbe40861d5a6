import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createGuestSpot, createSessionUser, jsonResponse } from '../../test/factories';
import { mockApi } from '../../test/mock-api';
import { renderWithApp } from '../../test/render';
import { artistDetails, createDealRequest } from '../../features/deals/test-data';
import GuestSpotManagePage from './guest-spot-manage-page';

const studio = createSessionUser({ id: 31, userType: 'studio' });
const mine = { edit: true, delete: true };

afterEach(() => vi.unstubAllGlobals());

describe('guest spot manage page with applications', () => {
  it("lists each spot's applications with the artist at a glance, accepts one and shows a refusal in place", async () => {
    const winter = createGuestSpot({ id: 7, title: 'Winter in Kreuzberg', can: mine });
    const spring = createGuestSpot({ id: 8, title: 'Spring in Kreuzberg', can: mine });
    const first = createDealRequest({ artistDetails });
    const second = createDealRequest({
      artist: { id: 42, name: 'Mara Black', username: 'mara', avatar: null, userType: 'artist' },
      artistDetails: { ...artistDetails, rating: null, reviewCount: 0, languages: ['french'] },
    });
    let accepts = 0;
    const calls = mockApi({
      'GET /api/guest-spots?studioId=31': () => jsonResponse([winter, spring]),
      'GET /api/applications': () => jsonResponse({ applications: [first, second], nextCursor: null }),
      'POST /api/applications/': () => {
        accepts++;
        return accepts === 1
          ? jsonResponse({ success: true, stay: { id: 9 } })
          : jsonResponse({ error: 'The spot is full on these days.' }, 409);
      },
    });
    await renderWithApp(<GuestSpotManagePage />, {
      path: '/guestspots/manage',
      namespaces: ['guestSpotsEntry', 'guestSpots', 'listings', 'listingsEntry', 'deals', 'profiles', 'errors'],
      session: { state: 'loggedIn', user: studio },
    });

    const winterItem = (await screen.findByRole('link', { name: 'Winter in Kreuzberg' })).closest('li') as HTMLElement;
    const applications = await within(winterItem).findByRole('region', { name: 'Applications for Winter in Kreuzberg' });
    const lena = await within(applications).findByRole('link', { name: 'Lena Hoffmann' });
    expect(lena.getAttribute('href')).toBe('/lena-ink');
    expect(within(applications).getByRole('list', { name: 'Latest works of Lena Hoffmann' }).querySelectorAll('img, [style]').length).toBeGreaterThanOrEqual(3);
    expect(within(applications).getByText('4.5 of 5 stars (12 reviews)')).toBeTruthy();
    expect(within(applications).getByText('No reviews yet')).toBeTruthy();
    expect(within(applications).getByText('Speaks French')).toBeTruthy();
    expect(within(applications).getAllByText(/May 3 – 10, 2030/)).toHaveLength(2);
    // The other spot has none of them.
    const springItem = screen.getByRole('link', { name: 'Spring in Kreuzberg' }).closest('li') as HTMLElement;
    expect(within(springItem).getByText('No applications for this spot yet.')).toBeTruthy();
    expect(calls.find((c) => c.url.startsWith('/api/applications'))?.url).toBe('/api/applications?role=received&kind=application');

    const [firstCard, secondCard] = within(applications).getAllByRole('listitem').filter((li) => li.parentElement?.parentElement === applications) as [HTMLElement, HTMLElement];
    fireEvent.click(within(firstCard).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(within(firstCard).getByText('Accepted')).toBeTruthy());
    fireEvent.click(within(secondCard).getByRole('button', { name: 'Accept' }));
    expect((await within(secondCard).findByRole('alert')).textContent).toContain('The spot is full on these days.');
    expect(within(secondCard).getByRole('button', { name: 'Decline' })).toBeTruthy();
  });
});
