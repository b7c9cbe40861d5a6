import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../../common/schemas/session';
import { Route, Routes } from '../../routing';
import { toast } from '../../ui/toast';
import { createAvailability, createGuestSpot, createSessionUser, jsonResponse } from '../../test/factories';
import { mockApi } from '../../test/mock-api';
import { renderWithApp } from '../../test/render';
import { AvailabilityDetailPage, GuestSpotDetailPage } from './listing-detail-pages';

vi.mock('../../ui/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const NAMESPACES = ['guestSpotsEntry', 'availabilityEntry', 'listings', 'listingsEntry', 'spotPhotos', 'messages', 'errors'];
const spot = { ...createGuestSpot(), photos: [] };
const trip = createAvailability();
const studio = createSessionUser({ id: spot.studio.id, userType: 'studio' });
const artist = createSessionUser({ id: 55, userType: 'artist' });

function show(path: string, user: SessionUser | null) {
  const calls = mockApi({
    [`GET /api/guest-spots/by-slug/${spot.slug}`]: () => jsonResponse(spot),
    [`GET /api/guest-spots/${spot.id}`]: () => jsonResponse([]),
    [`GET /api/artist-availability/${trip.id}`]: () => jsonResponse(trip),
    'GET /api/styles': () => jsonResponse([]),
    'POST /api/reports': () => jsonResponse({ report: { id: 3 } }),
  });
  const view = renderWithApp(
    <Routes>
      <Route path="/guestspot/:slug" element={<GuestSpotDetailPage />} />
      <Route path="/artist-availability/:id" element={<AvailabilityDetailPage />} />
    </Routes>,
    { path, namespaces: NAMESPACES, session: user ? { state: 'loggedIn', user } : { state: 'loggedOut', user: null } },
  );
  return { calls, view };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('reporting a listing', () => {
  it('offers visitors no Report action', async () => {
    const { view } = show(`/guestspot/${spot.slug}`, null);
    await view;
    expect(await screen.findByRole('heading', { name: spot.title }, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Report listing' })).toBeNull();
  });

  it('offers the owner no Report action', async () => {
    const { view } = show(`/guestspot/${spot.slug}`, studio);
    await view;
    expect(await screen.findByRole('heading', { name: spot.title }, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Report listing' })).toBeNull();
  });

  it('reports a guest spot by its id and thanks', async () => {
    const { calls, view } = show(`/guestspot/${spot.slug}`, artist);
    await view;
    fireEvent.click(await screen.findByRole('button', { name: 'Report listing' }, { timeout: 5000 }));
    await screen.findByRole('dialog', { name: `Report a listing by ${spot.studio.name}` });
    fireEvent.click(screen.getByRole('radio', { name: 'Spam' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Thank you. Our team will look at your report.'));
    expect(calls.filter((c) => c.url === '/api/reports')).toEqual([
      { method: 'POST', url: '/api/reports', body: { targetType: 'guest_spot', targetId: spot.id, reason: 'spam', details: null } },
    ]);
  });

  it('reports an availability by its id and thanks', async () => {
    const { calls, view } = show(`/artist-availability/${trip.id}`, createSessionUser({ id: 77, userType: 'studio' }));
    await view;
    fireEvent.click(await screen.findByRole('button', { name: 'Report listing' }, { timeout: 5000 }));
    await screen.findByRole('dialog', { name: `Report a listing by ${trip.artist.name}` });
    fireEvent.click(screen.getByRole('radio', { name: 'Stolen work (not their own tattoo)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Thank you. Our team will look at your report.'));
    expect(calls.filter((c) => c.url === '/api/reports')).toEqual([
      { method: 'POST', url: '/api/reports', body: { targetType: 'availability', targetId: trip.id, reason: 'stolen_work', details: null } },
    ]);
  });
});
