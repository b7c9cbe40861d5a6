import { useQuery } from '@tanstack/react-query';
import { useLanguage } from '../../../i18n/language';
import { pageQueryKeys } from '../../../../common/page-queries';
import { api } from '../../../lib/api';
import type { Listing, ListingKind } from '../kind';

/** An owner's entries (`?{ownerParam}={id}`): all of them for the owner, the active ones for others. */
export function useOwnerListings<L extends Listing>(kind: ListingKind<L>, ownerId: number | undefined) {
  const lang = useLanguage();
  return useQuery({
    queryKey: pageQueryKeys.ownerListings(kind.api.key, lang, ownerId),
    enabled: ownerId !== undefined,
    queryFn: ({ signal }) => api.get<L[]>(`${kind.api.path}?${kind.api.ownerParam}=${ownerId}`, { signal }),
  });
}
