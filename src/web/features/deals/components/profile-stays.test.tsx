import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/factories';
import { mockApi } from '../../../test/mock-api';
import { renderWithApp } from '../../../test/render';
import { createStay } from '../test-data';
import { ProfileStays } from './profile-stays';

afterEach(() => vi.unstubAllGlobals());

describe('profile stays', () => {
  it("shows an artist's stays as guest, in German", async () => {
    const calls = mockApi({ 'GET /api/users/41/stays': () => jsonResponse({ stays: [createStay()] }) });
    await renderWithApp(<ProfileStays userId={41} userType="artist" username="lena-ink" />, { path: '/de/lena-ink', namespaces: ['deals'] });
    const section = await screen.findByRole('region', { name: 'Gastaufenthalte' });
    expect(section.querySelector('li')?.textContent).toBe('Gast bei Nadelwerk Berlin, Berlin, 3.–10. Mai 2030');
    expect(within(section).getByRole('link', { name: 'Nadelwerk Berlin' }).getAttribute('href')).toBe('/de/Nadelwerk-Berlin');
    expect(calls.map((c) => c.url)).toEqual(['/api/users/41/stays']);
    expect(within(section).getByRole('link', { name: 'Tourdaten und Kalender' }).getAttribute('href')).toBe('/de/lena-ink/tour');
  });

  it("links an artist's tour even before her first stay", async () => {
    mockApi({ 'GET /api/users/42/stays': () => jsonResponse({ stays: [] }) });
    await renderWithApp(<ProfileStays userId={42} userType="artist" username="mia-ink" />, { namespaces: ['deals'] });
    expect((await screen.findByRole('link', { name: 'Tour dates and calendar' })).getAttribute('href')).toBe('/mia-ink/tour');
  });

  it("shows a studio's guests, and nothing without any", async () => {
    mockApi({ 'GET /api/users/31/stays': () => jsonResponse({ stays: [createStay()] }), 'GET /api/users/32/stays': () => jsonResponse({ stays: [] }) });
    const { unmount } = await renderWithApp(<ProfileStays userId={31} userType="studio" username="Nadelwerk Berlin" />, { namespaces: ['deals'] });
    const section = await screen.findByRole('region', { name: 'Guests' });
    expect(within(section).getByRole('link', { name: 'Lena Hoffmann' })).toBeTruthy();
    unmount();
    const { container } = await renderWithApp(<ProfileStays userId={32} userType="studio" username="Anker" />, { namespaces: ['deals'] });
    await screen.findByRole('status');
    await vi.waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(container.textContent).toBe('');
  });
});
