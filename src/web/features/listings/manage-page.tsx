import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';
import { PageHeader } from '../../ui/page-header';
import { LocalizedLink } from '../../i18n/localized-link';
import { Alert } from '../../ui/alert';
import { Badge } from '../../ui/badge';
import { Card } from '../../ui/card';
import { EmptyState } from '../../ui/empty-state';
import { useSession } from '../../lib/session';
import { useOwnerListings } from './api/get-owner-listings';
import type { Listing, ListingKind } from './kind';
import { KINDS } from './kinds';
import { InactiveBadge } from './listing-card';
import { usePeriodText } from './period';
import { AddLink } from './add-link';
import { OwnerActions } from './owner-actions';
import { HiddenByModeration } from './moderation-note';
import { LoadingRows, LoginOnly, loginOnlyScreen } from './page-guard';

/**
 * The manage page of a kind (/guestspots/manage, /artist-availability/manage): one's own entries,
 * active and inactive, ended ones marked past (they left the public lists), each with its
 * actions; the add button on top.
 */
/** What a page combining the list with another feature adds (app/routes): below each entry, and under the list. */
export interface ManageExtras {
  below: (entry: Listing) => ReactNode;
  footer?: ReactNode;
}

function ManagePage({ kind, extras }: { kind: ListingKind; extras?: ManageExtras }) {
  const { t } = useTranslation([kind.entryNs, kind.name, 'listingsEntry']);
  const { user } = useSession();
  const query = useOwnerListings(kind, user?.id);
  const title = t('manage.title');
  const addLabel = t(`${kind.name}:list.add`);
  const addHref = kind.paths.add;
  const period = usePeriodText();
  return (
    <div className="mx-auto w-full max-w-4xl space-y-6 px-4 py-8 sm:py-12">
      <PageHeader
        title={title}
        intro={user?.userType === kind.postedBy ? t('manage.intro') : t(`${kind.texts.wrongType}Text`)}
        action={<AddLink to={addHref} label={addLabel} />}
      />
      {query.isPending ? (
        <LoadingRows height="h-28" />
      ) : query.isError || !query.data ? (
        <Alert tone="error">{t('profileTab.loadFailed')}</Alert>
      ) : query.data.length === 0 ? (
        <EmptyState title={t('manage.empty')} action={<AddLink to={addHref} label={addLabel} />} />
      ) : (
        <ul className="space-y-3">
          {query.data.map((entry) => {
            const place = kind.place(entry);
            return (
              <li key={entry.id}>
                <Card className="flex flex-col gap-3 p-4 md:flex-row md:items-center md:justify-between">
                  <div className="min-w-0 space-y-1">
                    <p className="flex flex-wrap items-center gap-2">
                      <LocalizedLink to={kind.detailPath(entry)} className="text-lg font-bold break-words">
                        {entry.title}
                      </LocalizedLink>
                      {!entry.isActive && <InactiveBadge />}
                      {entry.ended && <Badge>{t('listingsEntry:past')}</Badge>}
                    </p>
                    <p className="text-sm text-ink-muted">
                      {period(entry.startDate, entry.endDate)}
                      {place && ` · ${place}`}
                    </p>
                    <HiddenByModeration reason={entry.hiddenReason} />
                  </div>
                  <div className="shrink-0">
                    <OwnerActions kind={kind} listing={entry} />
                  </div>
                </Card>
                {extras && <div className="mt-3 ml-2 border-l-2 border-line pl-3 sm:ml-4 sm:pl-4">{extras.below(entry)}</div>}
              </li>
            );
          })}
        </ul>
      )}
      {extras?.footer}
    </div>
  );
}

export const GuestSpotManagePage = loginOnlyScreen(ManagePage, KINDS.guestSpots);
export const AvailabilityManagePage = loginOnlyScreen(ManagePage, KINDS.availability);

/** /guestspots/manage with what another feature adds to each spot (the applications, app/routes). */
export function GuestSpotManageWith({ extras }: { extras: ManageExtras }) {
  return (
    <LoginOnly>
      <ManagePage kind={KINDS.guestSpots} extras={extras} />
    </LoginOnly>
  );
}
