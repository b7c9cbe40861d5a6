import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SavedSearch, SavedSearchCreateInput, SavedSearchList, SavedSearchUpdate } from '../../../common/schemas/saved-searches';
import { api } from '../../lib/api';
import { useSession } from '../../lib/session';

/** The saved searches' cache key, per logged-in user: a second account in the tab never reads the first one's. */
export const savedSearchKeys = { list: (me: number) => ['saved-searches', me] as const };

/** GET /api/saved-searches: the own searches, newest first. */
export function useSavedSearches() {
  const { user } = useSession();
  const me = user?.id ?? 0;
  return useQuery({
    queryKey: savedSearchKeys.list(me),
    enabled: me > 0,
    queryFn: ({ signal }) => api.get<SavedSearchList>('/api/saved-searches', { signal }),
  });
}

/** POST /api/saved-searches; the list is read again after. */
export function useCreateSavedSearch() {
  const qc = useQueryClient();
  const { user } = useSession();
  return useMutation({
    mutationFn: (input: SavedSearchCreateInput) => api.post<{ search: SavedSearch }>('/api/saved-searches', input),
    onSuccess: () => qc.invalidateQueries({ queryKey: savedSearchKeys.list(user?.id ?? 0) }),
  });
}

/** PUT /api/saved-searches/{id}: the answer replaces the search in the list. */
export function useUpdateSavedSearch() {
  const qc = useQueryClient();
  const { user } = useSession();
  const key = savedSearchKeys.list(user?.id ?? 0);
  return useMutation({
    mutationFn: ({ id, change }: { id: number; change: SavedSearchUpdate }) => api.put<{ search: SavedSearch }>(`/api/saved-searches/${id}`, change),
    onSuccess: ({ search }) => qc.setQueryData<SavedSearchList>(key, (list) => (list ? { ...list, searches: list.searches.map((s) => (s.id === search.id ? search : s)) } : list)),
  });
}

/** DELETE /api/saved-searches/{id}: the search leaves the list. */
export function useDeleteSavedSearch() {
  const qc = useQueryClient();
  const { user } = useSession();
  const key = savedSearchKeys.list(user?.id ?? 0);
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/api/saved-searches/${id}`),
    onSuccess: (_answer, id) => qc.setQueryData<SavedSearchList>(key, (list) => (list ? { ...list, searches: list.searches.filter((s) => s.id !== id) } : list)),
  });
}
