import { fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from '../../routing';
import { describe, expect, it, vi } from 'vitest';
import { createGalleryImage, createProfile, createSessionUser, jsonResponse } from '../../test/factories';
import { renderWithApp } from '../../test/render';
import { i18n } from '../../i18n/i18n';
import ProfilePage from './profile-page';

function mockApi(answers: Record<string, () => Response>) {
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.includes('count=true')) return jsonResponse({ success: true, count: 3 });
    // The owner's messages tab polls its unread count; a poll may land after its test ended.
    if (url.startsWith('/api/messages/unread-count')) return jsonResponse({ count: 0 });
    if (url.startsWith('/api/reviews/user/')) return jsonResponse({ reviews: [], totalReviews: 0, averageRating: 0, nextCursor: null });
    // The header's trust figures, follow button and confirmed stays load beside the profile.
    if (/^\/api\/users\/\d+\/trust$/.test(url)) return jsonResponse({ responseRate: null, typicalResponseHours: null, answeredRequests: 0, completedStays: 0, verifiedStudio: false });
    if (/^\/api\/users\/\d+\/stays$/.test(url)) return jsonResponse({ stays: [] });
    if (/^\/api\/follows\/\d+$/.test(url)) return jsonResponse({ following: false, followers: 0 });
    const answer = Object.entries(answers).find(([prefix]) => url.startsWith(prefix));
    if (!answer) throw new Error(`unexpected request ${url}`);
    return answer[1]();
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const page = (
  <Routes>
    <Route path="/:username" element={<ProfilePage />} />
    <Route path="/de/:username" element={<ProfilePage />} />
  </Routes>
);

const image = (id: number) => createGalleryImage({ id, userId: 41, title: `Piece ${id}`, caption: `Piece ${id}`, description: `Piece ${id}` });

describe('profile page', () => {
  it('shows the header, the about tab with fallback quote, sorted languages and styles, and records a visit', async () => {
    const profile = createProfile({ galleryImages: [image(1), image(2)] });
    const fetch = mockApi({
      '/api/profile/Lena-Ink': () => jsonResponse({ success: true, user: profile }),
      '/api/profile-visits': () => jsonResponse({ success: true }),
    });
    await renderWithApp(page, { path: '/Lena-Ink', namespaces: ['profiles', 'gallery', 'reviews'] });

    expect(await screen.findByRole('heading', { level: 1, name: 'Lena Hoffmann' })).toBeTruthy();
    expect(screen.getByText('Tattoo artist')).toBeTruthy();
    expect(screen.getByText(/\/Lena-Ink$/)).toBeTruthy();
    // The country defaults to Germany (Deutschland in German).
    expect(screen.getByText('Berlin, Germany')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'About me' })).toBeTruthy();
    // Id 41 -> quote 1.
    expect(screen.getByText('Skin is the canvas, ink is the memory.')).toBeTruthy();
    expect(screen.getByText('Croatian, English, German')).toBeTruthy();
    const styles = screen.getAllByText(/^(Dotwork|Fine Line)$/).map((el) => el.textContent);
    expect(styles).toEqual(['Dotwork', 'Fine Line']);
    expect(screen.getByRole('tab', { name: 'Portfolio (2)' })).toBeTruthy();
    expect(await screen.findByRole('tab', { name: 'Availability (3)' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: /Guest spots/ })).toBeNull();
    // A visitor is asked to log in before messaging, and comes back to the open dialog.
    expect(screen.getByRole('link', { name: 'Log in to message' }).getAttribute('href')).toBe(
      '/login?redirect=%2FLena-Ink%3Fmessage%3Dopen',
    );
    expect(screen.queryByRole('button', { name: /^More actions/ })).toBeNull();
    await vi.waitFor(() =>
      expect(fetch).toHaveBeenCalledWith('/api/profile-visits', expect.objectContaining({ method: 'POST', body: JSON.stringify({ profileId: 41 }) })),
    );
  });

  it('switches to the portfolio tab and keeps it in ?tab=', async () => {
    mockApi({
      '/api/profile/Lena-Ink': () => jsonResponse({ success: true, user: createProfile({ galleryImages: [image(1)] }) }),
      '/api/profile-visits': () => jsonResponse({ success: true }),
    });
    const { router } = await renderWithApp(page, { path: '/Lena-Ink', namespaces: ['profiles', 'gallery', 'reviews'] });
    fireEvent.click(await screen.findByRole('tab', { name: 'Portfolio (1)' }));
    expect(router.state.location.search).toBe('?tab=portfolio');
    const list = await screen.findByRole('list', { name: 'Portfolio of Lena Hoffmann' });
    expect(within(list).getByRole('img', { name: 'Piece 1' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See the whole gallery' }).getAttribute('href')).toBe('/tattoo-gallery');
  });

  it('uses the studio texts in German and shows the owner the edit action without recording a visit', async () => {
    // The server says the viewer may edit this profile: it is their own.
    const studio = createProfile({ userType: 'studio', bio: 'Wir sind ein Studio.', workstations: 4, piercings: true, microblading: true, can: { edit: true, delete: true } });
    const fetch = mockApi({ '/api/profile/Lena-Ink': () => jsonResponse({ success: true, user: studio }) });
    await renderWithApp(page, {
      path: '/de/Lena-Ink',
      namespaces: ['profiles', 'gallery', 'reviews'],
      session: { state: 'loggedIn', user: createSessionUser({ id: 41 }) },
    });
    expect(await screen.findByRole('heading', { name: 'Über das Studio' })).toBeTruthy();
    expect(screen.getByText('Studio', { selector: 'p' })).toBeTruthy();
    expect(screen.getByText('Berlin, Deutschland')).toBeTruthy();
    expect(screen.getByText('Piercings, Microblading/PMU')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Profil bearbeiten' })).toBeTruthy();
    expect(await screen.findByRole('tab', { name: 'Gastplätze (3)' })).toBeTruthy();
    // The owner's own tab: its label at once, its unread count from the messages code loaded for the owner alone.
    expect(await screen.findByRole('tab', { name: 'Nachrichten' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Nachricht senden' })).toBeNull();
    expect(fetch.mock.calls.some(([url]) => String(url).includes('profile-visits'))).toBe(false);
  });

  it('gives a logged-in visitor the message button and the block and report menu', async () => {
    mockApi({
      '/api/profile/Lena-Ink': () => jsonResponse({ success: true, user: createProfile() }),
      '/api/profile-visits': () => jsonResponse({ success: true }),
      '/api/blocks': () => jsonResponse({ blocks: [] }),
    });
    await renderWithApp(page, { path: '/Lena-Ink', namespaces: ['profiles'], session: { state: 'loggedIn', user: createSessionUser({ id: 7 }) } });
    expect(await screen.findByRole('button', { name: 'Send message' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'More actions for Lena Hoffmann' })).toBeTruthy();
  });

  it("starts loading a tab's texts when the pointer reaches its button", async () => {
    mockApi({
      '/api/profile/Lena-Ink': () => jsonResponse({ success: true, user: createProfile() }),
      '/api/profile-visits': () => jsonResponse({ success: true }),
    });
    const load = vi.spyOn(i18n, 'loadNamespaces');
    await renderWithApp(page, { path: '/Lena-Ink', namespaces: ['profiles'] });
    fireEvent.pointerEnter(await screen.findByRole('tab', { name: /^Reviews/ }));
    expect(load).toHaveBeenCalledWith('en', ['reviews']);
  });

  it('opens the reviews tab from ?tab=reviews for a visitor, its label counting the reviews', async () => {
    mockApi({
      '/api/profile/Lena-Ink': () => jsonResponse({ success: true, user: createProfile({ totalReviews: 2, reviewsCount: 2, averageRating: 4.5 }) }),
      '/api/profile-visits': () => jsonResponse({ success: true }),
    });
    await renderWithApp(page, { path: '/Lena-Ink?tab=reviews', namespaces: ['profiles', 'gallery', 'reviews'] });
    // The profile's count until the list answers (here: none yet).
    expect(await screen.findByRole('tab', { name: /^Reviews \(\d\)$/, selected: true })).toBeTruthy();
    expect(await screen.findByText('No reviews available yet.')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Reviews (0)' })).toBeTruthy();
  });

  it('shows not found with a way back home on a 404', async () => {
    mockApi({ '/api/profile/Nobody': () => jsonResponse({ success: false, error: 'Profile not found' }, 404) });
    await renderWithApp(page, { path: '/Nobody', namespaces: ['profiles', 'gallery', 'reviews'] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the start page' }).getAttribute('href')).toBe('/');
  });
});
