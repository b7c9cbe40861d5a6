import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { GalleryImage, GalleryPage } from '../../../common/schemas/gallery';
import { useLanguage } from '../../i18n/language';
import { api, upload } from '../../lib/api';

export interface Style {
  id: number;
  name: string;
  slug?: string;
}

/** GET /api/gallery/styles: every style, named in the interface language, sorted by German collation. */
export function useGalleryStyles() {
  const lang = useLanguage();
  return useQuery({
    queryKey: ['styles', 'gallery', lang],
    queryFn: ({ signal }) => api.get<Style[]>(`/api/gallery/styles?lang=${lang}`, { signal }),
    staleTime: 60 * 60_000,
  });
}

/** POST /api/gallery (multipart image, caption, repeated styleIds) with progress. */
export async function uploadGalleryImage(
  input: { file: File; caption: string; styleIds: number[] },
  onProgress?: (percent: number) => void,
): Promise<GalleryImage> {
  const form = new FormData();
  form.append('image', input.file);
  if (input.caption.trim()) form.append('caption', input.caption.trim());
  for (const id of input.styleIds) form.append('styleIds', String(id));
  const res = await upload<{ success: boolean; image: GalleryImage }>('/api/gallery', form, { onProgress });
  return res.image;
}

/** PUT /api/gallery/{id}. */
export async function updateGalleryImage(id: number, input: { caption: string; styleIds: number[] }): Promise<GalleryImage> {
  const res = await api.put<{ success: boolean; image: GalleryImage }>(`/api/gallery/${id}`, {
    caption: input.caption.trim(),
    styleIds: input.styleIds,
  });
  return res.image;
}

/** DELETE /api/gallery/{id}. */
export async function deleteGalleryImage(id: number): Promise<void> {
  await api.delete(`/api/gallery/${id}`);
}

/** PUT /api/gallery/order: the owner's images in their new order. */
export async function reorderGalleryImages(ids: number[]): Promise<GalleryImage[]> {
  const res = await api.put<{ success: boolean; images: GalleryImage[] }>('/api/gallery/order', { ids });
  return res.images;
}

export interface GalleryFilters {
  style: string;
  country: string;
  city: string;
}

/** GET /api/gallery: the public gallery, newest first, paged by cursor. */
export function usePublicGallery(filters: GalleryFilters) {
  const lang = useLanguage();
  return useInfiniteQuery({
    queryKey: ['gallery', 'public', lang, filters],
    initialPageParam: '',
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams();
      if (filters.style) params.set('style', filters.style);
      if (filters.country) params.set('country', filters.country);
      if (filters.city) params.set('city', filters.city);
      if (pageParam) params.set('cursor', pageParam);
      const query = params.toString();
      return api.get<GalleryPage>(`/api/gallery${query ? `?${query}` : ''}`, { signal });
    },
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export interface CountryOption {
  id: number;
  code: string;
  name: string;
  cities: { id: number; name: string; countryId: number; countryCode: string }[];
}

/** GET /countries-cities-completed.json: every country with its cities, names in the interface language. */
export function useCountries() {
  const lang = useLanguage();
  return useQuery({
    queryKey: ['countries-cities', lang],
    queryFn: ({ signal }) => api.get<CountryOption[]>(`/countries-cities-completed.json?lang=${lang}`, { signal }),
    staleTime: 24 * 60 * 60_000,
  });
}
