import { CalendarDays, Handshake, Image as ImageIcon, MapPin, Rss } from 'lucide-react';
import { useId } from 'react';
import { formatDate, formatDayRange } from '../../../common/format';
import { buildPath } from '../../../common/routes';
import type { FeedItem } from '../../../common/schemas/follows';
import { useLanguage } from '../../i18n/language';
import { LocalizedLink } from '../../i18n/localized-link';
import { useTranslation } from '../../i18n/react';
import { Avatar } from '../../ui/avatar';
import { buttonClasses } from '../../ui/button';
import { Card } from '../../ui/card';
import { CardHeading } from '../../ui/card-heading';
import { EmptyState } from '../../ui/empty-state';
import { LoadMoreButton } from '../../ui/load-more';
import { QueryErrorAlert } from '../../ui/retry-alert';
import { Skeleton } from '../../ui/skeleton';
import { toast } from '../../ui/toast';
import { useFollowingFeed, useFollowPreferences, useSaveFollowPreferences } from './api';

const KIND_ICONS = { availability: CalendarDays, guest_spot: MapPin, portfolio: ImageIcon, stay: Handshake } as const;

/**
 * The dashboard's Following feed: new availabilities, guest spots, agreed stays and portfolio
 * pieces of the accounts one follows, newest first, with "load more", and the weekly mail's
 * setting under it.
 */
export function FollowingFeedCard() {
  const { t } = useTranslation('follows');
  const feed = useFollowingFeed();
  const items = feed.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Card id="following" className="space-y-4 p-5" aria-labelledby="following-feed-heading">
      <CardHeading id="following-feed-heading" title={t('feed.title')} intro={t('feed.intro')} />
      {feed.isPending ? (
        <div aria-busy="true" className="space-y-3">
          <span className="sr-only">{t('loading')}</span>
          {[0, 1, 2].map((i) => (
            <div key={i} className="flex gap-3">
              <Skeleton className="size-14 shrink-0" />
              <div className="flex-1 space-y-2">
                <Skeleton className="h-4 w-2/3" />
                <Skeleton className="h-4 w-1/3" />
              </div>
            </div>
          ))}
        </div>
      ) : feed.isError ? (
        <QueryErrorAlert query={feed} retryLabel={t('retry')} fallback={t('feed.failed')} />
      ) : items.length === 0 ? (
        <EmptyState
          icon={<Rss aria-hidden="true" />}
          title={t('feed.emptyTitle')}
          description={t('feed.emptyText')}
          action={
            <LocalizedLink to={buildPath('tattooArtists')} className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
              {t('feed.findArtists')}
            </LocalizedLink>
          }
        />
      ) : (
        <>
          <ul className="divide-y divide-line">
            {items.map((item) => (
              <FeedRow key={`${item.kind}-${item.id}`} item={item} />
            ))}
          </ul>
          <LoadMoreButton query={feed} label={t('feed.more')} size="sm" />
        </>
      )}
      <WeeklyMail />
    </Card>
  );
}

/** One item: its picture (or the owner's avatar), what happened, the title and the dates. */
export function FeedRow({ item }: { item: FeedItem }) {
  const { t } = useTranslation('follows');
  const lang = useLanguage();
  const Icon = KIND_ICONS[item.kind];
  const title = item.kind === 'stay' ? t('feed.stayWith', { name: item.title ?? '' }) : item.title || t('feed.untitled');
  return (
    <li className="py-3">
      <LocalizedLink to={item.url} className="group flex items-start gap-3 text-ink no-underline">
        {item.thumbnail ? (
          <img src={item.thumbnail} alt="" width={56} height={56} loading="lazy" className="size-14 shrink-0 rounded bg-sunken object-cover" />
        ) : (
          <Avatar src={item.owner.avatar} name={item.owner.name} username={item.owner.username} size="md" decorative />
        )}
        <span className="min-w-0 flex-1 space-y-0.5">
          <span className="flex items-center gap-1.5 text-sm text-ink-muted">
            <Icon aria-hidden="true" className="size-4 shrink-0" />
            {t(`feed.kind.${item.kind}`, { name: item.owner.name })}
          </span>
          <span className="block font-semibold break-words group-hover:underline">{title}</span>
          <span className="block text-sm text-ink-muted">
            {item.startDate && item.endDate ? `${formatDayRange(item.startDate, item.endDate, lang)}${item.place ? ` · ${item.place}` : ''} · ` : ''}
            {t('feed.posted', { date: formatDate(item.createdAt, lang) })}
          </span>
        </span>
      </LocalizedLink>
    </li>
  );
}

/** The weekly mail's checkbox: shown at once, put back when saving fails. */
function WeeklyMail() {
  const { t } = useTranslation('follows');
  const id = useId();
  const preferences = useFollowPreferences();
  const save = useSaveFollowPreferences();
  if (preferences.isError) return null;
  return (
    <div className="flex items-start gap-3 border-t border-line pt-4">
      <input
        id={id}
        type="checkbox"
        className="mt-1 size-4 accent-accent"
        checked={preferences.data?.weeklyMail ?? false}
        disabled={!preferences.data}
        aria-describedby={`${id}-hint`}
        onChange={(e) => {
          const weeklyMail = e.currentTarget.checked;
          save.mutate({ weeklyMail }, { onSuccess: () => toast.success(t(weeklyMail ? 'mail.on' : 'mail.off')), onError: (err) => toast.error(err.message || t('mail.failed')) });
        }}
      />
      <div>
        <label htmlFor={id} className="font-semibold">
          {t('mail.label')}
        </label>
        <p id={`${id}-hint`} className="text-sm text-ink-muted">
          {t('mail.hint')}
        </p>
      </div>
    </div>
  );
}
