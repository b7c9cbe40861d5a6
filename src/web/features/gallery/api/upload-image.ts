import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GalleryImage } from '../../../../common/schemas/gallery';
import { upload } from '../../../lib/api';
import { PUBLIC_GALLERY_KEY } from './get-public-gallery';

/** POST /api/gallery (multipart image, caption, repeated styleIds) with progress; the public gallery loads afresh next time. */
export function useUploadImage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, caption, styleIds, onProgress }: { file: File; caption: string; styleIds: number[]; onProgress?: (percent: number) => void }) => {
      const form = new FormData();
      form.append('image', file);
      if (caption.trim()) form.append('caption', caption.trim());
      for (const id of styleIds) form.append('styleIds', String(id));
      return (await upload<{ success: boolean; image: GalleryImage }>('/api/gallery', form, { onProgress })).image;
    },
    onSuccess: () => client.invalidateQueries({ queryKey: PUBLIC_GALLERY_KEY }),
  });
}
