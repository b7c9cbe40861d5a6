import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MarkNotificationsRead, NotificationPage } from '../../../../common/schemas/notifications';
import { api } from '../../../lib/api';
import { inboxKeys } from './get-inbox';

/**
 * PUT /api/notifications/read: marks the ones named (or all) read at once in the cached pages,
 * then takes the server's count; a failure refetches what the server has.
 */
export function useMarkRead(me: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (which: MarkNotificationsRead) => api.put<{ updated: number; unread: number }>('/api/notifications/read', which),
    onMutate: async (which) => {
      await qc.cancelQueries({ queryKey: inboxKeys.all(me) });
      const now = new Date().toISOString();
      const read = (id: number) => 'all' in which || which.ids.includes(id);
      qc.setQueriesData<NotificationPage>({ queryKey: inboxKeys.all(me) }, (page) => {
        if (!page) return page;
        const notifications = page.notifications.map((n) => (n.readAt === null && read(n.id) ? { ...n, readAt: now } : n));
        const newlyRead = page.notifications.filter((n) => n.readAt === null && read(n.id)).length;
        return { ...page, notifications, unread: 'all' in which ? 0 : Math.max(0, page.unread - newlyRead) };
      });
    },
    onSuccess: ({ unread }) => {
      qc.setQueriesData<NotificationPage>({ queryKey: inboxKeys.all(me) }, (page) => page && { ...page, unread });
    },
    onError: () => void qc.invalidateQueries({ queryKey: inboxKeys.all(me) }),
  });
}
