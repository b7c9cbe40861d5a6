import { Suspense } from 'react';
import { useTranslation } from '../../i18n/react';
import { Alert } from '../../ui/alert';
import { EmptyState } from '../../ui/empty-state';
import { useOwnerCount } from './api/get-owner-count';
import { useOwnerListings } from './api/get-owner-listings';
import type { KindName, ListingKind } from './kind';
import { KINDS } from './kinds';
import { AddLink } from './add-link';
import { TabCard } from './tab-card';
import { ListingsTabSkeleton, TabSkeleton } from './tab-skeleton';

/**
 * A profile's tab of one kind (a studio's guest spots, an artist's availability): the count, a
 * skeleton of two cards, the error text, an empty state with the add button for whoever may
 * change the profile (`canAdd`), or the cards.
 */
export function ListingsTab({ kind, userId, canAdd }: { kind: ListingKind; userId: number; canAdd: boolean }) {
  return (
    <Suspense fallback={<ListingsTabSkeleton />}>
      <TabContent kind={kind} userId={userId} canAdd={canAdd} />
    </Suspense>
  );
}

/** The tab of the kind named: the profile, which loads this module lazily, leaves the kinds out of its first load. */
export function ProfileListingsTab({ kind, userId, canAdd }: { kind: KindName; userId: number; canAdd: boolean }) {
  return <ListingsTab kind={KINDS[kind]} userId={userId} canAdd={canAdd} />;
}

function TabContent({ kind, userId, canAdd }: { kind: ListingKind; userId: number; canAdd: boolean }) {
  const { t } = useTranslation([kind.entryNs, kind.name, 'listings']);
  const query = useOwnerListings(kind, userId);
  const count = useOwnerCount(kind.api, userId);
  const total = query.data?.length ?? count.data;
  const heading = total === undefined ? t('profileTab.title') : t('profileTab.titleCount', { count: total });
  const add = <AddLink to={kind.paths.addFromProfile} label={t(`${kind.name}:list.add`)} />;
  return (
    <section className="space-y-4" aria-label={heading}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-extrabold">{heading}</h2>
        {canAdd && query.data && query.data.length > 0 && <AddLink to={kind.paths.addFromProfile} label={t(`${kind.name}:list.add`)} variant="secondary" />}
      </div>
      {query.isPending ? (
        <div role="status" aria-label={t('listings:loading')}>
          <TabSkeleton />
        </div>
      ) : query.isError || !query.data ? (
        <Alert tone="error">{t('profileTab.loadFailed')}</Alert>
      ) : query.data.length === 0 ? (
        <EmptyState title={canAdd ? t('profileTab.emptyOwner') : t('profileTab.empty')} action={canAdd ? add : undefined} />
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {query.data.map((entry) => (
            <li key={entry.id}>
              <TabCard entry={kind.tabEntry(entry)} href={kind.tabPath(entry)} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
