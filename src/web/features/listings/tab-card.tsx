import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { DESCRIPTION_PREVIEW } from '../../../common/constants';
import { truncate } from '../../../common/format';
import type { StyleRef } from '../../../common/schemas/listing-fields';
import { LocalizedLink } from '../../i18n/localized-link';
import { buttonClasses } from '../../ui/button';
import { Card } from '../../ui/card';
import { Skeleton } from '../../ui/skeleton';
import { EmptyState } from '../../ui/empty-state';
import { Alert } from '../../ui/alert';
import { InactiveBadge, StyleBadges } from './listing-card';
import { usePeriodText } from './period';
import { AddLink } from './owner-actions';

export interface TabCardEntry {
  id: number;
  title: string;
  isActive: boolean;
  startDate: string;
  endDate: string;
  description: string | null;
  styles: StyleRef[];
  compensation?: string | null;
  compensationDetails?: string | null;
  location?: string | null;
}

/**
 * A card of the profile tabs (document 2 §2): title, Inactive badge, period, compensation with
 * details, the description cut at 150 characters plus '…', style badges and view details.
 */
export function TabCard({ entry, href }: { entry: TabCardEntry; href: string }) {
  const { t } = useTranslation('listings');
  const period = usePeriodText();
  const compensation = [entry.compensation, entry.compensationDetails].filter(Boolean).join(' – ');
  return (
    <Card className="flex h-full flex-col gap-3 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="min-w-0 text-lg leading-tight font-bold break-words">{entry.title}</h3>
        {!entry.isActive && <InactiveBadge />}
      </div>
      <dl className="grid gap-1 text-sm">
        <div className="flex flex-wrap gap-x-2">
          <dt className="font-semibold">{t('fields.period')}</dt>
          <dd>{period(entry.startDate, entry.endDate)}</dd>
        </div>
        {entry.location && (
          <div className="flex flex-wrap gap-x-2">
            <dt className="font-semibold">{t('fields.place')}</dt>
            <dd>{entry.location}</dd>
          </div>
        )}
        {compensation && (
          <div className="flex flex-wrap gap-x-2">
            <dt className="font-semibold">{t('fields.compensation')}</dt>
            <dd className="min-w-0 break-words">{compensation}</dd>
          </div>
        )}
      </dl>
      {entry.description && <p className="text-sm break-words text-ink-muted">{truncate(entry.description, DESCRIPTION_PREVIEW)}</p>}
      <StyleBadges styles={entry.styles} max={8} />
      <div className="mt-auto pt-1">
        <LocalizedLink to={href} className={buttonClasses({ size: 'sm' })} aria-label={t('viewDetailsNamed', { title: entry.title })}>
          {t('viewDetails')}
          <ArrowRight aria-hidden="true" className="size-4" />
        </LocalizedLink>
      </div>
    </Card>
  );
}

export function TabCardSkeleton() {
  return (
    <Card className="space-y-3 p-4">
      <Skeleton className="h-6 w-2/3" />
      <Skeleton className="h-4 w-1/2" />
      <Skeleton className="h-4 w-1/3" />
      <Skeleton className="h-12 w-full" />
      <Skeleton className="h-8 w-28" />
    </Card>
  );
}

/** The loading shape of a profile tab: two placeholder cards. */
export function TabSkeleton() {
  return (
    <div aria-hidden="true" className="grid gap-4 md:grid-cols-2">
      <TabCardSkeleton />
      <TabCardSkeleton />
    </div>
  );
}

/** A profile tab's states: skeleton of two cards, error text, empty state (add button for the owner), cards. */
export function ListingTab<T extends TabCardEntry>({
  heading,
  query,
  errorText,
  emptyText,
  isOwner,
  addHref,
  addLabel,
  hrefFor,
  toEntry = (e) => e,
}: {
  heading: string;
  query: { isPending: boolean; isError: boolean; data?: T[] };
  errorText: string;
  emptyText: string;
  isOwner: boolean;
  addHref: string;
  addLabel: string;
  hrefFor: (entry: T) => string;
  toEntry?: (entry: T) => TabCardEntry;
}) {
  const { t } = useTranslation('listings');
  return (
    <section className="space-y-4" aria-label={heading}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-extrabold">{heading}</h2>
        {isOwner && query.data && query.data.length > 0 && <AddLink to={addHref} label={addLabel} variant="secondary" />}
      </div>
      {query.isPending ? (
        <div role="status" aria-label={t('loading')}>
          <TabSkeleton />
        </div>
      ) : query.isError || !query.data ? (
        <Alert tone="error">{errorText}</Alert>
      ) : query.data.length === 0 ? (
        <EmptyState title={emptyText} action={isOwner ? <AddLink to={addHref} label={addLabel} /> : undefined} />
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {query.data.map((entry) => (
            <li key={entry.id}>
              <TabCard entry={toEntry(entry)} href={hrefFor(entry)} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
