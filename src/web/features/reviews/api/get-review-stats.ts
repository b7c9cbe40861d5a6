import { useQuery } from '@tanstack/react-query';
import type { ReviewList, ReviewStats } from '../../../../common/schemas/reviews';
import { api } from '../../../lib/api';
import { reviewKeys } from './keys';

/**
 * The dashboard's review numbers: from the review list (GET /api/reviews/user/{id}), else from
 * GET /api/reviews/stats/{id} when the list call fails. A cancelled call is no failure.
 */
export function useReviewStats(userId: number) {
  return useQuery({
    queryKey: reviewKeys.tile(userId),
    queryFn: async ({ signal }) => {
      try {
        const list = await api.get<ReviewList>(`/api/reviews/user/${userId}`, { signal });
        return { reviewsCount: list.totalReviews, averageRating: list.averageRating };
      } catch (err) {
        if (signal.aborted) throw err;
        const stats = await api.get<ReviewStats>(`/api/reviews/stats/${userId}`, { signal });
        return { reviewsCount: stats.totalReviews, averageRating: stats.averageRating };
      }
    },
  });
}
