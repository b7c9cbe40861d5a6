import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Availability, AvailabilityCreateData, AvailabilityMatch, AvailabilityPage, AvailabilityUpdateData } from '../../../common/schemas/availability';
import { api } from '../../lib/api';
import { useLanguage } from '../../i18n/language';
import { toQuery, type Filters } from '../listings';

const KEY = 'artist-availability';

/** The public list: GET /api/artist-availability with filters and paging (active entries not yet over). */
export function useAvailabilityList(filters: Filters, page: number) {
  const lang = useLanguage();
  const query = toQuery({ style: filters.style, country: filters.country, city: filters.city, from: filters.from, to: filters.to, q: filters.q, page });
  return useQuery({
    queryKey: [KEY, 'list', lang, query],
    queryFn: ({ signal }) => api.get<AvailabilityPage>(`/api/artist-availability${query}`, { signal }),
    placeholderData: (previous) => previous,
  });
}

/** One entry by id (GET /api/artist-availability/{id}) or by its title slug (…/by-slug/{slug}). */
export function useAvailability(key: { id?: string; slug?: string }) {
  const lang = useLanguage();
  const path = key.slug
    ? `/api/artist-availability/by-slug/${encodeURIComponent(key.slug)}`
    : `/api/artist-availability/${encodeURIComponent(key.id ?? '')}`;
  return useQuery({
    queryKey: [KEY, 'detail', lang, path],
    enabled: Boolean(key.slug || key.id),
    queryFn: ({ signal }) => api.get<Availability>(path, { signal }),
  });
}

/** An artist's entries (GET /api/artist-availability?artistId={id}): all for the owner, active ones for others. */
export function useArtistAvailabilities(artistId: number | undefined) {
  const lang = useLanguage();
  return useQuery({
    queryKey: [KEY, 'artist', lang, artistId],
    enabled: artistId !== undefined,
    queryFn: ({ signal }) => api.get<Availability[]>(`/api/artist-availability?artistId=${artistId}`, { signal }),
  });
}

/** The number of an artist's entries (…?artistId={id}&count=true), for tab labels and the dashboard. */
export function useAvailabilityCount(artistId: number | undefined) {
  return useQuery({
    queryKey: [KEY, 'count', artistId],
    enabled: artistId !== undefined,
    queryFn: async ({ signal }) => (await api.get<{ count: number }>(`/api/artist-availability?artistId=${artistId}&count=true`, { signal })).count,
  });
}

/** The guest spots that fit an availability, best first (owner only). */
export function useAvailabilityMatches(id: number | undefined, enabled: boolean) {
  const lang = useLanguage();
  return useQuery({
    queryKey: [KEY, 'matches', lang, id],
    enabled: enabled && id !== undefined,
    queryFn: ({ signal }) => api.get<AvailabilityMatch[]>(`/api/artist-availability/${id}/matches`, { signal }),
  });
}

export function useSaveAvailability() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, data }: { id?: number; data: AvailabilityCreateData }) =>
      id === undefined ? api.post<Availability>('/api/artist-availability', data) : api.put<Availability>(`/api/artist-availability/${id}`, data),
    onSuccess: () => client.invalidateQueries({ queryKey: [KEY] }),
  });
}

export function useToggleAvailability() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isActive }: { id: number; isActive: boolean }) =>
      api.put<Availability>(`/api/artist-availability/${id}`, { isActive } satisfies AvailabilityUpdateData),
    onSuccess: () => client.invalidateQueries({ queryKey: [KEY] }),
  });
}

export function useDeleteAvailability() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ success: boolean }>(`/api/artist-availability/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: [KEY] }),
  });
}

/** The canonical page of an availability (decision 6: the title slug page). */
export const availabilityPath = (a: Pick<Availability, 'slug'>) => `/tattooartist/${encodeURIComponent(a.slug)}`;
export const availabilityEditPath = (a: Pick<Availability, 'id'>) => `/guestartist/${a.id}/edit`;
