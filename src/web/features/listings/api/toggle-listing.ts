import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { ListingKind } from '../kind';

/** Activates or deactivates an entry (PUT {path}/{id} with `{isActive}` alone). */
export function useToggleListing(kind: ListingKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isActive }: { id: number; isActive: boolean }) => api.put<unknown>(`${kind.api.path}/${id}`, { isActive }),
    onSuccess: () => client.invalidateQueries({ queryKey: [kind.api.key] }),
  });
}
