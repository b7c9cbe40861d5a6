import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { ProfileUser } from '../../../../common/schemas/profile';
import { api } from '../../../lib/api';

/** POST /api/profile-visits {profileId}. */
export function useRecordVisit() {
  return useMutation({ mutationFn: (profileId: number) => api.post('/api/profile-visits', { profileId }) });
}

/** Records one visit per profile and page view when someone who may not change it (`can.edit`) looks at it. */
export function useVisit(profile: ProfileUser | undefined, sessionLoading: boolean) {
  const { mutate } = useRecordVisit();
  const done = useRef<number | null>(null);
  useEffect(() => {
    if (!profile || profile.can.edit || sessionLoading || done.current === profile.id) return;
    done.current = profile.id;
    mutate(profile.id, { onError: () => undefined });
  }, [profile, sessionLoading, mutate]);
}
