import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { formatRelative } from '../../../common/format';
import type { AppNotification } from '../../../common/schemas/notifications';
import { useLanguage } from '../../i18n/language';
import { LocalizedLink } from '../../i18n/localized-link';
import { useTranslation } from '../../i18n/react';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import { RetryAlert } from '../../ui/retry-alert';
import { Spinner } from '../../ui/spinner';
import { getInboxPage, useInbox } from './api/get-inbox';
import { useMarkRead } from './api/mark-read';

/** Older pages the reader asked for in this opening of the panel; the newest page stays the cache's. */
interface Older {
  items: AppNotification[];
  cursor: string | null;
}

/**
 * The bell's panel: the newest notifications with their time, each a link to where it leads
 * (opening one marks it read), "mark all as read" and older pages on request. A non-modal
 * dialog under the bell: Escape or a click elsewhere closes it, Escape returns focus to the bell.
 */
export function BellPanel({ id, me, anchor, onClose }: { id: string; me: number; anchor: RefObject<HTMLElement | null>; onClose: (refocus: boolean) => void }) {
  const { t } = useTranslation('notifications');
  const lang = useLanguage();
  const inbox = useInbox(me, lang);
  const markRead = useMarkRead(me);
  const [older, setOlder] = useState<Older | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [olderFailed, setOlderFailed] = useState(false);
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();

  // Read by the listeners below, so a new `onClose` on each render of the bell re-registers nothing.
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  });

  // Opened: the panel takes focus and closes on Escape or a click outside the bell and itself.
  useEffect(() => {
    panelRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeRef.current(true);
    };
    const onPointer = (event: PointerEvent) => {
      if (!anchor.current?.contains(event.target as Node)) closeRef.current(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [anchor]);

  const newest = inbox.data;
  const seen = new Set(newest?.notifications.map((n) => n.id));
  const items = [...(newest?.notifications ?? []), ...(older?.items.filter((n) => !seen.has(n.id)) ?? [])];
  const cursor = older ? older.cursor : (newest?.nextCursor ?? null);
  const unread = newest?.unread ?? 0;

  const loadOlder = async () => {
    if (!cursor) return;
    setLoadingOlder(true);
    setOlderFailed(false);
    try {
      const page = await getInboxPage(cursor);
      setOlder((was) => ({ items: [...(was?.items ?? []), ...page.notifications], cursor: page.nextCursor }));
    } catch {
      setOlderFailed(true);
    } finally {
      setLoadingOlder(false);
    }
  };

  const markOlderRead = (which: (n: AppNotification) => boolean) => {
    const now = new Date().toISOString();
    setOlder((was) => was && { ...was, items: was.items.map((n) => (n.readAt === null && which(n) ? { ...n, readAt: now } : n)) });
  };

  const open = (notification: AppNotification) => {
    if (notification.readAt === null) {
      markRead.mutate({ ids: [notification.id] });
      markOlderRead((n) => n.id === notification.id);
    }
    onClose(false);
  };

  const markAll = () => {
    markRead.mutate({ all: true });
    markOlderRead(() => true);
  };

  return (
    <div
      id={id}
      ref={panelRef}
      role="dialog"
      aria-labelledby={titleId}
      tabIndex={-1}
      className="absolute inset-x-4 top-full z-40 mt-1 rounded border border-line bg-paper text-ink shadow-lg outline-none sm:left-auto sm:w-96"
    >
      <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1 border-b border-line px-4 py-2">
        <h2 id={titleId} className="text-base font-bold">
          {t('panel.title')}
        </h2>
        {unread > 0 && (
          <Button size="sm" variant="ghost" className="-mx-3 whitespace-nowrap" onClick={markAll}>
            {t('panel.markAll')}
          </Button>
        )}
      </div>
      {inbox.isPending ? (
        <div className="flex justify-center p-4">
          <Spinner label={t('panel.loading')} />
        </div>
      ) : inbox.isError && !newest ? (
        <div className="p-3">
          <RetryAlert size="sm" retryLabel={t('panel.retry')} onRetry={() => void inbox.refetch()}>
            {t('panel.failed')}
          </RetryAlert>
        </div>
      ) : items.length === 0 ? (
        <p className="px-4 py-6 text-center text-sm text-ink-muted">{t('panel.empty')}</p>
      ) : (
        <ul className="max-h-[min(28rem,70vh)] divide-y divide-line overflow-y-auto">
          {items.map((n) => (
            <li key={n.id}>
              <LocalizedLink
                to={n.url}
                onClick={() => open(n)}
                className={cn('flex gap-3 px-4 py-3 text-ink no-underline hover:bg-sunken', n.readAt === null && 'bg-sunken/50')}
              >
                <span aria-hidden="true" className={cn('mt-1.5 size-2 shrink-0 rounded-full', n.readAt === null ? 'bg-accent' : 'bg-transparent')} />
                <span className="min-w-0">
                  <span className={cn('block text-sm', n.readAt === null && 'font-semibold')}>
                    {n.readAt === null && <span className="sr-only">{t('panel.unread')} </span>}
                    {n.title}
                  </span>
                  <time dateTime={n.createdAt} className="block text-xs text-ink-muted">
                    {formatRelative(n.createdAt, lang)}
                  </time>
                </span>
              </LocalizedLink>
            </li>
          ))}
        </ul>
      )}
      {(cursor || olderFailed) && (
        <div className="flex flex-col items-center gap-2 border-t border-line p-2">
          {olderFailed && (
            <p role="alert" className="text-sm text-danger">
              {t('panel.failed')}
            </p>
          )}
          {cursor && (
            <Button size="sm" variant="ghost" loading={loadingOlder} onClick={() => void loadOlder()}>
              {t('panel.older')}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
