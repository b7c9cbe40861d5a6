import { useMutation } from '@tanstack/react-query';
import type { Report, ReportInput } from '../../common/schemas/messages';
import { api } from './api';

/**
 * POST /api/reports: a user, a message (by its recipient), a review, an image or a listing, with a
 * reason. A repeat report of the same thing answers 200 with the first one, thanked alike.
 */
export function useReport() {
  return useMutation({
    mutationFn: (input: ReportInput) => api.post<{ report: Report }>('/api/reports', input),
  });
}
