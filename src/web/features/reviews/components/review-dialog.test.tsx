import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Review } from '../../../../common/schemas/reviews';
import { createSessionUser, jsonResponse } from '../../../test/factories';
import { renderWithApp } from '../../../test/render';
import { ReviewDialog } from './review-dialog';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const studio = createSessionUser({ id: 7, userType: 'studio', name: 'Nadelwerk Berlin', username: 'Nadelwerk Berlin' });

function review(overrides: Partial<Review> = {}): Review {
  return {
    id: 90,
    reviewerId: 7,
    reviewedId: 41,
    rating: 4,
    comment: 'Clean work.',
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    reviewer: { id: 7, name: 'Nadelwerk Berlin', username: 'Nadelwerk Berlin', avatar: null, userType: 'studio' },
    verifiedStay: null,
    can: { edit: true, delete: true },
    ...overrides,
  };
}

async function open(existing: Review | null = null, path = '/Lena-Ink') {
  const onOpenChange = vi.fn();
  const view = await renderWithApp(
    <ReviewDialog open onOpenChange={onOpenChange} reviewerId={7} reviewed={{ id: 41, name: 'Lena Hoffmann' }} existing={existing} />,
    { path, namespaces: ['reviews', 'errors'], session: { state: 'loggedIn', user: studio } },
  );
  return { ...view, onOpenChange };
}

afterEach(() => {
  vi.unstubAllGlobals();
  toast.success.mockReset();
  toast.error.mockReset();
});

describe('review dialog', () => {
  it('offers five labelled stars as a radio group the arrow keys operate, and saves only with a rating', async () => {
    const fetch = vi.fn(async () => jsonResponse({ success: true, review: review({ rating: 2, comment: null }) }, 201));
    vi.stubGlobal('fetch', fetch);
    const { onOpenChange } = await open();

    const group = await screen.findByRole('radiogroup', { name: 'Your rating' });
    const stars = screen.getAllByRole('radio');
    expect(stars.map((s) => s.getAttribute('aria-label'))).toEqual([
      '1 star: Very Poor', '2 stars: Poor', '3 stars: Average', '4 stars: Good', '5 stars: Excellent',
    ]);
    expect(group).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Save review' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    expect(screen.getByText('Please select a rating (1-5 stars)')).toBeTruthy();
    // Only one tab stop, the first star while none is chosen.
    expect(stars.map((s) => s.tabIndex)).toEqual([0, -1, -1, -1, -1]);

    stars[0]?.focus();
    fireEvent.keyDown(stars[0] as HTMLElement, { key: 'ArrowRight' });
    expect(stars[1]?.getAttribute('aria-checked')).toBe('true');
    expect(document.activeElement).toBe(stars[1]);
    fireEvent.keyDown(stars[1] as HTMLElement, { key: 'End' });
    expect(stars[4]?.getAttribute('aria-checked')).toBe('true');
    fireEvent.keyDown(stars[4] as HTMLElement, { key: 'ArrowLeft' });
    fireEvent.keyDown(stars[3] as HTMLElement, { key: 'ArrowDown' });
    fireEvent.keyDown(stars[2] as HTMLElement, { key: 'ArrowLeft' });
    expect(stars.map((s) => s.getAttribute('aria-checked'))).toEqual(['false', 'true', 'false', 'false', 'false']);
    expect(stars.map((s) => s.tabIndex)).toEqual([-1, 0, -1, -1, -1]);
    expect(screen.getByText('Poor')).toBeTruthy();
    expect(save.disabled).toBe(false);

    fireEvent.click(save);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Review successfully saved!'));
    expect(fetch).toHaveBeenCalledWith(
      '/api/reviews/simple',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ reviewerId: 7, reviewedId: 41, rating: 2, comment: '' }) }),
    );
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('is disabled while saving, so a review cannot be sent twice', async () => {
    let answer: (r: Response) => void = () => {};
    const fetch = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetch);
    await open();
    fireEvent.click(await screen.findByRole('radio', { name: '4 stars: Good' }));
    const save = screen.getByRole('button', { name: 'Save review' }) as HTMLButtonElement;
    fireEvent.click(save);
    await waitFor(() => expect(save.disabled).toBe(true));
    expect((screen.getByRole('radio', { name: '5 stars: Excellent' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(save);
    expect(fetch).toHaveBeenCalledTimes(1);
    answer(jsonResponse({ success: true, review: review() }, 201));
    await waitFor(() => expect(toast.success).toHaveBeenCalled());
  });

  it('opens in edit mode with the prior rating and comment, and shows the server’s message on failure', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse({ success: false, error: 'You can’t review this user.', code: 'reviewBlocked' }, 403)));
    const { onOpenChange } = await open(review({ rating: 4, comment: 'Clean work.\nWould host again.' }));
    expect(await screen.findByRole('heading', { name: 'Edit your review of Lena Hoffmann' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: '4 stars: Good' }).getAttribute('aria-checked')).toBe('true');
    expect((screen.getByRole('textbox', { name: /Your experience/ }) as HTMLTextAreaElement).value).toBe('Clean work.\nWould host again.');
    fireEvent.click(screen.getByRole('button', { name: 'Save review' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('You can’t review this user.'));
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
  });

  it('falls back to the generic failure text when no answer came', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await open(review());
    fireEvent.click(await screen.findByRole('button', { name: 'Save review' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Error saving the review. Please try again later.'));
  });
});
