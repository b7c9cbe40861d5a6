import { useQuery } from '@tanstack/react-query';
import type { ArtistPage } from '../../../../common/schemas/artists';
import { useLanguage } from '../../../i18n/language';
import { artistListQuery, pageQueryKeys } from '../../../../common/page-queries';
import { api } from '../../../lib/api';

/** The filters of the artist list, as its address keeps them. */
export interface ArtistFilters {
  style: string;
  country: string;
  city: string;
  available: string;
}

/** GET /api/artists?style=&country=&city=&available=&page=: featured artists first, then the newest. */
export function useArtistList(filters: ArtistFilters, page: number) {
  const lang = useLanguage();
  const query = artistListQuery(filters, page);
  return useQuery({
    queryKey: pageQueryKeys.artistList(lang, query),
    queryFn: ({ signal }) => api.get<ArtistPage>(`/api/artists${query}`, { signal }),
    placeholderData: (previous) => previous,
  });
}
