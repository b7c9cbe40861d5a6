import { useQueryClient } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import type { NotificationPage } from '../../../common/schemas/notifications';
import { useLanguage } from '../../i18n/language';
import { useTranslation } from '../../i18n/react';
import { onLiveSignal } from '../../lib/live-events';
import { inboxKeys, useInbox } from './api/get-inbox';

// The header is in every page's first load; the panel's code (list, times, mark as read) comes when it is opened.
const BellPanel = lazy(() => import('./bell-panel').then((m) => ({ default: m.BellPanel })));

/** The bell in the header for the logged-in user `me`: the unread count as a badge and the panel of the newest notifications. */
export function NotificationBell({ me }: { me: number }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const qc = useQueryClient();
  const inbox = useInbox(me, lang);
  const unread = inbox.data?.unread ?? 0;
  const [open, setOpen] = useState(false);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  // The live stream tells of new and read notifications at once (from any tab or process).
  useEffect(
    () =>
      onLiveSignal((signal) => {
        if (signal.type === 'notification.created' || signal.type === 'notifications.read') {
          qc.setQueriesData<NotificationPage>({ queryKey: inboxKeys.all(me) }, (page) => page && { ...page, unread: signal.unread });
        } else if (signal.type !== 'live.gap') return;
        void qc.invalidateQueries({ queryKey: inboxKeys.all(me) });
      }),
    [qc, me],
  );

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };

  return (
    <div ref={wrapperRef}>
      <button
        ref={buttonRef}
        type="button"
        className="relative inline-flex size-11 items-center justify-center rounded text-ink transition-colors hover:bg-sunken"
        aria-expanded={open}
        aria-haspopup="dialog"
        aria-controls={open ? panelId : undefined}
        onClick={() => (open ? close(false) : setOpen(true))}
      >
        <Bell aria-hidden="true" className="size-5" />
        {unread > 0 && (
          <span aria-hidden="true" className="absolute -top-1.5 -right-1.5 min-w-5 rounded-full bg-accent px-1 text-center text-xs leading-5 font-bold text-on-accent">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
        <span className="sr-only">{unread > 0 ? t('nav.notificationsUnread', { count: unread }) : t('nav.notifications')}</span>
      </button>
      {open && (
        <Suspense fallback={null}>
          <BellPanel id={panelId} me={me} anchor={wrapperRef} onClose={close} />
        </Suspense>
      )}
    </div>
  );
}
