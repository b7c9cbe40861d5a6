import type { PromotionRequest, PromotionsQuery } from '../../../../common/schemas/admin-money';
import { api } from '../../../lib/api';
import { adminKeys, useAdminAction, useAdminPages } from '../api/admin-api';

export type RequestFilters = Omit<PromotionsQuery, 'cursor'>;

const requestsKey = (filters: RequestFilters) => [...adminKeys.all, 'instagram', filters] as const;
const base = (id: number) => `/api/admin/instagram/requests/${id}`;

/** GET /api/admin/instagram/requests: open ones by planned time (overdue first), decided ones latest first. */
export function usePromotionRequests(filters: RequestFilters) {
  return useAdminPages<{ requests: PromotionRequest[]; nextCursor: string | null }>(requestsKey(filters), '/api/admin/instagram/requests', filters);
}

type Answer = { request: PromotionRequest };

export function useRequestActions() {
  return {
    publish: useAdminAction((input: { id: number; permalink: string }) => api.post<Answer>(`${base(input.id)}/publish`, { permalink: input.permalink })),
    reschedule: useAdminAction((input: { id: number; plannedAt: string }) => api.post<Answer>(`${base(input.id)}/reschedule`, { plannedAt: input.plannedAt })),
    reject: useAdminAction((input: { id: number; reason: string }) => api.post<Answer>(`${base(input.id)}/reject`, { reason: input.reason })),
  };
}
