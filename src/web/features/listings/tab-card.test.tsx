import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/render';
import { TabCard } from './tab-card';

const entry = {
  id: 7,
  title: 'Summer in Kreuzberg',
  isActive: true,
  startDate: '2026-12-01',
  endDate: '2027-01-15',
  description: null as string | null,
  styles: [
    { id: 1, name: 'Dotwork' },
    { id: 2, name: 'Fine Line' },
  ],
  compensation: '60/40',
  compensationDetails: 'Materials included',
};

describe('profile tab card', () => {
  it('shows period, compensation with details, styles and a details link; no badge while active', async () => {
    await renderWithApp(<TabCard entry={entry} href="/guestspot/summer" />, { namespaces: ['listings', 'listingsEntry'] });
    expect(screen.getByText('12/01/2026 – 01/15/2027')).toBeTruthy();
    expect(screen.getByText('60/40 – Materials included')).toBeTruthy();
    expect(screen.getByText('Dotwork')).toBeTruthy();
    expect(screen.queryByText('Inactive')).toBeNull();
    expect(screen.getByRole('link', { name: 'View details: Summer in Kreuzberg' }).getAttribute('href')).toBe('/guestspot/summer');
  });

  it('marks an inactive entry and cuts the description at 150 characters plus an ellipsis', async () => {
    const long = `${'a'.repeat(149)}b${'c'.repeat(50)}`;
    await renderWithApp(<TabCard entry={{ ...entry, isActive: false, description: long }} href="/x" />, { namespaces: ['listings', 'listingsEntry'] });
    expect(screen.getByText('Inactive')).toBeTruthy();
    expect(screen.getByText(`${'a'.repeat(149)}b…`)).toBeTruthy();
  });

  it('formats dates per interface language and says No date / Date unknown', async () => {
    await renderWithApp(<TabCard entry={{ ...entry, startDate: '2019-05-01', endDate: '2027-01-15' }} href="/x" />, {
      path: '/de/',
      namespaces: ['listings', 'listingsEntry'],
    });
    expect(screen.getByText('Kein Datum – 15.01.2027')).toBeTruthy();
  });

  it('says Date unknown for a value that is not a date string', async () => {
    await renderWithApp(<TabCard entry={{ ...entry, startDate: 42 as unknown as string }} href="/x" />, { namespaces: ['listings', 'listingsEntry'] });
    expect(screen.getByText('Date unknown – 01/15/2027')).toBeTruthy();
  });
});
