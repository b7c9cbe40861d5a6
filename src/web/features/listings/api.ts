import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useLanguage } from '../../i18n/language';

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
