import type { QueryClient } from '@tanstack/react-query';
import type { Review, ReviewCheck, ReviewList, ReviewStats } from '../../../../common/schemas/reviews';
import { api } from '../../../lib/api';
import type { ReviewPages } from './get-reviews';
import { reviewKeys } from './keys';

/** The mean to one decimal, as the server rounds it (half up). */
function roundedMean(sum: number, count: number): number {
  return count > 0 ? Math.round((sum / count) * 10 + 1e-9) / 10 : 0;
}

/**
 * The list after a save: the edited entry replaced where it stands, a new one put first (the
 * list is newest first); the count grows only on creation and the average is recomputed to
 * one decimal from the kept average (the server's exact value follows from the stats call).
 */
export function withSavedReview(pages: ReviewPages, review: Review, created: boolean, previousRating: number | null): ReviewPages {
  const first = pages.pages[0];
  if (!first) return pages;
  const sum = first.averageRating * first.totalReviews;
  const total = created ? first.totalReviews + 1 : first.totalReviews;
  const cached = pages.pages.flatMap((p) => p.reviews).find((r) => r.id === review.id);
  const before = previousRating ?? cached?.rating ?? review.rating;
  const newSum = created ? sum + review.rating : sum - before + review.rating;
  const summary = { totalReviews: total, averageRating: roundedMean(newSum, total) };
  const found = pages.pages.some((p) => p.reviews.some((r) => r.id === review.id));
  return {
    ...pages,
    pages: pages.pages.map((page, index): ReviewList => ({
      ...page,
      ...summary,
      reviews: found
        ? page.reviews.map((r) => (r.id === review.id ? review : r))
        : index === 0
          ? [review, ...page.reviews]
          : page.reviews,
    })),
  };
}

/** The list after a deletion: the entry gone, one fewer, the average recomputed. */
export function withoutReview(pages: ReviewPages, review: Review): ReviewPages {
  const first = pages.pages[0];
  if (!first) return pages;
  const total = Math.max(0, first.totalReviews - 1);
  const summary = { totalReviews: total, averageRating: roundedMean(first.averageRating * first.totalReviews - review.rating, total) };
  return { ...pages, pages: pages.pages.map((page) => ({ ...page, ...summary, reviews: page.reviews.filter((r) => r.id !== review.id) })) };
}

/** Puts the server's exact total and average into every cached page. */
export function withStats(pages: ReviewPages, stats: Pick<ReviewStats, 'totalReviews' | 'averageRating'>): ReviewPages {
  return { ...pages, pages: pages.pages.map((page) => ({ ...page, totalReviews: stats.totalReviews, averageRating: stats.averageRating })) };
}

/**
 * After a save or deletion: the exact stats from the server into the list, and the places that
 * show ratings elsewhere (profiles, featured cards, the artist list, the dashboard tile) refetched.
 */
export async function refreshAfterChange(client: QueryClient, userId: number): Promise<void> {
  await Promise.all(
    [['profile'], ['featured'], ['artists'], reviewKeys.tile(userId)].map((queryKey) => client.invalidateQueries({ queryKey })),
  );
  try {
    const stats = await api.get<ReviewStats>(`/api/reviews/stats/${userId}`);
    client.setQueryData<ReviewPages>(reviewKeys.list(userId), (pages) => (pages ? withStats(pages, stats) : pages));
  } catch {
    // The locally recomputed average stays; the next visit reads the exact one.
  }
}

/** The check answer after a save or deletion by the viewer. */
export function checkAfter(check: ReviewCheck | undefined, review: Review | null): ReviewCheck | undefined {
  return check ? { ...check, hasReviewed: review !== null, review } : check;
}
