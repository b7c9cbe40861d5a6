import { useQuery } from '@tanstack/react-query';
import type { ArtistPage } from '../../../common/schemas/artists';
import { api } from '../../lib/api';
import { useLanguage } from '../../i18n/language';
import { toQuery, type Filters } from '../listings';

/** GET /api/artists?style=&country=&city=&available=&page=: featured artists first, then the newest. */
export function useArtistList(filters: Filters, page: number) {
  const lang = useLanguage();
  const query = toQuery({ style: filters.style, country: filters.country, city: filters.city, available: filters.available === 'true', page });
  return useQuery({
    queryKey: ['artists', 'list', lang, query],
    queryFn: ({ signal }) => api.get<ArtistPage>(`/api/artists${query}`, { signal }),
    placeholderData: (previous) => previous,
  });
}
