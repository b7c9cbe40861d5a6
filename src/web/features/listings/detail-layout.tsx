import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/react';
import type { StyleRef } from '../../../common/schemas/listing-fields';
import { profilePathTo } from '../../../common/routes';
import { ApiError } from '../../lib/api';
import { LocalizedLink } from '../../i18n/localized-link';
import { Alert } from '../../ui/alert';
import { Avatar } from '../../ui/avatar';
import { BadgeList } from '../../ui/badge';
import { buttonClasses } from '../../ui/button';
import { Card } from '../../ui/card';
import { cn } from '../../ui/cn';
import { Skeleton, SkeletonLines } from '../../ui/skeleton';
import { InactiveBadge } from './listing-card';

export interface DetailFact {
  label: string;
  value: ReactNode;
}

/**
 * A listing's detail page: who posted it (avatar, name, link to the profile), the title, the
 * pictures (`media`: a guest spot's photos), the facts (place, period, ...), styles, the text
 * sections, and the action column (contact, or the owner's actions); `below` takes the owner's
 * matches.
 */
export function DetailLayout({
  kicker,
  title,
  isActive,
  owner,
  ownerLabel,
  facts,
  styles,
  sections,
  actions,
  notice,
  media,
  terms,
  below,
}: {
  kicker: string;
  title: string;
  isActive: boolean;
  owner: { id: number; name: string; username: string; avatar: string | null; cityName: string | null };
  ownerLabel: string;
  facts: DetailFact[];
  styles: StyleRef[];
  sections: { title: string; text: string | null }[];
  actions: ReactNode;
  notice?: ReactNode;
  media?: ReactNode;
  /** The deal: a spot's terms or an availability's wishes, after the facts. */
  terms?: ReactNode;
  below?: ReactNode;
}) {
  const { t } = useTranslation('listingsEntry');
  const profile = profilePathTo(owner.username);
  return (
    <article className="mx-auto w-full max-w-5xl space-y-8 px-4 py-8 sm:py-12">
      <header className="space-y-3">
        <p className="text-sm font-semibold tracking-wide text-ink-muted uppercase">{kicker}</p>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="min-w-0 text-3xl font-extrabold tracking-tight break-words sm:text-4xl">{title}</h1>
          {!isActive && <InactiveBadge />}
        </div>
        {notice}
      </header>
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_18rem]">
        {/* The pictures come first on a phone; beside the poster's card on a wide screen, so the actions stay on the first screen. */}
        {media && <div className="order-first min-w-0 lg:col-start-1 lg:row-start-1">{media}</div>}
        <div className={cn('min-w-0 space-y-8', media && 'lg:col-start-1 lg:row-start-2')}>
          <dl className="grid gap-4 sm:grid-cols-2">
            {facts.map((f) => (
              <div key={f.label} className="min-w-0">
                <dt className="text-sm font-semibold text-ink-muted">{f.label}</dt>
                <dd className="mt-0.5 break-words">{f.value}</dd>
              </div>
            ))}
          </dl>
          {terms}
          {styles.length > 0 && (
            <section aria-labelledby="detail-styles" className="space-y-2">
              <h2 id="detail-styles" className="text-lg font-bold">
                {t('fields.styles')}
              </h2>
              <BadgeList items={styles} />
            </section>
          )}
          {sections
            .filter((s) => s.text)
            .map((s) => (
              <section key={s.title} className="space-y-2">
                <h2 className="text-lg font-bold">{s.title}</h2>
                <p className="max-w-[70ch] break-words whitespace-pre-line">{s.text}</p>
              </section>
            ))}
        </div>
        <aside className={cn('order-first space-y-4 lg:order-none', media && 'lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-start')}>
          <Card className="space-y-4 p-4">
            <p className="text-sm font-semibold text-ink-muted">{ownerLabel}</p>
            <LocalizedLink to={profile} className="flex items-center gap-3 text-ink no-underline hover:underline">
              <Avatar src={owner.avatar} name={owner.name} size="lg" decorative />
              <span className="min-w-0">
                <span className="block font-bold break-words">{owner.name}</span>
                {owner.cityName && <span className="block text-sm text-ink-muted">{owner.cityName}</span>}
              </span>
            </LocalizedLink>
            <LocalizedLink to={profile} className={buttonClasses({ size: 'sm', className: 'w-full' })}>
              {t('viewProfile')}
            </LocalizedLink>
          </Card>
          <div className="space-y-3">{actions}</div>
        </aside>
      </div>
      {below}
    </article>
  );
}

export function DetailSkeleton() {
  const { t } = useTranslation('listings');
  return (
    <div role="status" aria-label={t('loading')} className="mx-auto w-full max-w-5xl space-y-6 px-4 py-8 sm:py-12">
      <SkeletonLines lines={['h-4 w-32', 'h-10 w-2/3']} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SkeletonLines lines={['h-12', 'h-12', 'h-12', 'h-12']} />
      </div>
      <Skeleton className="h-32 w-full" />
    </div>
  );
}

/** A detail or edit page whose listing could not be loaded: not found (with the way to the list) or the error. */
export function LoadProblem({ error, listHref, listLabel, notFoundText }: { error: unknown; listHref: string; listLabel: string; notFoundText: string }) {
  const { t } = useTranslation('listings');
  const notFound = error instanceof ApiError && error.status === 404;
  return (
    <section className="mx-auto max-w-xl space-y-6 px-4 py-16 text-center">
      <h1 className="text-2xl font-extrabold">{notFound ? notFoundText : t('loadFailed')}</h1>
      {!notFound && error instanceof ApiError && <Alert tone="error">{error.message}</Alert>}
      <LocalizedLink to={listHref} className={buttonClasses({ variant: 'primary' })}>
        {listLabel}
      </LocalizedLink>
    </section>
  );
}

/** One listing from the API: the skeleton while it loads, the problem when it cannot be loaded, else `children`. */
export function LoadedListing<T>({
  query,
  children,
  ...problem
}: {
  query: UseQueryResult<T>;
  listHref: string;
  listLabel: string;
  notFoundText: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <DetailSkeleton />;
  if (query.isError) return <LoadProblem error={query.error} {...problem} />;
  return children(query.data);
}
