import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { addDays, todayInBerlin } from '../../../common/schemas/listing-fields';
import { answerFetch, createGuestSpot, createSessionUser, jsonResponse } from '../../test/factories';
import { renderWithApp } from '../../test/render';
import { GuestSpotManagePage } from './manage-page';

describe('manage page', () => {
  it('marks the entries the server answers as ended past, and only those', async () => {
    const today = todayInBerlin();
    const mine = { edit: true, delete: true };
    const spots = [
      createGuestSpot({ title: 'Ended last week', startDate: addDays(today, -20), endDate: addDays(today, -7), ended: true, can: mine }),
      createGuestSpot({ title: 'Ends today', startDate: addDays(today, -3), endDate: today, can: mine }),
      createGuestSpot({ title: 'Next month', startDate: addDays(today, 30), endDate: addDays(today, 40), isActive: false, can: mine }),
    ];
    vi.stubGlobal('fetch', vi.fn(answerFetch({ '/api/guest-spots?studioId=31': () => jsonResponse(spots) })));
    const user = createSessionUser({ id: 31, userType: 'studio' });
    await renderWithApp(<GuestSpotManagePage />, { path: '/de/guestspots/manage', namespaces: ['guestSpotsEntry', 'guestSpots', 'listings', 'listingsEntry', 'errors'], session: { state: 'loggedIn', user } });

    const item = async (title: string) => (await screen.findByRole('link', { name: title })).closest('li') as HTMLElement;
    expect(within(await item('Ended last week')).getByText('Abgelaufen')).toBeTruthy();
    expect(within(await item('Ends today')).queryByText('Abgelaufen')).toBeNull();
    const inactive = await item('Next month');
    expect(within(inactive).queryByText('Abgelaufen')).toBeNull();
    expect(within(inactive).getByText('Inaktiv')).toBeTruthy();
  });

  it('marks an entry moderation hid with the reason, and keeps its delete action', async () => {
    const today = todayInBerlin();
    const mine = { edit: true, delete: true };
    const spots = [
      createGuestSpot({ title: 'Hidden spot', startDate: addDays(today, 3), endDate: addDays(today, 10), isActive: false, can: mine, hiddenReason: 'Fake studio address' }),
      createGuestSpot({ title: 'Shown spot', startDate: addDays(today, 3), endDate: addDays(today, 10), can: mine }),
    ];
    vi.stubGlobal('fetch', vi.fn(answerFetch({ '/api/guest-spots?studioId=31': () => jsonResponse(spots) })));
    const user = createSessionUser({ id: 31, userType: 'studio' });
    await renderWithApp(<GuestSpotManagePage />, { path: '/de/guestspots/manage', namespaces: ['guestSpotsEntry', 'guestSpots', 'listings', 'listingsEntry', 'errors'], session: { state: 'loggedIn', user } });

    const hidden = (await screen.findByRole('link', { name: 'Hidden spot' })).closest('li') as HTMLElement;
    expect(within(hidden).getByText('Von der Moderation ausgeblendet: Fake studio address')).toBeTruthy();
    expect(within(hidden).getByRole('button', { name: /Löschen/ })).toBeTruthy();
    const shown = screen.getByRole('link', { name: 'Shown spot' }).closest('li') as HTMLElement;
    expect(within(shown).queryByText(/Von der Moderation ausgeblendet/)).toBeNull();
  });
});
