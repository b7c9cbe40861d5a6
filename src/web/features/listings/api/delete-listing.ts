import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { ListingKind } from '../kind';

/** DELETE {path}/{id}. */
export function useDeleteListing(kind: ListingKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ success: boolean }>(`${kind.api.path}/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: [kind.api.key] }),
  });
}
