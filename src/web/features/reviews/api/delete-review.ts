import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Review, ReviewCheck } from '../../../../common/schemas/reviews';
import { api } from '../../../lib/api';
import type { ReviewPages } from './get-reviews';
import { reviewKeys } from './keys';
import { checkAfter, refreshAfterChange, withoutReview } from './review-cache';

/** DELETE /api/reviews/{id} (the reviewer or an admin): the entry leaves the cached list at once. */
export function useDeleteReview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (review: Review) => api.delete<{ success: boolean }>(`/api/reviews/${review.id}`),
    onSuccess: (_answer, review) => {
      client.setQueryData<ReviewPages>(reviewKeys.list(review.reviewedId), (pages) => (pages ? withoutReview(pages, review) : pages));
      client.setQueryData<ReviewCheck>(reviewKeys.check(review.reviewedId), (check) =>
        check?.review?.id === review.id ? checkAfter(check, null) : check,
      );
      void refreshAfterChange(client, review.reviewedId);
    },
  });
}
