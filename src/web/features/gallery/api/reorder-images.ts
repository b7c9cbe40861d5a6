import { useMutation } from '@tanstack/react-query';
import type { GalleryImage } from '../../../../common/schemas/gallery';
import { api } from '../../../lib/api';

/** PUT /api/gallery/order: the owner's images in their new order (the public gallery is newest first, so it keeps its cache). */
export function useReorderImages() {
  return useMutation({
    mutationFn: async (ids: number[]) => (await api.put<{ success: boolean; images: GalleryImage[] }>('/api/gallery/order', { ids })).images,
  });
}
