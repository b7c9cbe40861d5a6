import { useQuery } from '@tanstack/react-query';
import type { Preferences } from '../../../../common/schemas/messages';
import { api } from '../../../lib/api';

export const preferencesKey = (me: number) => ['notifications', me, 'preferences'] as const;

/** GET /api/profile/preferences: the language of mails and whether unread messages are mailed. */
export function usePreferences(me: number | undefined) {
  return useQuery({
    queryKey: preferencesKey(me ?? 0),
    queryFn: ({ signal }) => api.get<Preferences>('/api/profile/preferences', { signal }),
    enabled: me !== undefined,
  });
}
