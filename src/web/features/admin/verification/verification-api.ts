import { useQuery } from '@tanstack/react-query';
import type { AdminVerification, VerificationStatus } from '../../../../common/schemas/trust';
import { api } from '../../../lib/api';
import { adminKeys, useAdminAction } from '../api/admin-api';

export const verificationKeys = {
  list: (status: VerificationStatus) => [...adminKeys.all, 'verifications', status] as const,
};

/** GET /api/admin/verifications?status=: the studios' documents by status, oldest first. */
export function useVerifications(status: VerificationStatus) {
  return useQuery({
    queryKey: verificationKeys.list(status),
    queryFn: ({ signal }) => api.get<{ verifications: AdminVerification[] }>(`/api/admin/verifications?status=${status}`, { signal }),
    select: (answer) => answer.verifications,
  });
}

export function useApproveVerification() {
  return useAdminAction((input: { id: number }) => api.post<{ success: true }>(`/api/admin/verifications/${input.id}/approve`));
}

export function useRejectVerification() {
  return useAdminAction((input: { id: number; reason: string }) => api.post<{ success: true }>(`/api/admin/verifications/${input.id}/reject`, { reason: input.reason }));
}

/** The private document, which the server hands to admins (and its studio) only. */
export const documentUrl = (id: number) => `/api/trust/verification/${id}/document`;
