import { useQuery } from '@tanstack/react-query';
import { useLanguage } from '../../../i18n/language';
import { listingBySlugPath, pageQueryKeys } from '../../../../common/page-queries';
import { api } from '../../../lib/api';
import type { Listing, ListingKind } from '../kind';

/** One entry by id (`{path}/{id}`) or by its title slug (`{path}/by-slug/{slug}`); the owner also sees it while inactive. */
export function useListing<L extends Listing>(kind: ListingKind<L>, ref: { id?: string; slug?: string }) {
  const lang = useLanguage();
  const url = ref.slug ? listingBySlugPath(kind.api.path, ref.slug) : `${kind.api.path}/${encodeURIComponent(ref.id ?? '')}`;
  return useQuery({
    queryKey: pageQueryKeys.listingDetail(kind.api.key, lang, url),
    enabled: Boolean(ref.slug || ref.id),
    queryFn: ({ signal }) => api.get<L>(url, { signal }),
  });
}
