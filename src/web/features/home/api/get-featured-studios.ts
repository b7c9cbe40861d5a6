import { useQuery } from '@tanstack/react-query';
import { FEATURED_DEFAULT_LIMIT } from '../../../../common/constants';
import type { FeaturedStudio } from '../../../../common/schemas/featured';
import { api } from '../../../lib/api';

/** GET /api/featured/studios?limit={n} */
export async function getFeaturedStudios(limit: number, signal?: AbortSignal): Promise<FeaturedStudio[]> {
  const res = await api.get<{ success: boolean; studios?: FeaturedStudio[] }>(`/api/featured/studios?limit=${limit}`, { signal });
  return res.studios ?? [];
}

/** The featured studios of the home page (default 5). */
export function useFeaturedStudios(limit = FEATURED_DEFAULT_LIMIT) {
  return useQuery({
    queryKey: ['featured', 'studios', limit],
    queryFn: ({ signal }) => getFeaturedStudios(limit, signal),
  });
}
