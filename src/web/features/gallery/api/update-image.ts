import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GalleryImage } from '../../../../common/schemas/gallery';
import { api } from '../../../lib/api';
import { PUBLIC_GALLERY_KEY } from './get-public-gallery';

/** PUT /api/gallery/{id}: caption and styles. */
export function useUpdateImage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, caption, styleIds }: { id: number; caption: string; styleIds: number[] }) =>
      (await api.put<{ success: boolean; image: GalleryImage }>(`/api/gallery/${id}`, { caption: caption.trim(), styleIds })).image,
    onSuccess: () => client.invalidateQueries({ queryKey: PUBLIC_GALLERY_KEY }),
  });
}
