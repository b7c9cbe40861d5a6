import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { answerFetch, createAvailability, jsonResponse } from '../../test/factories';
import { renderWithApp } from '../../test/render';
import { KINDS } from './kinds';
import { ListingsTab } from './profile-tab';

function mockList(answer: () => Response | Promise<Response>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      answerFetch({
        '/api/artist-availability?artistId=1&count=true': () => jsonResponse({ count: 2 }),
        '/api/artist-availability?artistId=1': answer,
      }),
    ),
  );
}

const render = (isOwner: boolean) => renderWithApp(<ListingsTab kind={KINDS.availability} userId={1} canAdd={isOwner} />, { namespaces: ['availabilityEntry', 'availability', 'listings', 'listingsEntry'] });

describe('availability tab', () => {
  it('shows two placeholder cards while loading, then the cards with count and Inactive badge', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    mockList(async () => {
      await gate;
      return jsonResponse([createAvailability({ id: 5, title: 'Fine line trip', slug: 'fine-line-trip' }), createAvailability({ id: 6, title: 'Old trip', isActive: false })]);
    });
    const { container } = await render(true);
    expect(await screen.findByRole('status', { name: 'Loading…' })).toBeTruthy();
    expect(container.querySelectorAll('.animate-pulse').length).toBeGreaterThan(0);
    expect(container.querySelector('[role="status"] .grid')?.children.length).toBe(2);
    release();
    expect(await screen.findByRole('heading', { name: 'Availability (2)' })).toBeTruthy();
    // The title slug page is an availability's one address.
    expect(screen.getByRole('link', { name: 'View details: Fine line trip' }).getAttribute('href')).toBe('/tattooartist/fine-line-trip');
    expect(screen.getAllByText('Inactive')).toHaveLength(1);
  });

  it('says when availabilities could not be loaded', async () => {
    mockList(() => jsonResponse({ error: 'boom' }, 500));
    await render(false);
    expect(await screen.findByText('Availabilities could not be loaded.', {}, { timeout: 5000 })).toBeTruthy();
  });

  it("offers the owner's add button in the empty state, and none to visitors", async () => {
    mockList(() => jsonResponse([]));
    const first = await render(true);
    expect(await screen.findByText('You have not added an availability yet.', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add availability' }).getAttribute('href')).toBe('/artist-availability/new');
    first.unmount();
    await render(false);
    expect(await screen.findByText('This artist has no availability right now.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Add availability' })).toBeNull();
  });
});
