import { useQuery } from '@tanstack/react-query';
import type { GalleryPage } from '../../../../common/schemas/gallery';
import { useLanguage } from '../../../i18n/language';
import { api } from '../../../lib/api';

/** How many of the newest gallery images the start page shows: two rows of three on a phone, one row of six wider. */
export const LATEST_WORKS_LIMIT = 6;

/**
 * GET /api/gallery?limit={n}: the newest portfolio images. Filed under the public gallery's key
 * (['gallery', 'public']), so an upload, edit or delete clears it with the gallery's pages.
 */
export function useLatestWorks(limit = LATEST_WORKS_LIMIT) {
  const lang = useLanguage();
  return useQuery({
    queryKey: ['gallery', 'public', 'latest', lang, limit],
    queryFn: async ({ signal }) => (await api.get<GalleryPage>(`/api/gallery?limit=${limit}`, { signal })).images,
  });
}
