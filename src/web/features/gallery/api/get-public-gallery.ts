import { useInfiniteQuery } from '@tanstack/react-query';
import type { GalleryPage } from '../../../../common/schemas/gallery';
import { useLanguage } from '../../../i18n/language';
import { pageQueryKeys, type GalleryFilters } from '../../../../common/page-queries';
import { api, toQuery } from '../../../lib/api';

export type { GalleryFilters };

/** The key under which every page of the public gallery is kept; changes to images clear it. */
export const PUBLIC_GALLERY_KEY = ['gallery', 'public'] as const;

/** GET /api/gallery: the public gallery, newest first, paged by cursor. */
export function usePublicGallery(filters: GalleryFilters) {
  const lang = useLanguage();
  return useInfiniteQuery({
    queryKey: pageQueryKeys.publicGallery(lang, filters),
    initialPageParam: '',
    queryFn: ({ pageParam, signal }) =>
      api.get<GalleryPage>(`/api/gallery${toQuery({ style: filters.style, country: filters.country, city: filters.city, cursor: pageParam })}`, { signal }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
