import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GalleryImage } from '../../../../common/schemas/gallery';
import { idempotentUpload } from '../../../lib/idempotent-upload';
import { PUBLIC_GALLERY_KEY } from './get-public-gallery';

/** How many images upload at the same time: enough to keep the line busy, few enough that each shows progress. */
export const UPLOAD_CONCURRENCY = 2;

export interface UploadInput {
  file: File;
  caption: string;
  styleIds: number[];
  onProgress?: (percent: number) => void;
}

/** POST /api/gallery (multipart image, caption, repeated styleIds) with progress; the server puts it first in the portfolio. */
export async function uploadGalleryImage({ file, caption, styleIds, onProgress }: UploadInput): Promise<GalleryImage> {
  const form = new FormData();
  form.append('image', file);
  if (caption.trim()) form.append('caption', caption.trim());
  for (const id of styleIds) form.append('styleIds', String(id));
  return (await idempotentUpload<{ success: boolean; image: GalleryImage }>('/api/gallery', form, { onProgress })).image;
}

/**
 * Runs `work` on every item, at most `limit` at a time, in the items' order. A failing item does
 * not stop the others: each one's own outcome goes to its own callbacks inside `work`.
 */
export async function runLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      try {
        await work(item);
      } catch {
        // `work` reports its own failure; the lane goes on with the next item.
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

/** One upload; the public gallery loads afresh next time. */
export function useUploadImage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: uploadGalleryImage,
    onSuccess: () => client.invalidateQueries({ queryKey: PUBLIC_GALLERY_KEY }),
  });
}
