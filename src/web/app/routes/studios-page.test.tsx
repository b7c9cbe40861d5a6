import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { StudioListItem } from '../../../common/schemas/artists';
import { answerFetch, createArtistListItem, createCardImage, jsonResponse } from '../../test/factories';
import { renderWithApp } from '../../test/render';
import StudiosPage from './studios-page';

/** A studio card of the list, from the artist card's fields. */
function studioItem(overrides: Partial<StudioListItem> = {}): StudioListItem {
  const { currentAvailability: _none, ...card } = createArtistListItem();
  return { ...card, openGuestSpot: null, ...overrides };
}

describe('studio list', () => {
  it('shows each studio with its works, place and open guest spot, and filters by open guest spots', async () => {
    const items = [
      studioItem({ name: 'Nadelwerk Berlin', username: 'Nadelwerk Berlin', images: [createCardImage()], openGuestSpot: { id: 4, slug: 'sommer', title: 'Sommer', startDate: '2026-07-01', endDate: '2026-07-14' } }),
      studioItem({ name: 'Black Anchor Tattoo', username: 'Black_Anchor' }),
    ];
    const fetch = vi.fn(
      answerFetch({
        '/api/styles': () => jsonResponse([]),
        '/countries-cities-completed.json': () => jsonResponse([]),
        '/api/studios': () => jsonResponse({ items, total: 2, page: 1, pageSize: 12 }),
      }),
    );
    vi.stubGlobal('fetch', fetch);
    const { router } = await renderWithApp(<StudiosPage />, { path: '/de/tattoostudios', namespaces: ['studios', 'listings'] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Tattoostudios' })).toBeTruthy();
    const nadelwerk = await screen.findByRole('link', { name: /Nadelwerk Berlin/ }, { timeout: 5000 });
    expect(nadelwerk.getAttribute('href')).toBe('/de/Nadelwerk-Berlin');
    expect(nadelwerk.textContent).toContain('Gastplatz 01.07.2026 – 14.07.2026');
    expect(screen.getByRole('link', { name: /Black Anchor Tattoo/ }).textContent).not.toContain('Gastplatz');
    expect(screen.getByText('2 Studios')).toBeTruthy();

    fireEvent.click(screen.getAllByLabelText('Mit offenen Gastplätzen')[0] as HTMLElement);
    await waitFor(() => expect(router.state.location.search).toBe('?available=true'));
    await waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/studios?openGuestSpots=true&page=1', expect.anything()));
  });
});
