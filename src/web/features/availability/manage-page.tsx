import { useTranslation } from 'react-i18next';
import type { Availability } from '../../../common/schemas/availability';
import { useSession } from '../auth';
import { ListingOwnerActions, LoginOnly, ManageList, wantedPlaceText } from '../listings';
import { availabilityEditPath, availabilityPath, useArtistAvailabilities, useDeleteAvailability, useToggleAvailability } from './api';

/** /artist-availability/manage and /guestartist/manage: the artist's own entries with their actions. */
export default function AvailabilityManagePage() {
  return (
    <LoginOnly>
      <Manage />
    </LoginOnly>
  );
}

function Manage() {
  const { t } = useTranslation(['availability', 'listings']);
  const { user } = useSession();
  const entries = useArtistAvailabilities(user?.id);
  const rows = entries.data?.map((a) => ({ ...a, place: wantedPlaceText(a), href: availabilityPath(a) }));
  return (
    <ManageList
      ns="availability"
      intro={user?.userType === 'artist' ? t('manage.intro') : t('form.onlyArtistsText')}
      addHref="/guestartist/new"
      query={{ isPending: entries.isPending, isError: entries.isError, data: rows }}
      actions={(entry) => <EntryActions entry={entry} />}
    />
  );
}

function EntryActions({ entry }: { entry: Availability }) {
  const toggle = useToggleAvailability();
  const remove = useDeleteAvailability();
  return <ListingOwnerActions listing={entry} editHref={availabilityEditPath(entry)} toggle={toggle} remove={remove} />;
}
