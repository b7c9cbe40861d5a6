import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OwnVerification, ReviewPrompt, TrustFigures } from '../../../common/schemas/trust';
import { pageQueryKeys } from '../../../common/page-queries';
import { api, upload } from '../../lib/api';

export const trustKeys = {
  figures: pageQueryKeys.trustFigures,
  prompts: ['trust', 'review-prompts'] as const,
  verification: ['trust', 'verification'] as const,
};

/** A profile's trust figures (GET /api/users/{id}/trust), public. */
export function useTrustFigures(userId: number) {
  return useQuery({
    queryKey: trustKeys.figures(userId),
    queryFn: ({ signal }) => api.get<TrustFigures>(`/api/users/${userId}/trust`, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** The ended stays whose other side the logged-in user has not reviewed yet. */
export function useReviewPrompts() {
  return useQuery({
    queryKey: trustKeys.prompts,
    queryFn: ({ signal }) => api.get<{ prompts: ReviewPrompt[] }>('/api/trust/review-prompts', { signal }),
    select: (answer) => answer.prompts,
  });
}

/** The studio's own verification status. */
export function useOwnVerification() {
  return useQuery({
    queryKey: trustKeys.verification,
    queryFn: ({ signal }) => api.get<OwnVerification>('/api/trust/verification', { signal }),
  });
}

/** Sends a studio's document (a PDF, JPEG or PNG) for review; the answer is the new status. */
export function useUploadVerification() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { file: File; onProgress?: (percent: number) => void }) => {
      const form = new FormData();
      form.append('document', input.file);
      return upload<OwnVerification>('/api/trust/verification', form, { onProgress: input.onProgress, timeoutMs: 120_000 });
    },
    onSuccess: (status) => client.setQueryData(trustKeys.verification, status),
  });
}
