import { useMutation } from '@tanstack/react-query';
import { idempotentUpload } from '../../../lib/idempotent-upload';

export type ProfileImageKind = 'avatar' | 'header';

/** POST /api/users/{id}/upload-image (multipart image, type, userId) with progress in percent; answers the new URL. */
export function useUploadProfileImage(id: number, kind: ProfileImageKind) {
  return useMutation({
    mutationFn: async ({ file, onProgress }: { file: File; onProgress: (percent: number) => void }) => {
      const form = new FormData();
      form.append('type', kind);
      form.append('userId', String(id));
      form.append('image', file);
      return (await idempotentUpload<{ success: boolean; imageUrl: string }>(`/api/users/${id}/upload-image`, form, { onProgress })).imageUrl;
    },
  });
}
