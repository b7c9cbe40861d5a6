import { useQuery } from '@tanstack/react-query';
import type { ReviewCheck } from '../../../../common/schemas/reviews';
import { api } from '../../../lib/api';
import { reviewKeys } from './keys';

/** GET /api/reviews/check/{id}: whether the viewer reviewed the user already and may (still) write. Logged-in non-owners only. */
export function useReviewCheck(userId: number, enabled: boolean) {
  return useQuery({
    queryKey: reviewKeys.check(userId),
    queryFn: ({ signal }) => api.get<ReviewCheck>(`/api/reviews/check/${userId}`, { signal }),
    enabled,
  });
}
