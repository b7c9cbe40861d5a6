import { useQuery } from '@tanstack/react-query';
import type { ListingListItem, ListPage } from '../../../../common/schemas/listing-fields';
import { useLanguage } from '../../../i18n/language';
import { listingListQuery, pageQueryKeys } from '../../../../common/page-queries';
import { api } from '../../../lib/api';
import type { Listing, ListingKind } from '../kind';
import type { Filters } from '../list-address';

/** The public list of a kind (GET {path}?style=&country=&city=&from=&to=&q=&page=): active entries not yet over. */
export function useListings<L extends Listing>(kind: ListingKind<L>, filters: Filters, page: number) {
  const lang = useLanguage();
  const query = listingListQuery(filters, page);
  return useQuery({
    queryKey: pageQueryKeys.listingList(kind.api.key, lang, query),
    queryFn: ({ signal }) => api.get<ListPage<ListingListItem<L>>>(`${kind.api.path}${query}`, { signal }),
    placeholderData: (previous) => previous,
  });
}
