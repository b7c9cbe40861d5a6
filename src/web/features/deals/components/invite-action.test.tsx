import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createGuestSpot, createSessionUser, jsonResponse } from '../../../test/factories';
import { mockApi } from '../../../test/mock-api';
import { renderWithApp } from '../../../test/render';
import { createDealRequest } from '../test-data';
import { InviteAction } from './invite-action';

const studio = createSessionUser({ id: 31, userType: 'studio' });
const availability = { id: 90, startDate: '2030-06-01', endDate: '2030-06-30', artist: { id: 41, name: 'Lena Hoffmann' } };

async function openDialog(spots: unknown[], extra: Record<string, (url: string, body: unknown) => Response> = {}) {
  const calls = mockApi({ 'GET /api/guest-spots?studioId=31': () => jsonResponse(spots), ...extra });
  await renderWithApp(<InviteAction availability={availability} />, { namespaces: ['deals', 'errors', 'common'], session: { state: 'loggedIn', user: studio } });
  fireEvent.click(screen.getByRole('button', { name: 'Invite as guest' }));
  const dialog = await screen.findByRole('dialog', { name: 'Invite Lena Hoffmann as guest' });
  await within(dialog).findByRole('button', { name: 'Send invitation' }, { timeout: 3000 });
  return { dialog, calls };
}

afterEach(() => vi.unstubAllGlobals());

describe('invite dialog', () => {
  it('offers the active spots, needs a message, sends the spot with the days both windows share, and confirms with the way to the requests', async () => {
    const spot = createGuestSpot({ id: 7, title: 'Summer in Kreuzberg', startDate: '2030-06-10', endDate: '2030-07-20' });
    const ended = createGuestSpot({ id: 8, title: 'Old one', ended: true });
    const { dialog, calls } = await openDialog([spot, ended], {
      'POST /api/artist-availability/90/invite': () => jsonResponse({ success: true, id: createDealRequest({ kind: 'invitation' }).id }, 201),
    });
    const option = await within(dialog).findByRole('radio', { name: /Summer in Kreuzberg/ });
    fireEvent.click(option);
    expect(within(dialog).queryByRole('radio', { name: /Old one/ })).toBeNull();
    expect((within(dialog).getByRole('textbox', { name: 'First day' }) as HTMLInputElement).value).toBe('06/10/2030');
    expect((within(dialog).getByRole('textbox', { name: 'Last day' }) as HTMLInputElement).value).toBe('06/30/2030');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('Please write a message.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Message' }), { target: { value: 'Come over!' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('Invitation sent')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ guestSpotId: 7, startDate: '2030-06-10', endDate: '2030-06-30', message: 'Come over!' });
    expect(within(dialog).getByRole('link', { name: 'Go to Requests & stays' }).getAttribute('href')).toBe('/dashboard/requests?tab=sent');
  });

  it('invites with own dates and terms, checks the share, and shows a refusal in place', async () => {
    const { dialog, calls } = await openDialog([], {
      'POST /api/artist-availability/90/invite': () => jsonResponse({ error: 'Lena already has a confirmed stay on these days.' }, 409),
    });
    await waitFor(() => expect((within(dialog).getByRole('radio', { name: 'Own dates and terms' }) as HTMLInputElement).checked).toBe(true));
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Deal' }), { target: { value: 'commission' } });
    const share = within(dialog).getByRole('spinbutton', { name: "Guest's share in percent" });
    fireEvent.change(share, { target: { value: '20' } });
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Housing' }), { target: { value: 'guest_room' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Message' }), { target: { value: 'Hi' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText("The guest's share must be between 30 and 95 percent.")).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(share, { target: { value: '70' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Lena already has a confirmed stay on these days.');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      startDate: '2030-06-01',
      endDate: '2030-06-30',
      terms: { deal: { type: 'commission', guestSharePercent: 70 }, housing: 'guest_room' },
      message: 'Hi',
    });
  });

  it('is there for studios only, and not for the artist herself', async () => {
    mockApi({});
    const { unmount } = await renderWithApp(<InviteAction availability={availability} />, {
      namespaces: ['deals'],
      session: { state: 'loggedIn', user: createSessionUser({ id: 41, userType: 'artist' }) },
    });
    expect(screen.queryByRole('button', { name: 'Invite as guest' })).toBeNull();
    unmount();
    await renderWithApp(<InviteAction availability={availability} />, { namespaces: ['deals'] });
    expect(screen.queryByRole('button', { name: 'Invite as guest' })).toBeNull();
  });
});
