import { useTranslation } from 'react-i18next';
import { ListingListPage, useListAddress } from '../listings';
import { useAvailabilityList } from './api';
import { AvailabilityCard } from './availability-card';

/** /artist-availability: artists' travel periods with filters in the address (paged with ?page=). */
export default function AvailabilityListPage() {
  const { t } = useTranslation('availability');
  const address = useListAddress('/artist-availability', { pathPaging: false });
  const list = useAvailabilityList(address.filters, address.page);
  return (
    <ListingListPage
      ns="availability"
      address={address}
      list={list}
      idPrefix="av-filter"
      addHref="/guestartist/new"
      other={{ userType: 'studio', href: '/guestspot/new', label: t('list.emptyStudioAction') }}
      renderItem={(entry, i) => <AvailabilityCard entry={entry} priority={i === 0} />}
    />
  );
}
