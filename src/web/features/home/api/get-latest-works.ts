import { useQuery } from '@tanstack/react-query';
import type { GalleryPage } from '../../../../common/schemas/gallery';
import { useLanguage } from '../../../i18n/language';
import { LATEST_WORKS_LIMIT, pageQueryKeys } from '../../../../common/page-queries';
import { api } from '../../../lib/api';

export { LATEST_WORKS_LIMIT };

/**
 * GET /api/gallery?limit={n}: the newest portfolio images. Filed under the public gallery's key
 * (['gallery', 'public']), so an upload, edit or delete clears it with the gallery's pages.
 */
export function useLatestWorks(limit = LATEST_WORKS_LIMIT) {
  const lang = useLanguage();
  return useQuery({
    queryKey: pageQueryKeys.latestWorks(lang, limit),
    queryFn: async ({ signal }) => (await api.get<GalleryPage>(`/api/gallery?limit=${limit}`, { signal })).images,
  });
}
