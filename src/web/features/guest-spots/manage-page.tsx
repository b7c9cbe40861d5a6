import { useTranslation } from 'react-i18next';
import type { GuestSpot } from '../../../common/schemas/guest-spots';
import { useSession } from '../auth';
import { ListingOwnerActions, LoginOnly, ManageList, placeText } from '../listings';
import { guestSpotEditPath, guestSpotPath, useDeleteGuestSpot, useStudioGuestSpots, useToggleGuestSpot } from './api';

/** /guestspots/manage: the studio's own spots, active and inactive, with their actions. */
export default function GuestSpotManagePage() {
  return (
    <LoginOnly>
      <Manage />
    </LoginOnly>
  );
}

function Manage() {
  const { t } = useTranslation(['guestSpots', 'listings']);
  const { user } = useSession();
  const spots = useStudioGuestSpots(user?.id);
  const entries = spots.data?.map((s) => ({ ...s, place: placeText(s.cityName, s.countryName), href: guestSpotPath(s) }));
  return (
    <ManageList
      ns="guestSpots"
      intro={user?.userType === 'studio' ? t('manage.intro') : t('form.onlyStudiosText')}
      addHref="/guestspot/new"
      query={{ isPending: spots.isPending, isError: spots.isError, data: entries }}
      actions={(spot) => <SpotActions spot={spot} />}
    />
  );
}

function SpotActions({ spot }: { spot: GuestSpot }) {
  const toggle = useToggleGuestSpot();
  const remove = useDeleteGuestSpot();
  return <ListingOwnerActions listing={spot} editHref={guestSpotEditPath(spot)} toggle={toggle} remove={remove} />;
}
