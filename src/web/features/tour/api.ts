import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeed, Tour } from '../../../common/schemas/tour';
import { pageQueryKeys } from '../../../common/page-queries';
import { useLanguage } from '../../i18n/language';
import { api } from '../../lib/api';

/** An artist's tour (GET /api/tours/{username}), its places named in the interface's language. */
export function useTour(username: string) {
  const lang = useLanguage();
  return useQuery({
    queryKey: pageQueryKeys.tour(username, lang),
    queryFn: ({ signal }) => api.get<Tour>(`/api/tours/${encodeURIComponent(username)}`, { signal }),
  });
}

const FEED_KEY = ['calendar-feed'] as const;

/** The own private feed's address (GET /api/calendar, made on first use). */
export function useCalendarFeed(enabled: boolean) {
  return useQuery({
    queryKey: FEED_KEY,
    queryFn: ({ signal }) => api.get<CalendarFeed>('/api/calendar', { signal }),
    enabled,
  });
}

/** A new address for the private feed: the old one is revoked (DELETE), then a new one made. */
export function useRenewCalendarFeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await api.delete('/api/calendar');
      return api.get<CalendarFeed>('/api/calendar');
    },
    onSuccess: (feed) => client.setQueryData(FEED_KEY, feed),
  });
}
