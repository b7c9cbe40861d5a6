import { useQuery } from '@tanstack/react-query';
import { FEATURED_DEFAULT_LIMIT } from '../../../../common/constants';
import type { FeaturedArtist } from '../../../../common/schemas/featured';
import { api } from '../../../lib/api';

/** GET /api/featured/artists?limit={n} */
export async function getFeaturedArtists(limit: number, signal?: AbortSignal): Promise<FeaturedArtist[]> {
  const res = await api.get<{ success: boolean; artists?: FeaturedArtist[] }>(`/api/featured/artists?limit=${limit}`, { signal });
  return res.artists ?? [];
}

/** The featured artists of the home page (default 5). */
export function useFeaturedArtists(limit = FEATURED_DEFAULT_LIMIT) {
  return useQuery({
    queryKey: ['featured', 'artists', limit],
    queryFn: ({ signal }) => getFeaturedArtists(limit, signal),
  });
}
