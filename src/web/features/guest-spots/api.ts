import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GuestSpot, GuestSpotCreateData, GuestSpotMatch, GuestSpotPage, GuestSpotUpdateData } from '../../../common/schemas/guest-spots';
import { api } from '../../lib/api';
import { useLanguage } from '../../i18n/language';
import { toQuery, type Filters } from '../listings';

const KEY = 'guest-spots';

/** The public list: GET /api/guest-spots?style=&country=&city=&from=&to=&q=&page= (active spots not yet over). */
export function useGuestSpotList(filters: Filters, page: number) {
  const lang = useLanguage();
  const query = toQuery({ style: filters.style, country: filters.country, city: filters.city, from: filters.from, to: filters.to, q: filters.q, page });
  return useQuery({
    queryKey: [KEY, 'list', lang, query],
    queryFn: ({ signal }) => api.get<GuestSpotPage>(`/api/guest-spots${query}`, { signal }),
    placeholderData: (previous) => previous,
  });
}

/** One spot by its slug (GET /api/guest-spots/by-slug/{slug}); the owner also sees it while inactive. */
export function useGuestSpot(slug: string | undefined) {
  const lang = useLanguage();
  return useQuery({
    queryKey: [KEY, 'detail', lang, slug],
    enabled: Boolean(slug),
    queryFn: ({ signal }) => api.get<GuestSpot>(`/api/guest-spots/by-slug/${encodeURIComponent(slug ?? '')}`, { signal }),
  });
}

/** A studio's spots (GET /api/guest-spots?studioId={id}): all of them for the owner, the active ones for others. */
export function useStudioGuestSpots(studioId: number | undefined) {
  const lang = useLanguage();
  return useQuery({
    queryKey: [KEY, 'studio', lang, studioId],
    enabled: studioId !== undefined,
    queryFn: ({ signal }) => api.get<GuestSpot[]>(`/api/guest-spots?studioId=${studioId}`, { signal }),
  });
}

/** The number of a studio's spots (GET /api/guest-spots?studioId={id}&count=true), for tab labels and the dashboard. */
export function useGuestSpotCount(studioId: number | undefined) {
  return useQuery({
    queryKey: [KEY, 'count', studioId],
    enabled: studioId !== undefined,
    queryFn: async ({ signal }) => (await api.get<{ count: number }>(`/api/guest-spots?studioId=${studioId}&count=true`, { signal })).count,
  });
}

/** The artists whose availabilities fit a spot, best first (owner only). */
export function useGuestSpotMatches(id: number | undefined, enabled: boolean) {
  const lang = useLanguage();
  return useQuery({
    queryKey: [KEY, 'matches', lang, id],
    enabled: enabled && id !== undefined,
    queryFn: ({ signal }) => api.get<GuestSpotMatch[]>(`/api/guest-spots/${id}/matches`, { signal }),
  });
}

/** Creates (no id) or updates a spot; every guest spot answer is refreshed afterwards. */
export function useSaveGuestSpot() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, data }: { id?: number; data: GuestSpotCreateData }) =>
      id === undefined ? api.post<GuestSpot>('/api/guest-spots', data) : api.put<GuestSpot>(`/api/guest-spots/${id}`, data),
    onSuccess: () => client.invalidateQueries({ queryKey: [KEY] }),
  });
}

/** Activates or deactivates a spot (PUT with `{isActive}` alone). */
export function useToggleGuestSpot() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isActive }: { id: number; isActive: boolean }) =>
      api.put<GuestSpot>(`/api/guest-spots/${id}`, { isActive } satisfies GuestSpotUpdateData),
    onSuccess: () => client.invalidateQueries({ queryKey: [KEY] }),
  });
}

export function useDeleteGuestSpot() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ success: boolean }>(`/api/guest-spots/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: [KEY] }),
  });
}

/** The canonical page of a spot. */
export const guestSpotPath = (spot: Pick<GuestSpot, 'slug'>) => `/guestspot/${encodeURIComponent(spot.slug)}`;
