import { useInfiniteQuery } from '@tanstack/react-query';
import type { GalleryPage } from '../../../../common/schemas/gallery';
import { useLanguage } from '../../../i18n/language';
import { api, toQuery } from '../../../lib/api';

/** The key under which every page of the public gallery is kept; changes to images clear it. */
export const PUBLIC_GALLERY_KEY = ['gallery', 'public'] as const;

export interface GalleryFilters {
  style: string;
  country: string;
  city: string;
}

/** GET /api/gallery: the public gallery, newest first, paged by cursor. */
export function usePublicGallery(filters: GalleryFilters) {
  const lang = useLanguage();
  return useInfiniteQuery({
    queryKey: [...PUBLIC_GALLERY_KEY, lang, filters],
    initialPageParam: '',
    queryFn: ({ pageParam, signal }) =>
      api.get<GalleryPage>(`/api/gallery${toQuery({ style: filters.style, country: filters.country, city: filters.city, cursor: pageParam })}`, { signal }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
