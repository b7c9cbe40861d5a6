import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { Listing, ListingKind } from '../kind';

/** Creates (POST {path}, no id) or updates (PUT {path}/{id}) an entry; every answer of the kind is refreshed. */
export function useSaveListing<L extends Listing>(kind: ListingKind<L>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, data }: { id?: number; data: unknown }) =>
      id === undefined ? api.post<L>(kind.api.path, data) : api.put<L>(`${kind.api.path}/${id}`, data),
    onSuccess: () => client.invalidateQueries({ queryKey: [kind.api.key] }),
  });
}
