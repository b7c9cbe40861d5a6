import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListPage } from '../../../common/schemas/listing-fields';
import { api } from '../../lib/api';
import { useLanguage } from '../../i18n/language';
import type { Filters } from './list-address';

/** A style as GET /api/styles answers it, named in the interface language. */
export interface StyleOption {
  id: number;
  slug: string;
  name: string;
}

export interface CityOption {
  id: number;
  name: string;
  countryId: number;
  countryCode: string;
}

export interface CountryOption {
  id: number;
  code: string;
  name: string;
  cities: CityOption[];
}

// Reference lists change with a deploy at most: keep them for the visit.
const REFERENCE = { staleTime: Infinity, gcTime: Infinity } as const;

/** Every tattoo style (GET /api/styles), sorted by the server. */
export function useStyles() {
  const lang = useLanguage();
  return useQuery({
    queryKey: ['styles', lang],
    queryFn: ({ signal }) => api.get<StyleOption[]>('/api/styles', { signal }),
    ...REFERENCE,
  });
}

/** Countries with their cities (GET /countries-cities-completed.json), named in the interface language. */
export function useCountries() {
  const lang = useLanguage();
  return useQuery({
    queryKey: ['countries-cities', lang],
    queryFn: ({ signal }) => api.get<CountryOption[]>(`/countries-cities-completed.json?lang=${lang}`, { signal }),
    ...REFERENCE,
  });
}

/** The logged-in user's own place (GET /api/profile/me), the default place of a new listing. */
export interface OwnPlace {
  countryId: number | null;
  cityId: number | null;
  cityName: string | null;
}

export function useOwnPlace(enabled: boolean) {
  return useQuery({
    queryKey: ['profile', 'me', 'place'],
    enabled,
    queryFn: async ({ signal }) => {
      const res = await api.get<{ user?: { countryId?: number | null; cityId?: number | null; cityName?: string | null; city?: string | null } }>(
        '/api/profile/me',
        { signal },
      );
      const u = res.user ?? {};
      return { countryId: u.countryId ?? null, cityId: u.cityId ?? null, cityName: u.cityName ?? u.city ?? null } satisfies OwnPlace;
    },
  });
}

/** Builds a query string from filled values only. */
export function toQuery(values: Record<string, string | number | boolean | null | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value === null || value === undefined || value === '' || value === false) continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * The calls of one listing kind, the same for guest spots and availabilities: the public list,
 * one entry, an owner's entries and their count, the owner's matches, save, toggle and delete.
 * Every change refreshes every answer of the kind.
 */
export function createListingApi<T, Create, Match>({ key, path, ownerParam }: { key: string; path: string; ownerParam: string }) {
  /** The public list with filters and paging (active entries not yet over). */
  function useList(filters: Filters, page: number) {
    const lang = useLanguage();
    const query = toQuery({ style: filters.style, country: filters.country, city: filters.city, from: filters.from, to: filters.to, q: filters.q, page });
    return useQuery({
      queryKey: [key, 'list', lang, query],
      queryFn: ({ signal }) => api.get<ListPage<T>>(`${path}${query}`, { signal }),
      placeholderData: (previous) => previous,
    });
  }

  /** One entry by id (`{path}/{id}`) or by its title slug (`{path}/by-slug/{slug}`); the owner also sees it while inactive. */
  function useEntry(ref: { id?: string; slug?: string }) {
    const lang = useLanguage();
    const url = ref.slug ? `${path}/by-slug/${encodeURIComponent(ref.slug)}` : `${path}/${encodeURIComponent(ref.id ?? '')}`;
    return useQuery({
      queryKey: [key, 'detail', lang, url],
      enabled: Boolean(ref.slug || ref.id),
      queryFn: ({ signal }) => api.get<T>(url, { signal }),
    });
  }

  /** An owner's entries (`?{ownerParam}={id}`): all of them for the owner, the active ones for others. */
  function useOwnerEntries(ownerId: number | undefined) {
    const lang = useLanguage();
    return useQuery({
      queryKey: [key, 'owner', lang, ownerId],
      enabled: ownerId !== undefined,
      queryFn: ({ signal }) => api.get<T[]>(`${path}?${ownerParam}=${ownerId}`, { signal }),
    });
  }

  /** The number of an owner's entries (`&count=true`), for tab labels and the dashboard. */
  function useOwnerCount(ownerId: number | undefined) {
    return useQuery({
      queryKey: [key, 'count', ownerId],
      enabled: ownerId !== undefined,
      queryFn: async ({ signal }) => (await api.get<{ count: number }>(`${path}?${ownerParam}=${ownerId}&count=true`, { signal })).count,
    });
  }

  /** The listings of the other kind that fit an entry, best first (owner only). */
  function useMatches(id: number | undefined, enabled: boolean) {
    const lang = useLanguage();
    return useQuery({
      queryKey: [key, 'matches', lang, id],
      enabled: enabled && id !== undefined,
      queryFn: ({ signal }) => api.get<Match[]>(`${path}/${id}/matches`, { signal }),
    });
  }

  /** Creates (no id) or updates an entry. */
  function useSave() {
    const client = useQueryClient();
    return useMutation({
      mutationFn: ({ id, data }: { id?: number; data: Create }) => (id === undefined ? api.post<T>(path, data) : api.put<T>(`${path}/${id}`, data)),
      onSuccess: () => client.invalidateQueries({ queryKey: [key] }),
    });
  }

  /** Activates or deactivates an entry (PUT with `{isActive}` alone). */
  function useToggle() {
    const client = useQueryClient();
    return useMutation({
      mutationFn: ({ id, isActive }: { id: number; isActive: boolean }) => api.put<T>(`${path}/${id}`, { isActive }),
      onSuccess: () => client.invalidateQueries({ queryKey: [key] }),
    });
  }

  function useDelete() {
    const client = useQueryClient();
    return useMutation({
      mutationFn: (id: number) => api.delete<{ success: boolean }>(`${path}/${id}`),
      onSuccess: () => client.invalidateQueries({ queryKey: [key] }),
    });
  }

  return { useList, useEntry, useOwnerEntries, useOwnerCount, useMatches, useSave, useToggle, useDelete };
}
