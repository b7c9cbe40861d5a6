import { useQuery } from '@tanstack/react-query';
import { FEATURED_DEFAULT_LIMIT } from '../../../../common/constants';
import type { FeaturedArtist, FeaturedStudio } from '../../../../common/schemas/featured';
import { pageQueryKeys } from '../../../../common/page-queries';
import { api } from '../../../lib/api';

interface Featured {
  artists: FeaturedArtist;
  studios: FeaturedStudio;
}

/** The featured artists or studios of the home page (GET /api/featured/{which}?limit={n}, default 5). */
export function useFeatured<W extends keyof Featured>(which: W, limit = FEATURED_DEFAULT_LIMIT) {
  return useQuery({
    queryKey: pageQueryKeys.featured(which, limit),
    queryFn: async ({ signal }) => {
      const res = await api.get<{ success: boolean } & Partial<Record<W, Featured[W][]>>>(`/api/featured/${which}?limit=${limit}`, { signal });
      return res[which] ?? [];
    },
  });
}
