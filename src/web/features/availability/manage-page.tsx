import { useTranslation } from 'react-i18next';
import type { Availability } from '../../../common/schemas/availability';
import { useSession } from '../auth';
import { LoginOnly, ManageList, OwnerActions, wantedPlaceText } from '../listings';
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
      title={t('manage.title')}
      intro={user?.userType === 'artist' ? t('manage.intro') : t('form.onlyArtistsText')}
      addHref="/guestartist/new"
      addLabel={t('list.add')}
      emptyText={t('manage.empty')}
      errorText={t('profileTab.loadFailed')}
      query={{ isPending: entries.isPending, isError: entries.isError, data: rows }}
      actions={(entry) => <EntryActions entry={entry} />}
    />
  );
}

function EntryActions({ entry }: { entry: Availability }) {
  const toggle = useToggleAvailability();
  const remove = useDeleteAvailability();
  return (
    <OwnerActions
      title={entry.title}
      isActive={entry.isActive}
      editHref={availabilityEditPath(entry)}
      onToggle={() => toggle.mutateAsync({ id: entry.id, isActive: !entry.isActive })}
      toggling={toggle.isPending}
      onDelete={() => remove.mutateAsync(entry.id)}
      deleting={remove.isPending}
    />
  );
}
