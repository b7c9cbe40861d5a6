import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { answerFetch, createSessionUser } from '../../test/factories';
import { renderPageAt } from '../../test/route-page';
import DashboardPage from './dashboard-page';

describe('dashboard of an admin', () => {
  it('calls the account staff, not a tattoo artist, and offers the admin area instead of a profile', async () => {
    const fetch = vi.fn(answerFetch({}));
    vi.stubGlobal('fetch', fetch);
    const admin = createSessionUser({ role: 'admin', userType: 'artist', name: 'Admin Team', username: 'Admin Team' });
    await renderPageAt('/dashboard', <DashboardPage />, {
      path: '/de/dashboard',
      namespaces: ['dashboard', 'auth', 'errors'],
      session: { state: 'loggedIn', user: admin },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Hallo, Admin Team!' })).toBeTruthy();
    expect(screen.getByText('Team')).toBeTruthy();
    expect(screen.queryByText('Tätowierer:in')).toBeNull();
    expect(screen.getByRole('link', { name: 'Adminbereich öffnen' }).getAttribute('href')).toBe('/de/admin');
    expect(screen.queryByRole('link', { name: 'Öffentliches Profil ansehen' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Premium-Funktionen' })).toBeNull();
    // Nothing about a profile, listings, reviews or purchases is even asked for.
    const asked = fetch.mock.calls.map(([url]) => String(url));
    expect(asked.filter((url) => /\/api\/(profile|users|reviews|payments|guest-spots|availability)/.test(url))).toEqual([]);
  });
});
