import { useQuery } from '@tanstack/react-query';
import type { AdminUserDetail, AdminUsersPage, AdminUsersQuery } from '../../../../common/schemas/admin-users';
import { api } from '../../../lib/api';
import { adminKeys, useAdminAction, useAdminPages } from '../api/admin-api';

export type UserFilters = Omit<AdminUsersQuery, 'cursor'>;

const usersKey = (filters: UserFilters) => [...adminKeys.all, 'users', filters] as const;
const userKey = (id: number) => [...adminKeys.all, 'user', id] as const;
const base = (id: number) => `/api/admin/users/${id}`;

/** GET /api/admin/users: 50 a page, newest first. */
export function useAdminUsers(filters: UserFilters) {
  return useAdminPages<AdminUsersPage>(usersKey(filters), '/api/admin/users', filters);
}

/** GET /api/admin/users/{id}. */
export function useAdminUser(id: number) {
  return useQuery({
    queryKey: userKey(id),
    staleTime: 0,
    queryFn: ({ signal }) => api.get<{ user: AdminUserDetail }>(base(id), { signal }),
    select: (answer) => answer.user,
  });
}

type Answer = { user: AdminUserDetail };

/** The actions on one account; each refreshes the whole admin area when it succeeded. */
export function useUserActions(id: number) {
  return {
    suspend: useAdminAction((input: { reason: string; until?: string }) => api.post<Answer>(`${base(id)}/suspend`, input)),
    unsuspend: useAdminAction((input: { reason?: string }) => api.post<Answer>(`${base(id)}/unsuspend`, input)),
    role: useAdminAction((input: { role: 'user' | 'admin'; password: string; reason?: string }) => api.post<Answer>(`${base(id)}/role`, input)),
    warn: useAdminAction((input: { reason: string }) => api.post<Answer>(`${base(id)}/warn`, input)),
    note: useAdminAction((input: { body: string }) => api.post<Answer>(`${base(id)}/notes`, input)),
    remove: useAdminAction((input: { reason: string; password: string }) => api.delete<{ success: true }>(base(id), input)),
  };
}
