import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { OwnPlace } from '../kind';

/** The logged-in user's own place (GET /api/profile/me), the default place of a new listing. */
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
