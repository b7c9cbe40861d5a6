import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSessionUser, jsonResponse } from '../../test/factories';
import { mockApi } from '../../test/mock-api';
import { renderWithApp } from '../../test/render';
import { emitLiveSignal } from '../../lib/live-events';
import RequestsPage from './requests-page';
import { artistDetails, createDealRequest, createStay } from './test-data';

const studio = createSessionUser({ id: 31, userType: 'studio', name: 'Nadelwerk Berlin', username: 'Nadelwerk Berlin' });
const artist = createSessionUser({ id: 41, userType: 'artist', name: 'Lena Hoffmann', username: 'lena-ink' });
const noStays = () => jsonResponse({ stays: [], nextCursor: null });

async function open(user = studio, path = '/dashboard/requests') {
  return renderWithApp(<RequestsPage />, { path, namespaces: ['deals', 'profiles', 'errors'], session: { state: 'loggedIn', user } });
}

afterEach(() => vi.unstubAllGlobals());

describe('requests page', () => {
  it('shows a received application with the artist at a glance, and Accept turns it accepted', async () => {
    const application = createDealRequest({ artistDetails });
    const calls = mockApi({
      'GET /api/applications': () => jsonResponse({ applications: [application], nextCursor: null }),
      'GET /api/stays': noStays,
      'POST /api/applications/': () =>
        jsonResponse({ success: true, stay: createStay({ id: 9 }) }),
    });
    await open();

    const card = (await screen.findByRole('link', { name: 'Lena Hoffmann' })).closest('li') as HTMLElement;
    expect(within(card).getByText('Pending')).toBeTruthy();
    expect(within(card).getByRole('list', { name: 'Latest works of Lena Hoffmann' }).querySelectorAll('li')).toHaveLength(3);
    expect(within(card).getByText('4.5 of 5 stars (12 reviews)')).toBeTruthy();
    expect(within(card).getByText('Speaks English and German')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Winter in Kreuzberg' }).getAttribute('href')).toBe('/guestspot/winter-in-kreuzberg');
    expect(calls[0]?.url).toBe('/api/applications?role=received');

    fireEvent.click(within(card).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(within(card).getByText('Accepted')).toBeTruthy());
    expect(within(card).queryByRole('button', { name: 'Accept' })).toBeNull();
    expect(calls.some((c) => c.method === 'POST' && c.url === `/api/applications/${application.id}/accept`)).toBe(true);
  });

  it('keeps the decision when a list fetch that began before it answers afterwards', async () => {
    const application = createDealRequest();
    let release: () => void = () => {};
    let lists = 0;
    mockApi({
      'GET /api/applications': async () => {
        lists += 1;
        // The second read (a live signal's) is held until the decision has been answered.
        if (lists === 2) await new Promise<void>((resolve) => (release = resolve));
        return jsonResponse({ applications: [application], nextCursor: null });
      },
      'GET /api/stays': noStays,
      'POST /api/applications/': () =>
        jsonResponse({ success: true, stay: createStay({ id: 9 }) }),
    });
    await open();
    const card = (await screen.findByRole('link', { name: 'Lena Hoffmann' })).closest('li') as HTMLElement;
    emitLiveSignal({ type: 'live.gap' });
    await waitFor(() => expect(lists).toBe(2));
    fireEvent.click(within(card).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(within(card).getByText('Accepted')).toBeTruthy());
    release();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(card).getByText('Accepted')).toBeTruthy();
    expect(within(card).queryByText('Pending')).toBeNull();
  });

  it('shows a refusal of the server on the card, in place', async () => {
    const application = createDealRequest();
    mockApi({
      'GET /api/applications': () => jsonResponse({ applications: [application], nextCursor: null }),
      'GET /api/stays': noStays,
      'POST /api/applications/': () => jsonResponse({ error: 'These days overlap a confirmed stay of the artist.' }, 409),
    });
    await open();
    const card = (await screen.findByRole('link', { name: 'Lena Hoffmann' })).closest('li') as HTMLElement;
    fireEvent.click(within(card).getByRole('button', { name: 'Accept' }));
    expect((await within(card).findByRole('alert')).textContent).toContain('These days overlap a confirmed stay of the artist.');
    expect(within(card).getByText('Pending')).toBeTruthy();
  });

  it('lets the artist withdraw a sent application, filtered by status, and loads more by cursor', async () => {
    const first = createDealRequest();
    const second = createDealRequest({ guestSpot: { id: 8, slug: 'spring', title: 'Spring in Leipzig' } });
    const calls = mockApi({
      'GET /api/applications': (url) =>
        url.includes('cursor=next')
          ? jsonResponse({ applications: [second], nextCursor: null })
          : jsonResponse({ applications: [first], nextCursor: 'next' }),
      'GET /api/stays': noStays,
      'POST /api/applications/': () => jsonResponse({ success: true }),
    });
    await open(artist, '/dashboard/requests?tab=sent&status=pending');

    expect((await screen.findByRole('tab', { name: 'Sent' })).getAttribute('aria-selected')).toBe('true');
    expect((screen.getByRole('combobox', { name: 'Status' }) as HTMLSelectElement).value).toBe('pending');
    const card = (await screen.findByRole('link', { name: 'Winter in Kreuzberg' })).closest('li') as HTMLElement;
    expect(within(card).getByRole('link', { name: 'Nadelwerk Berlin' })).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Accept' })).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(within(card).getByText('Withdrawn')).toBeTruthy());
    expect(calls.find((c) => c.method === 'POST')?.url).toBe(`/api/applications/${first.id}/withdraw`);

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'Spring in Leipzig' })).toBeTruthy();
    expect(calls.filter((c) => c.url.startsWith('/api/applications?')).map((c) => c.url)).toEqual([
      '/api/applications?role=sent&status=pending',
      '/api/applications?role=sent&status=pending&cursor=next',
    ]);
  });

  it('declines with a reason asked in a dialog', async () => {
    const application = createDealRequest();
    const calls = mockApi({
      'GET /api/applications': () => jsonResponse({ applications: [application], nextCursor: null }),
      'GET /api/stays': noStays,
      'POST /api/applications/': () => jsonResponse({ success: true }),
    });
    await open();
    const card = (await screen.findByRole('link', { name: 'Lena Hoffmann' })).closest('li') as HTMLElement;
    fireEvent.click(within(card).getByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline the request' });
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Fully booked' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(within(card).getByText('Declined')).toBeTruthy());
    expect(within(card).getByText('Reason: Fully booked')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({ url: `/api/applications/${application.id}/decline`, body: { reason: 'Fully booked' } });
  });

  it('lists the stays by section, cancels one with a required reason, and refetches on the live event', async () => {
    const stay = createStay();
    let stayAnswers = 0;
    const calls = mockApi({
      'GET /api/applications': () => jsonResponse({ applications: [], nextCursor: null }),
      'GET /api/stays': () => {
        stayAnswers++;
        return jsonResponse({ stays: [stay], nextCursor: null });
      },
      'POST /api/stays/': () => jsonResponse({ ...stay, status: 'cancelled', cancelReason: 'Ill' }),
    });
    await open(artist);
    expect(await screen.findByText('No requests received with this status.')).toBeTruthy();
    const card = (await screen.findByRole('link', { name: 'Nadelwerk Berlin' })).closest('li') as HTMLElement;
    expect(within(card).getByText('Guest at')).toBeTruthy();
    expect(within(card).getByText(/May 3 – 10, 2030/)).toBeTruthy();

    fireEvent.click(within(card).getByRole('button', { name: 'Cancel stay' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this stay' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel stay' }));
    expect(await within(dialog).findByText('Please say why you cancel.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Ill' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel stay' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')).toMatchObject({ url: `/api/stays/${stay.id}/cancel`, body: { reason: 'Ill' } }));

    const before = stayAnswers;
    emitLiveSignal({ type: 'deal.changed', requestId: null, stayId: stay.id, status: 'cancelled' });
    await waitFor(() => expect(stayAnswers).toBeGreaterThan(before));
  });
});
