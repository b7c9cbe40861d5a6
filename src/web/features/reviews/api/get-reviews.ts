import { useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import type { ReviewList } from '../../../../common/schemas/reviews';
import { api } from '../../../lib/api';
import { reviewKeys } from './keys';

export type ReviewPages = InfiniteData<ReviewList, number | null>;

function fetchPage(userId: number, cursor: number | null, signal: AbortSignal): Promise<ReviewList> {
  return api.get<ReviewList>(`/api/reviews/user/${userId}${cursor ? `?cursor=${cursor}` : ''}`, { signal });
}

const listOptions = (userId: number) => ({
  queryKey: reviewKeys.list(userId),
  queryFn: ({ pageParam, signal }: { pageParam: number | null; signal: AbortSignal }) => fetchPage(userId, pageParam, signal),
  initialPageParam: null as number | null,
  getNextPageParam: (last: ReviewList) => last.nextCursor,
});

/** GET /api/reviews/user/{id}: the reviews a user received, newest first, 20 a page ("load more" by cursor). */
export function useReviews(userId: number) {
  return useInfiniteQuery(listOptions(userId));
}

/** The total and average of a user's reviews, from the same cached list (so a save shows in the tab label at once). */
export function useReviewSummary(userId: number): { totalReviews: number; averageRating: number } | undefined {
  const { data } = useInfiniteQuery({
    ...listOptions(userId),
    select: (pages: ReviewPages) => {
      const first = pages.pages[0];
      return first ? { totalReviews: first.totalReviews, averageRating: first.averageRating } : undefined;
    },
  });
  return data;
}
