import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Review, ReviewCheck } from '../../../../common/schemas/reviews';
import { api } from '../../../lib/api';
import type { ReviewPages } from './get-reviews';
import { reviewKeys } from './keys';
import { checkAfter, refreshAfterChange, withSavedReview } from './review-cache';

export interface SaveReviewInput {
  reviewerId: number;
  reviewedId: number;
  rating: number;
  comment: string;
  /** The rating the viewer's review had before, when editing: the local average needs it. */
  previousRating: number | null;
}

/**
 * POST /api/reviews/simple: creates the pair's review (201) or edits it (200). The cached list,
 * its count and average and the viewer's check are updated at once, without a refetch.
 */
export function useSaveReview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ previousRating: _previous, ...body }: SaveReviewInput) => {
      const answer = await api.post<{ review: Review }>('/api/reviews/simple', body);
      // A new review was never edited; an edit is always stamped later than the creation.
      return { review: answer.review, created: answer.review.createdAt === answer.review.updatedAt };
    },
    onSuccess: ({ review, created }, input) => {
      client.setQueryData<ReviewPages>(reviewKeys.list(input.reviewedId), (pages) =>
        pages ? withSavedReview(pages, review, created, input.previousRating) : pages,
      );
      client.setQueryData<ReviewCheck>(reviewKeys.check(input.reviewedId), (check) => checkAfter(check, review));
      void refreshAfterChange(client, input.reviewedId);
    },
  });
}
