import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { LOCATION_QUERY_MIN } from '../../../common/location-limits';
import type { LocationSearchAnswer, NearestLocationAnswer } from '../../../common/schemas/locations';
import { useLanguage } from '../../i18n/language';
import { api } from '../../lib/api';

/** Cities change only by an admin's import: a search answered once is good for the visit. */
const KEEP_MS = 60 * 60_000;

/**
 * Cities whose name in any language starts with `query` (GET /api/locations/search), most
 * populous first, within one country when `countryCode` is given. Asks nothing below the
 * minimum length; keeps the last answer on screen while the next is on its way.
 */
export function useLocationSearch(query: string, { countryCode, limit }: { countryCode?: string | null; limit?: number } = {}) {
  const lang = useLanguage();
  const q = query.trim();
  return useQuery({
    queryKey: ['locations', 'search', lang, countryCode ?? '', limit ?? 0, q.toLowerCase()],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ q });
      if (countryCode) params.set('countryCode', countryCode);
      if (limit) params.set('limit', String(limit));
      return api.get<LocationSearchAnswer>(`/api/locations/search?${params}`, { signal });
    },
    enabled: [...q].length >= LOCATION_QUERY_MIN,
    placeholderData: keepPreviousData,
    staleTime: KEEP_MS,
    gcTime: KEEP_MS,
    retry: false,
  });
}

/** The listed city nearest to a point within 100 km (GET /api/locations/nearest), or none. */
export function fetchNearestCity(lat: number, lng: number, signal?: AbortSignal): Promise<NearestLocationAnswer> {
  const params = new URLSearchParams({ lat: String(lat), lng: String(lng) });
  return api.get<NearestLocationAnswer>(`/api/locations/nearest?${params}`, { signal });
}
