import { useQuery } from '@tanstack/react-query';
import { UNREAD_POLL_DASHBOARD_MS } from '../../../../common/constants';
import type { Language } from '../../../../common/languages';
import type { NotificationPage } from '../../../../common/schemas/notifications';
import { api } from '../../../lib/api';

/** The bell's cache keys: per user (a second account in the tab never reads the first one's), the titles per language. */
export const inboxKeys = {
  all: (me: number) => ['notifications', me, 'inbox'] as const,
  newest: (me: number, lang: Language) => ['notifications', me, 'inbox', lang] as const,
};

export const getInboxPage = (cursor: string | null, signal?: AbortSignal) =>
  api.get<NotificationPage>(`/api/notifications${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`, { signal });

/**
 * GET /api/notifications, the newest page: the badge's unread count and the panel's list. The
 * live stream keeps it current; polling as the messages' count does is the fallback.
 */
export function useInbox(me: number, lang: Language) {
  return useQuery({
    queryKey: inboxKeys.newest(me, lang),
    queryFn: ({ signal }) => getInboxPage(null, signal),
    refetchInterval: UNREAD_POLL_DASHBOARD_MS,
    refetchIntervalInBackground: false,
    refetchOnMount: true,
  });
}
