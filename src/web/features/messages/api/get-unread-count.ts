import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { messageKeys } from '../keys';

/**
 * GET /api/messages/unread-count. The live stream keeps it current; `pollMs` is the fallback
 * (60 s on the dashboard, 30 s in the owner's tab), paused while the tab is hidden.
 */
export function useUnreadCount(me: number | undefined, { pollMs, enabled = true }: { pollMs: number; enabled?: boolean }) {
  return useQuery({
    queryKey: messageKeys.unread(me ?? 0),
    queryFn: ({ signal }) => api.get<{ count: number }>('/api/messages/unread-count', { signal }),
    select: (answer) => answer.count,
    enabled: enabled && me !== undefined,
    refetchInterval: pollMs,
    refetchIntervalInBackground: false,
    refetchOnMount: true,
  });
}
