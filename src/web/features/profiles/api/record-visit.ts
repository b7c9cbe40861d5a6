import { useEffect, useRef } from 'react';
import type { ProfileUser } from '../../../../common/schemas/profile';
import { api } from '../../../lib/api';

/** POST /api/profile-visits {profileId}. */
function recordVisit(profileId: number): Promise<unknown> {
  return api.post('/api/profile-visits', { profileId });
}

/**
 * Records one visit per profile and page view when someone who may not change it (`can.edit`)
 * looks at it. A plain call rather than a mutation: the page shows nothing of it, and a
 * mutation's state changes would render the whole page again right after it hydrated.
 */
export function useVisit(profile: ProfileUser | undefined, sessionLoading: boolean) {
  const done = useRef<number | null>(null);
  useEffect(() => {
    if (!profile || profile.can.edit || sessionLoading || done.current === profile.id) return;
    done.current = profile.id;
    recordVisit(profile.id).catch(() => undefined);
  }, [profile, sessionLoading]);
}
