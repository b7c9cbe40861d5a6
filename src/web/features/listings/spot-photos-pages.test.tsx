import { screen } from '@testing-library/react';
import { Route, Routes } from '../../routing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GuestSpotDetail } from '../../../common/schemas/guest-spot-photos';
import { answerFetch, createCardImage, createGuestSpot, createSessionUser, jsonResponse } from '../../test/factories';
import { renderWithApp } from '../../test/render';
import { GuestSpotDetailPage } from './detail-page';
import { GuestSpotFormPage } from './form-page';

const studio = createSessionUser({ id: 31, userType: 'studio', username: 'Nadelwerk Berlin', name: 'Nadelwerk Berlin' });
const admin = createSessionUser({ id: 99, userType: 'artist', role: 'admin' });
const NAMESPACES = ['guestSpotsEntry', 'listings', 'listingsEntry', 'dealTerms', 'profiles', 'spotPhotos', 'errors'];

function serve(spot: GuestSpotDetail) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      answerFetch({
        [`/api/guest-spots/by-slug/${spot.slug}`]: () => jsonResponse(spot),
        [`/api/guest-spots/${spot.id}/photos`]: () => jsonResponse({ success: true, photos: spot.photos }),
        [`/api/guest-spots/${spot.id}/matches`]: () => jsonResponse([]),
        '/api/styles': () => jsonResponse([{ id: 11, slug: 'fine-line', name: 'Fine Line' }]),
        '/countries-cities-completed.json': () => jsonResponse([]),
      }),
    ),
  );
}

/** The detail page under its route, for a spot the server has. */
function showDetail(spot: GuestSpotDetail) {
  serve(spot);
  return renderWithApp(
    <Routes>
      <Route path="/guestspot/:slug" element={<GuestSpotDetailPage />} />
    </Routes>,
    { path: `/guestspot/${spot.slug}`, namespaces: [...NAMESPACES, 'messages'] },
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('guest spot photos on the pages', () => {
  it('shows the photos on the detail page, the first one leading', async () => {
    const photos = [createCardImage(), createCardImage()];
    const spot = { ...createGuestSpot(), photos };
    await showDetail(spot);
    const lead = await screen.findByRole('img', { name: 'Photo 1 of 2 of the workplace at Nadelwerk Berlin' }, { timeout: 5000 });
    expect(lead.getAttribute('src')).toBe(photos[0]!.largeUrl);
    expect(screen.getByRole('button', { name: 'Enlarge photo 2 of 2' })).toBeTruthy();
  });

  it('shows no gallery on a spot without photos', async () => {
    const spot = { ...createGuestSpot(), photos: [] };
    await showDetail(spot);
    expect(await screen.findByRole('heading', { name: spot.title }, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Enlarge photo/ })).toBeNull();
  });

  it("puts the photo manager on the studio's own edit page, not an admin's", async () => {
    const spot = { ...createGuestSpot({ can: { edit: true, delete: true } }), photos: [createCardImage()] };
    serve(spot);
    const page = (
      <Routes>
        <Route path="/guestspot/:slug/edit" element={<GuestSpotFormPage />} />
      </Routes>
    );
    const first = await renderWithApp(page, { path: `/guestspot/${spot.slug}/edit`, namespaces: NAMESPACES, session: { state: 'loggedIn', user: studio } });
    expect(await screen.findByRole('heading', { name: 'Photos of the workplace' }, { timeout: 5000 })).toBeTruthy();
    expect(await screen.findByText('1 of 6')).toBeTruthy();
    first.unmount();

    await renderWithApp(page, { path: `/guestspot/${spot.slug}/edit`, namespaces: NAMESPACES, session: { state: 'loggedIn', user: admin } });
    expect(await screen.findByLabelText('Title', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Photos of the workplace' })).toBeNull();
  });
});
