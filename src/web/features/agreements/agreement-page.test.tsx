import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Agreement, AgreementText } from '../../../common/schemas/agreements';
import { emitLiveSignal } from '../../lib/live-events';
import { createSessionUser, jsonResponse } from '../../test/factories';
import { mockApi } from '../../test/mock-api';
import { renderPageAt } from '../../test/route-page';
import AgreementPage from './agreement-page';

const artist = createSessionUser({ id: 41, userType: 'artist', name: 'Lena Hoffmann', username: 'lena-ink' });
const studio = createSessionUser({ id: 31, userType: 'studio', name: 'Nadelwerk Berlin', username: 'nadelwerk' });
const stranger = createSessionUser({ id: 77, userType: 'artist', name: 'Jo Other', username: 'jo' });

const text = (language: AgreementText['language'], title: string, split: string): AgreementText => ({
  language,
  title,
  parties: `${artist.name} · ${studio.name}`,
  sections: [
    { heading: language === 'de' ? 'Tage und Ort' : 'Datas e local', lines: [language === 'de' ? 'Vom 3. Mai 2027 bis 10. Mai 2027 (8 Tage).' : 'De 3 de maio de 2027 a 10 de maio de 2027 (8 dias).'] },
    { heading: language === 'de' ? 'Die Abmachung' : 'O acordo', lines: [split] },
  ],
  notice: language === 'de' ? 'Sie ist keine Rechtsberatung.' : 'Não é aconselhamento jurídico.',
});

function createAgreement(overrides: Partial<Agreement> = {}): Agreement {
  return {
    stayId: 9,
    status: 'confirmed',
    artist: { id: artist.id, name: artist.name, username: artist.username, avatar: null, userType: 'artist' },
    studio: { id: studio.id, name: studio.name, username: studio.username, avatar: null, userType: 'studio' },
    startDate: '2027-05-03',
    endDate: '2027-05-10',
    city: 'Berlin',
    terms: { deal: { type: 'commission', guestSharePercent: 70 } },
    cancellationNoticeDays: 14,
    languages: { artist: 'de', studio: 'pt' },
    texts: [text('de', 'Gastplatz-Vereinbarung', 'Der Gastkünstler behält 70 %.'), text('pt', 'Acordo de guest spot', 'O tatuador convidado fica com 70 %.')],
    acceptances: [],
    agreed: false,
    termsVersion: '0123456789abcdef',
    ...overrides,
  };
}

const accepted = (side: 'artist' | 'studio') => ({ userId: side === 'artist' ? artist.id : studio.id, side, acceptedAt: '2026-11-27T10:00:00.000Z' });

const open = (user = artist, path = '/stays/9/agreement') =>
  renderPageAt('/stays/:id/agreement', <AgreementPage />, { path, namespaces: ['agreements', 'errors'], session: { state: 'loggedIn', user } });

afterEach(() => vi.unstubAllGlobals());

describe('stay agreement page', () => {
  it('shows the agreement in both languages as documents, each side’s state and the PDF link', async () => {
    const calls = mockApi({ 'GET /api/stays/9/agreement': () => jsonResponse(createAgreement({ acceptances: [accepted('studio')] })) });
    await open();
    const german = await screen.findByRole('article', { name: 'Gastplatz-Vereinbarung' });
    expect(german.getAttribute('lang')).toBe('de');
    expect(within(german).getByText('Der Gastkünstler behält 70 %.')).toBeTruthy();
    expect(within(german).getByText('Vom 3. Mai 2027 bis 10. Mai 2027 (8 Tage).')).toBeTruthy();
    const portuguese = screen.getByRole('article', { name: 'Acordo de guest spot' });
    expect(within(portuguese).getByText('In Portuguese')).toBeTruthy();
    expect(within(portuguese).getByText('Não é aconselhamento jurídico.')).toBeTruthy();
    expect(calls[0]?.url).toBe('/api/stays/9/agreement');

    const acceptance = screen.getByRole('region', { name: 'Acceptance' });
    expect(within(acceptance).getByText('Guest artist: Lena Hoffmann (you)')).toBeTruthy();
    expect(within(acceptance).getByText('Not yet accepted')).toBeTruthy();
    expect(within(acceptance).getByText('Studio: Nadelwerk Berlin')).toBeTruthy();
    expect(within(acceptance).getByText(/^Accepted on /)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download PDF' }).getAttribute('href')).toBe('/api/stays/9/agreement.pdf');
  });

  it('accepts with the version read, and the button gives way to the agreed state', async () => {
    const calls = mockApi({
      'GET /api/stays/9/agreement': () => jsonResponse(createAgreement({ acceptances: [accepted('studio')] })),
      'POST /api/stays/9/agreement/accept': () => jsonResponse(createAgreement({ acceptances: [accepted('studio'), accepted('artist')], agreed: true })),
    });
    await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Accept agreement' }));
    expect(await screen.findByText('Both sides accepted this agreement.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept agreement' })).toBeNull();
    expect(screen.queryByText('Not yet accepted')).toBeNull();
    expect(calls.find((c) => c.method === 'POST')).toEqual({ method: 'POST', url: '/api/stays/9/agreement/accept', body: { termsVersion: '0123456789abcdef' } });
  });

  it('shows a refusal in place and fetches the new version when the terms changed', async () => {
    let version = '0123456789abcdef';
    const calls = mockApi({
      'GET /api/stays/9/agreement': () => jsonResponse(createAgreement({ termsVersion: version })),
      'POST /api/stays/9/agreement/accept': () => {
        version = 'fedcba9876543210';
        return jsonResponse({ error: 'The terms changed since you opened the agreement.', code: 'agreementChanged' }, 409);
      },
    });
    await open(studio);
    fireEvent.click(await screen.findByRole('button', { name: 'Accept agreement' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The terms changed since you opened the agreement.');
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET')).toHaveLength(2));
  });

  it('offers no button on a cancelled stay, and follows the other side live', async () => {
    let agreement = createAgreement({ status: 'cancelled' });
    mockApi({ 'GET /api/stays/9/agreement': () => jsonResponse(agreement) });
    await open();
    expect(await screen.findByText('This stay was cancelled. Its agreement can no longer be accepted.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept agreement' })).toBeNull();

    agreement = createAgreement({ status: 'cancelled', acceptances: [accepted('studio')] });
    emitLiveSignal({ type: 'deal.changed', requestId: null, stayId: 9, status: 'cancelled' });
    expect(await screen.findByText(/^Accepted on /)).toBeTruthy();
  });

  it('lets an admin read it without a button', async () => {
    mockApi({ 'GET /api/stays/9/agreement': () => jsonResponse(createAgreement()) });
    await open(createSessionUser({ id: 5, role: 'admin', name: 'Admin', username: 'admin' }));
    expect(await screen.findByRole('article', { name: 'Gastplatz-Vereinbarung' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept agreement' })).toBeNull();
    expect(screen.queryByText(/\(you\)/)).toBeNull();
  });

  it('shows the not-found page to someone who is not a party', async () => {
    mockApi({ 'GET /api/stays/9/agreement': () => jsonResponse({ error: 'This stay does not exist.' }, 404) });
    await open(stranger);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });

  it('speaks German, naming only the other language’s version', async () => {
    mockApi({ 'GET /api/stays/9/agreement': () => jsonResponse(createAgreement()) });
    await open(artist, '/de/stays/9/agreement');
    expect(await screen.findByRole('heading', { level: 1, name: 'Vereinbarung zum Aufenthalt' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Vereinbarung annehmen' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'PDF herunterladen' })).toBeTruthy();
    // The viewer's own language needs no "In German" label; the other does.
    expect(screen.queryByText('Auf Deutsch')).toBeNull();
    expect(screen.getByText('Auf Portugiesisch')).toBeTruthy();
  });
});
