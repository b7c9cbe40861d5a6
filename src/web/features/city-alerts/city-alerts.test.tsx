import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CityAlertList } from '../../../common/schemas/city-alerts';
import type { LocationCity } from '../../../common/schemas/locations';
import { jsonResponse } from '../../test/factories';
import { mockApi } from '../../test/mock-api';
import { renderWithApp } from '../../test/render';
import { renderPageAt } from '../../test/route-page';
import { CityAlertForm } from './city-alert-dialog';
import CityAlertConfirmPage from './confirm-page';
import CityAlertsManagePage from './manage-page';

const LEIPZIG: LocationCity = { cityId: 12, name: 'Leipzig', countryCode: 'DE', countryName: 'Deutschland', lat: 51.34, lng: 12.37 };
const SLOW = { timeout: 5000 };
const ARTIST = { id: 5, name: 'Lena Ink' };

afterEach(() => vi.unstubAllGlobals());

describe('the city alert form', () => {
  it('checks the address and city first, then sends the alert in the page language and says to confirm', async () => {
    const calls = mockApi({
      'GET /api/locations/search': () => jsonResponse({ results: [LEIPZIG] }),
      'POST /api/city-alerts': () => jsonResponse({}, 202),
    });
    await renderWithApp(<CityAlertForm artist={ARTIST} onDone={() => undefined} />, { path: '/de/Lena-Ink', namespaces: ['cityAlerts', 'errors', 'locations'] });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Per E-Mail Bescheid geben' }));
    expect(screen.getByText('Bitte gib eine gültige E-Mail-Adresse ein.')).toBeTruthy();
    expect(screen.getByText('Bitte wähle eine Stadt aus der Liste.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await user.type(screen.getByLabelText('Deine E-Mail-Adresse'), ' fan@example.test ');
    await user.type(screen.getByRole('combobox', { name: /Deine Stadt/ }), 'leip');
    await user.click(await screen.findByRole('option', { name: /Leipzig/ }, SLOW));
    expect((screen.getByLabelText('Sprache der E-Mails') as HTMLSelectElement).value).toBe('de');
    await user.selectOptions(screen.getByLabelText('Entfernung'), 'im Umkreis von 100 km');
    await user.click(screen.getByRole('button', { name: 'Per E-Mail Bescheid geben' }));
    expect(await screen.findByText('Fast geschafft')).toBeTruthy();
    expect(screen.getByText(/fan@example\.test/)).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ artistId: 5, email: 'fan@example.test', cityId: 12, radiusKm: 100, language: 'de' });
  });

  it('shows the server’s refusal, such as too many requests', async () => {
    mockApi({
      'GET /api/locations/search': () => jsonResponse({ results: [LEIPZIG] }),
      'POST /api/city-alerts': () => jsonResponse({ error: 'Too many attempts. Please wait 60 seconds and try again.', code: 'rateLimited' }, 429),
    });
    await renderWithApp(<CityAlertForm artist={ARTIST} onDone={() => undefined} />, { namespaces: ['cityAlerts', 'errors', 'locations'] });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Your email address'), 'fan@example.test');
    await user.type(screen.getByRole('combobox', { name: /Your city/ }), 'leip');
    await user.click(await screen.findByRole('option', { name: /Leipzig/ }, SLOW));
    await user.click(screen.getByRole('button', { name: 'Tell me by email' }));
    expect(await screen.findByText('Too many attempts. Please wait 60 seconds and try again.')).toBeTruthy();
  });
});

const LIST: CityAlertList = {
  alerts: [
    { id: 2, artist: { id: 5, name: 'Lena Ink', username: 'Lena Ink' }, city: { id: 12, name: 'Leipzig', countryName: 'Deutschland' }, radiusKm: 50, language: 'de', confirmed: true, createdAt: '2030-01-02T10:00:00Z' },
    { id: 3, artist: { id: 6, name: 'Mara', username: 'mara' }, city: { id: 13, name: 'Halle', countryName: 'Deutschland' }, radiusKm: 25, language: 'de', confirmed: false, createdAt: '2030-01-01T10:00:00Z' },
  ],
};

describe('the manage page', () => {
  it('lists the address’s alerts, deletes one, then everything', async () => {
    const calls = mockApi({
      'GET /api/city-alerts/manage/tok': () => jsonResponse(LIST),
      'DELETE /api/city-alerts/manage/tok': () => jsonResponse({ deleted: 1 }),
    });
    await renderPageAt('/alerts/:token', <CityAlertsManagePage />, { path: '/de/alerts/tok', namespaces: ['cityAlerts'] });
    const list = await screen.findByRole('list', { name: 'Deine Benachrichtigungen' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      expect.stringContaining('bei Leipzig, Deutschland · im Umkreis von 50 km'),
      expect.stringContaining('Noch nicht bestätigt'),
    ]);
    expect(within(list).getByRole('link', { name: 'Lena Ink' }).getAttribute('href')).toBe('/de/Lena-Ink');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Benachrichtigung für Mara bei Halle löschen' }));
    expect(await screen.findByRole('listitem')).toBeTruthy();
    expect(screen.queryByText(/Halle/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Alles löschen' }));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    await user.click(within(dialog).getByRole('button', { name: 'Alles löschen' }));
    expect(await screen.findByText('Keine Benachrichtigungen')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/city-alerts/manage/tok/3', '/api/city-alerts/manage/tok']);
  });

  it('says a wrong or used-up link has no alerts', async () => {
    mockApi({ 'GET /api/city-alerts/manage/': () => jsonResponse({ error: 'This link is not valid (any more).', code: 'cityAlertLinkInvalid' }, 404) });
    await renderPageAt('/alerts/:token', <CityAlertsManagePage />, { path: '/alerts/wrong', namespaces: ['cityAlerts'] });
    expect(await screen.findByText('No alerts')).toBeTruthy();
  });
});

describe('the confirm page', () => {
  it('confirms on the button only, then names what was confirmed', async () => {
    const calls = mockApi({
      'GET /api/city-alerts/confirm': () => jsonResponse({ artist: { name: 'Lena Ink', username: 'Lena Ink' }, city: 'Leipzig', radiusKm: 50, manageToken: 'tok' }),
    });
    await renderPageAt('/alerts/confirm/:token', <CityAlertConfirmPage />, { path: '/alerts/confirm/1.abc', namespaces: ['cityAlerts'] });
    const button = await screen.findByRole('button', { name: 'Confirm' });
    expect(calls).toEqual([]);
    await userEvent.setup().click(button);
    expect(await screen.findByText('We will email you when Lena Ink comes within 50 km of Leipzig.')).toBeTruthy();
    expect(calls.map((c) => c.url)).toEqual(['/api/city-alerts/confirm?token=1.abc']);
    expect(screen.getByRole('link', { name: 'See and delete all your alerts' }).getAttribute('href')).toBe('/alerts/tok');
  });
});
