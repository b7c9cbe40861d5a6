import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Agreement } from '../../../../common/schemas/agreements';
import { ApiError, api } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { agreementKeys } from './keys';

/**
 * POST /api/stays/{id}/agreement/accept with the version the viewer read: the answer replaces
 * the cached agreement. When the terms changed meanwhile (409 agreementChanged) the new version
 * is fetched, so the page shows what is there to accept now.
 */
export function useAcceptAgreement(stayId: number) {
  const qc = useQueryClient();
  const { user } = useSession();
  const key = agreementKeys.stay(user?.id ?? 0, stayId);
  return useMutation({
    mutationFn: (termsVersion: string) => api.post<Agreement>(`/api/stays/${stayId}/agreement/accept`, { termsVersion }),
    onSuccess: (agreement) => qc.setQueryData(key, agreement),
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) void qc.invalidateQueries({ queryKey: key });
    },
  });
}
