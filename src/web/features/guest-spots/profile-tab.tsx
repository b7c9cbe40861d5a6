import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { ListingTab, TabSkeleton } from '../listings';
import { guestSpotPath, useGuestSpotCount, useStudioGuestSpots } from './api';

/**
 * The guest spots tab of a studio profile (document 2 §2): the count, a skeleton of two cards,
 * the error text, an empty state with the owner's add button, or the cards.
 */
export function GuestSpotsTab({ userId, isOwner }: { userId: number; isOwner: boolean }) {
  return (
    <Suspense fallback={<TabSkeleton />}>
      <GuestSpotsTabContent userId={userId} isOwner={isOwner} />
    </Suspense>
  );
}

function GuestSpotsTabContent({ userId, isOwner }: { userId: number; isOwner: boolean }) {
  const { t } = useTranslation(['guestSpots', 'listings']);
  const spots = useStudioGuestSpots(userId);
  const count = useGuestSpotCount(userId);
  const total = spots.data?.length ?? count.data;
  return (
    <ListingTab
      heading={total === undefined ? t('profileTab.title') : t('profileTab.titleCount', { count: total })}
      query={spots}
      errorText={t('profileTab.loadFailed')}
      emptyText={isOwner ? t('profileTab.emptyOwner') : t('profileTab.empty')}
      isOwner={isOwner}
      addHref="/guestspot/new"
      addLabel={t('list.add')}
      hrefFor={guestSpotPath}
    />
  );
}
