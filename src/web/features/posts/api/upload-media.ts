import { useMutation } from '@tanstack/react-query';
import type { MediaAnswer, PostMedia } from '../../../../common/schemas/instagram';
import { upload } from '../../../lib/api';

/** POST /api/instagram/media (multipart `image`) with progress: the picture a post will carry. */
export async function uploadMedia({ file, onProgress }: { file: File; onProgress?: (percent: number) => void }): Promise<PostMedia> {
  const form = new FormData();
  form.append('image', file);
  return (await upload<MediaAnswer>('/api/instagram/media', form, { onProgress, idempotent: true })).media;
}

export function useUploadMedia() {
  return useMutation({ mutationFn: uploadMedia });
}
