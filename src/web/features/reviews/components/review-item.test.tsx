import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Review } from '../../../../common/schemas/reviews';
import { renderWithApp } from '../../../test/render';
import { ReviewItem } from './review-item';

const review = (overrides: Partial<Review> = {}): Review => ({
  id: 1, reviewerId: 7, reviewedId: 41, rating: 5, comment: 'Great stay.', createdAt: '2030-05-20T10:00:00Z', updatedAt: '2030-05-20T10:00:00Z',
  reviewer: { id: 7, name: 'Nadelwerk Berlin', username: 'Nadelwerk Berlin', avatar: null, userType: 'studio' }, verifiedStay: null, ...overrides,
});

describe('review item', () => {
  it('marks a review after a completed stay with its month, in the page language', async () => {
    const { unmount } = await renderWithApp(<ReviewItem review={review({ verifiedStay: { month: '2026-05' } })} />, { namespaces: ['reviews'] });
    expect(screen.getByText('Verified stay · May 2026')).toBeTruthy();
    unmount();
    await renderWithApp(<ReviewItem review={review({ verifiedStay: { month: '2026-05' } })} />, { path: '/de/x', namespaces: ['reviews'] });
    expect(screen.getByText('Verifizierter Aufenthalt · Mai 2026')).toBeTruthy();
  });

  it('carries no mark without a stay', async () => {
    await renderWithApp(<ReviewItem review={review()} />, { namespaces: ['reviews'] });
    expect(screen.queryByText(/Verified stay/)).toBeNull();
  });
});
