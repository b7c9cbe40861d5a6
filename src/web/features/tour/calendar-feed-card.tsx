import { CalendarPlus, Copy, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { Button, buttonClasses } from '../../ui/button';
import { Card } from '../../ui/card';
import { CardHeading } from '../../ui/card-heading';
import { QueryErrorAlert } from '../../ui/retry-alert';
import { Skeleton } from '../../ui/skeleton';
import { toast } from '../../ui/toast';
import { useCalendarFeed, useRenewCalendarFeed } from './api';

/**
 * The dashboard's private calendar feed: one's own stays and pending requests in any calendar
 * app. The address is made when the card is opened, copied with one click, and renewed (the old
 * one stops working) when it was shared by mistake.
 */
export function CalendarFeedCard() {
  const { t } = useTranslation('tour');
  const [shown, setShown] = useState(false);
  const feed = useCalendarFeed(shown);
  const renew = useRenewCalendarFeed();
  const url = feed.data?.url;
  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t('feed.copied'));
    } catch {
      toast.error(t('feed.copyFailed'));
    }
  };
  return (
    <Card className="space-y-4 p-5" aria-labelledby="calendar-feed-heading">
      <CardHeading id="calendar-feed-heading" title={t('feed.title')} intro={t('feed.intro')} />
      {!shown ? (
        <Button variant="secondary" onClick={() => setShown(true)}>
          <CalendarPlus aria-hidden="true" className="size-4" />
          {t('feed.show')}
        </Button>
      ) : feed.isError ? (
        <QueryErrorAlert query={feed} retryLabel={t('retry')} fallback={t('feed.failed')} />
      ) : !url ? (
        <div aria-busy="true">
          <span className="sr-only">{t('loading')}</span>
          <Skeleton className="h-10 w-full" />
        </div>
      ) : (
        <div className="space-y-3">
          <label htmlFor="calendar-feed-url" className="block text-sm font-semibold">
            {t('feed.label')}
          </label>
          <input id="calendar-feed-url" readOnly value={url} className="w-full rounded border border-line-strong bg-paper px-3 py-2 font-mono text-sm" onFocus={(e) => e.currentTarget.select()} />
          <div className="flex flex-wrap gap-2">
            <Button variant="primary" onClick={() => void copy()}>
              <Copy aria-hidden="true" className="size-4" />
              {t('feed.copy')}
            </Button>
            <a href={url.replace(/^https?:/, 'webcal:')} className={buttonClasses({ variant: 'secondary' })}>
              <CalendarPlus aria-hidden="true" className="size-4" />
              {t('feed.open')}
            </a>
            <Button variant="ghost" disabled={renew.isPending} onClick={() => renew.mutate(undefined, { onSuccess: () => toast.success(t('feed.renewed')) })}>
              <RefreshCw aria-hidden="true" className="size-4" />
              {t('feed.renew')}
            </Button>
          </div>
          <p className="text-sm text-ink-muted">{t('feed.private')}</p>
        </div>
      )}
    </Card>
  );
}
