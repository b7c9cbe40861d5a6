import { useQuery } from '@tanstack/react-query';
import type { StudioPage } from '../../../../common/schemas/artists';
import { useLanguage } from '../../../i18n/language';
import { pageQueryKeys, studioListQuery } from '../../../../common/page-queries';
import { api } from '../../../lib/api';
import type { ArtistFilters } from './get-artists';

/**
 * GET /api/studios?style=&country=&city=&openGuestSpots=&page=: featured studios first, then the
 * newest. The address keeps "has open guest spots" as `available`, as the artist list does.
 */
export function useStudioList(filters: ArtistFilters, page: number) {
  const lang = useLanguage();
  const query = studioListQuery(filters, page);
  return useQuery({
    queryKey: pageQueryKeys.studioList(lang, query),
    queryFn: ({ signal }) => api.get<StudioPage>(`/api/studios${query}`, { signal }),
    placeholderData: (previous) => previous,
  });
}
