import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { ListingTab, TabSkeleton, wantedPlaceText } from '../listings';
import { useArtistAvailabilities, useAvailabilityCount } from './api';

/**
 * The availability tab of an artist profile (document 2 §2): count, a skeleton of two cards,
 * 'Availabilities could not be loaded.', an empty state with the owner's add button, or cards
 * linking to /artist-availability/{id}.
 */
export function AvailabilityTab({ userId, isOwner }: { userId: number; isOwner: boolean }) {
  return (
    <Suspense fallback={<TabSkeleton />}>
      <AvailabilityTabContent userId={userId} isOwner={isOwner} />
    </Suspense>
  );
}

function AvailabilityTabContent({ userId, isOwner }: { userId: number; isOwner: boolean }) {
  const { t } = useTranslation(['availability', 'listings']);
  const entries = useArtistAvailabilities(userId);
  const count = useAvailabilityCount(userId);
  const total = entries.data?.length ?? count.data;
  return (
    <ListingTab
      heading={total === undefined ? t('profileTab.title') : t('profileTab.titleCount', { count: total })}
      query={entries}
      errorText={t('profileTab.loadFailed')}
      emptyText={isOwner ? t('profileTab.emptyOwner') : t('profileTab.empty')}
      isOwner={isOwner}
      addHref="/artist-availability/new"
      addLabel={t('list.add')}
      hrefFor={(a) => `/artist-availability/${a.id}`}
      toEntry={(a) => ({ ...a, location: wantedPlaceText(a) })}
    />
  );
}
