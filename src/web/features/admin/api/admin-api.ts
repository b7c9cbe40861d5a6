import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { AdminAuditPage, AdminRegistrationDay, AdminSummary, AuditLogQuery } from '../../../../common/schemas/admin';
import { api, toQuery } from '../../../lib/api';

/**
 * The admin area's calls over the app's API client, and the helpers the areas build theirs on.
 * Every key starts with 'admin', so one invalidation refreshes the whole area after an action.
 */
export const adminKeys = {
  all: ['admin'] as const,
  check: () => ['admin', 'check'] as const,
  summary: () => ['admin', 'summary'] as const,
  registrations: () => ['admin', 'registrations'] as const,
  auditLog: (filters: Omit<AuditLogQuery, 'cursor'>) => ['admin', 'audit-log', filters] as const,
};

// Admin data is work waiting: shown fresh, not from the public pages' five-minute cache.
const ADMIN_STALE_MS = 15_000;

/** GET /api/admin/check: the gate asks the server whether the logged-in user is an admin now. */
export function useAdminCheck(enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.check(),
    enabled,
    // Each section is its own route, so the gate mounts anew on every move inside the area: a
    // fresh answer is kept for a minute, then asked again in the background. The session
    // provider clears it when the user changes.
    staleTime: 60_000,
    retry: false,
    queryFn: ({ signal }) => api.get<{ success: true }>('/api/admin/check', { signal }),
  });
}

/** GET /api/admin/summary: the counts behind the sidebar's badges and the dashboard's cards. */
export function useAdminSummary() {
  return useQuery({
    queryKey: adminKeys.summary(),
    staleTime: ADMIN_STALE_MS,
    refetchInterval: 60_000,
    queryFn: ({ signal }) => api.get<AdminSummary>('/api/admin/summary', { signal }),
  });
}

/** GET /api/admin/registrations: accounts made on each of the last seven days. */
export function useAdminRegistrations() {
  return useQuery({
    queryKey: adminKeys.registrations(),
    staleTime: ADMIN_STALE_MS,
    queryFn: ({ signal }) => api.get<{ days: AdminRegistrationDay[] }>('/api/admin/registrations', { signal }),
    select: (answer) => answer.days,
  });
}

/** GET /api/admin/audit-log with filters, 50 entries a page. */
export function useAuditLog(filters: Omit<AuditLogQuery, 'cursor'>) {
  return useAdminPages<AdminAuditPage>(adminKeys.auditLog(filters), '/api/admin/audit-log', filters);
}

/**
 * A cursor-paged admin list: `path` with `filters` as its query, each next page asked with the
 * last answer's `nextCursor`. The previous filter's rows stay while a new filter loads.
 */
export function useAdminPages<Page extends { nextCursor: string | null }>(
  queryKey: QueryKey,
  path: string,
  filters: Record<string, string | number | boolean | null | undefined>,
) {
  return useInfiniteQuery({
    queryKey,
    staleTime: ADMIN_STALE_MS,
    placeholderData: keepPreviousData,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => api.get<Page>(`${path}${toQuery({ ...filters, cursor: pageParam })}`, { signal }),
    getNextPageParam: (last) => last.nextCursor,
  });
}

/**
 * An admin action: the call, then every admin query refreshed (lists, badges, the audit log), so
 * the screen shows the state the action left. Errors reach the caller (ConfirmAction shows them).
 */
export function useAdminAction<Input, Answer>(call: (input: Input) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
