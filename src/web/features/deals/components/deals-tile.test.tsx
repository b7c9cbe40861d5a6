import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSessionUser, jsonResponse } from '../../../test/factories';
import { mockApi } from '../../../test/mock-api';
import { renderWithApp } from '../../../test/render';
import { DealsTile } from './deals-tile';

const artist = createSessionUser({ id: 41, userType: 'artist' });
const studio = createSessionUser({ id: 31, userType: 'studio' });

const render = (user = artist, path = '/dashboard') => renderWithApp(<DealsTile />, { path, namespaces: ['deals'], session: { state: 'loggedIn', user } });

afterEach(() => vi.unstubAllGlobals());

describe('deals tile', () => {
  it("shows an artist's trips: upcoming stays first, then applications waiting and invitations to answer", async () => {
    mockApi({ 'GET /api/deals/summary': () => jsonResponse({ pendingReceived: 1, pendingSent: 2, upcomingStays: 3 }) });
    await render();
    expect(screen.getByRole('heading', { name: 'Trips' })).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
    expect(await screen.findByText('3 upcoming stays')).toBeTruthy();
    expect(screen.getByText('2 pending applications')).toBeTruthy();
    expect(screen.getByText('1 open invitation')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Requests & stays' }).getAttribute('href')).toBe('/dashboard/requests');
  });

  it("shows a studio's guests in German, leaving out what is zero", async () => {
    mockApi({ 'GET /api/deals/summary': () => jsonResponse({ pendingReceived: 4, pendingSent: 0, upcomingStays: 1 }) });
    await render(studio, '/de/dashboard');
    expect(screen.getByRole('heading', { name: 'Gäste' })).toBeTruthy();
    expect(await screen.findByText('1 anstehender Gast')).toBeTruthy();
    expect(screen.getByText('4 offene Bewerbungen')).toBeTruthy();
    expect(screen.queryByText(/Einladung/)).toBeNull();
  });

  it('says so when there is nothing yet', async () => {
    mockApi({ 'GET /api/deals/summary': () => jsonResponse({ pendingReceived: 0, pendingSent: 0, upcomingStays: 0 }) });
    await render(studio);
    expect(await screen.findByText('No guests or applications yet.')).toBeTruthy();
  });
});
