import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { PUBLIC_GALLERY_KEY } from './get-public-gallery';

/** DELETE /api/gallery/{id}. */
export function useDeleteImage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/gallery/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: PUBLIC_GALLERY_KEY }),
  });
}
