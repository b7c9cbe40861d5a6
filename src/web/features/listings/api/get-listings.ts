import { useQuery } from '@tanstack/react-query';
import type { ListingListItem, ListPage } from '../../../../common/schemas/listing-fields';
import { useLanguage } from '../../../i18n/language';
import { api, toQuery } from '../../../lib/api';
import type { Listing, ListingKind } from '../kind';
import type { Filters } from '../list-address';

/** The public list of a kind (GET {path}?style=&country=&city=&from=&to=&q=&page=): active entries not yet over. */
export function useListings<L extends Listing>(kind: ListingKind<L>, filters: Filters, page: number) {
  const lang = useLanguage();
  const query = toQuery({ style: filters.style, country: filters.country, city: filters.city, from: filters.from, to: filters.to, q: filters.q, page });
  return useQuery({
    queryKey: [kind.api.key, 'list', lang, query],
    queryFn: ({ signal }) => api.get<ListPage<ListingListItem<L>>>(`${kind.api.path}${query}`, { signal }),
    placeholderData: (previous) => previous,
  });
}
