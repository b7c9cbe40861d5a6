import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { answerFetch, createGuestSpotListItem, jsonResponse } from '../../test/factories';
import { renderWithApp } from '../../test/render';
import { GuestSpotListPage } from './list-page';

/** A list longer than the server counts (docs/decisions/031) answers a lower bound with `totalCapped`. */
function mockList(answer: Record<string, unknown>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      answerFetch({
        '/api/styles': () => jsonResponse([]),
        '/countries-cities-completed.json': () => jsonResponse([]),
        '/api/guest-spots': () => jsonResponse({ items: [createGuestSpotListItem({ title: 'Summer in Kreuzberg', slug: 'summer-in-kreuzberg' })], page: 1, pageSize: 12, ...answer }),
      }),
    ),
  );
}

describe('guest spot list: a counted total', () => {
  it('shows a capped total as "1,000+" and pages on past it', async () => {
    mockList({ total: 1000, totalCapped: true });
    await renderWithApp(<GuestSpotListPage />, { path: '/guestspots', namespaces: ['guestSpots', 'listings'] });
    await screen.findByRole('link', { name: /Summer in Kreuzberg/ }, { timeout: 5000 });
    expect(screen.getByText('1,000+ results')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Next/ }).getAttribute('href')).toBe('/guestspots/page/2');
  });

  it('shows an exact total as the count of the kind', async () => {
    mockList({ total: 1000 });
    await renderWithApp(<GuestSpotListPage />, { path: '/guestspots', namespaces: ['guestSpots', 'listings'] });
    await screen.findByRole('link', { name: /Summer in Kreuzberg/ }, { timeout: 5000 });
    expect(screen.getByText('1000 guest spots')).toBeTruthy();
  });
});
