import { useQuery } from '@tanstack/react-query';
import type { ContactList, ContactMessageDetail, ContactReplyInput, ContactState } from '../../../../common/schemas/admin-inbox';
import { api } from '../../../lib/api';
import { adminKeys, useAdminAction, useAdminPages } from '../api/admin-api';

export interface ContactFilters {
  status?: ContactState;
  q?: string;
}

export const contactKeys = {
  list: (filters: ContactFilters) => [...adminKeys.all, 'contact', 'list', filters] as const,
  message: (id: number) => [...adminKeys.all, 'contact', 'message', id] as const,
};

/** GET /api/admin/contact: the inbox, newest first, a page at a time. */
export function useContactList(filters: ContactFilters) {
  return useAdminPages<ContactList>(contactKeys.list(filters), '/api/admin/contact', { status: filters.status, q: filters.q });
}

/** GET /api/admin/contact/{id}: opening a new message marks it read on the server. */
export function useContactMessage(id: number | null) {
  return useQuery({
    queryKey: contactKeys.message(id ?? 0),
    enabled: id !== null,
    staleTime: 15_000,
    queryFn: ({ signal }) => api.get<{ message: ContactMessageDetail }>(`/api/admin/contact/${id}`, { signal }),
    select: (answer) => answer.message,
  });
}

export function useSetContactStatus() {
  return useAdminAction((input: { id: number; status: ContactState }) => api.patch<{ status: ContactState }>(`/api/admin/contact/${input.id}`, { status: input.status }));
}

export function useReplyToContact() {
  return useAdminAction((input: { id: number } & ContactReplyInput) =>
    api.post<{ replyId: number }>(`/api/admin/contact/${input.id}/reply`, { subject: input.subject, body: input.body }),
  );
}

export function useDeleteContact() {
  return useAdminAction((input: { id: number; reason: string }) => api.delete<{ success: true }>(`/api/admin/contact/${input.id}`, { reason: input.reason }));
}
