import { useMutation } from '@tanstack/react-query';
import type { MediaAnswer, PostMedia } from '../../../../common/schemas/instagram';
import { idempotentUpload } from '../../../lib/idempotent-upload';

/** POST /api/instagram/media (multipart `image`) with progress: the picture a post will carry. */
export async function uploadMedia({ file, onProgress }: { file: File; onProgress?: (percent: number) => void }): Promise<PostMedia> {
  const form = new FormData();
  form.append('image', file);
  return (await idempotentUpload<MediaAnswer>('/api/instagram/media', form, { onProgress })).media;
}

export function useUploadMedia() {
  return useMutation({ mutationFn: uploadMedia });
}
