import { useTranslation } from 'react-i18next';
import { ListingListPage, useListAddress } from '../listings';
import { useGuestSpotList } from './api';
import { GuestSpotCard } from './guest-spot-card';

/** /guestspots, /guestspots/page/{n} and /gastplatze: active guest spots with filters kept in the address. */
export default function GuestSpotListPage() {
  const { t } = useTranslation('guestSpots');
  const address = useListAddress('/guestspots');
  const list = useGuestSpotList(address.filters, address.page);
  return (
    <ListingListPage
      ns="guestSpots"
      address={address}
      list={list}
      idPrefix="gs-filter"
      addHref="/guestspot/new"
      other={{ userType: 'artist', href: '/guestartist/new', label: t('list.emptyArtistAction') }}
      renderItem={(spot, i) => <GuestSpotCard spot={spot} priority={i === 0} />}
    />
  );
}
