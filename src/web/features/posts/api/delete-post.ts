import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { postKeys } from './keys';

/** DELETE /api/instagram/posts/{id}; an unspent promotion's credit comes back, so the credits load afresh too. */
export function useDeletePost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ success: boolean }>(`/api/instagram/posts/${id}`),
    onSuccess: (_answer, id) => {
      client.removeQueries({ queryKey: postKeys.one(id) });
      void client.invalidateQueries({ queryKey: postKeys.products });
      return client.invalidateQueries({ queryKey: postKeys.all });
    },
  });
}
