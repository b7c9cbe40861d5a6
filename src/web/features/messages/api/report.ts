import { useMutation } from '@tanstack/react-query';
import type { Report, ReportInput } from '../../../../common/schemas/messages';
import { api } from '../../../lib/api';

/** POST /api/reports: a user, a message (by its recipient) or a review, with a reason. */
export function useReport() {
  return useMutation({
    mutationFn: (input: ReportInput) => api.post<{ report: Report }>('/api/reports', input),
  });
}
