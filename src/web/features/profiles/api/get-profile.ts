import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { GalleryImage } from '../../../../common/schemas/gallery';
import type { ProfileUser } from '../../../../common/schemas/profile';
import { pageQueryKeys } from '../../../../common/page-queries';
import { useLanguage } from '../../../i18n/language';
import { api, ApiError } from '../../../lib/api';

export const profileKey = pageQueryKeys.profile;

/** Whether a failed profile load means "no such profile" (404, or a message containing 'not found'). */
export function isNotFound(err: unknown): boolean {
  if (err instanceof ApiError && err.status === 404) return true;
  return err instanceof Error && /not found/i.test(err.message);
}

/** GET /api/profile/{username}. */
export function useProfile(username: string) {
  const lang = useLanguage();
  return useQuery({
    queryKey: profileKey(username, lang),
    queryFn: async ({ signal }) => {
      const res = await api.get<{ success: boolean; user?: ProfileUser; message?: string }>(
        `/api/profile/${encodeURIComponent(username)}`,
        { signal },
      );
      if (!res.success || !res.user) throw new Error(res.message || 'Profile not found');
      return res.user;
    },
    retry: (count, err) => !isNotFound(err) && !(err instanceof ApiError && err.status < 500 && err.status > 0) && count < 1,
  });
}

/** Writes into the cached profile (the portfolio's add, replace and remove; the saved profile). */
export function useProfileCache(username: string) {
  const queryClient = useQueryClient();
  const lang = useLanguage();
  const key = profileKey(username, lang);
  const setProfile = useCallback(
    (update: (profile: ProfileUser) => ProfileUser) => queryClient.setQueryData<ProfileUser>(key, (p) => (p ? update(p) : p)),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [queryClient, key[1], key[2]],
  );
  const setImages = useCallback(
    (update: (images: GalleryImage[]) => GalleryImage[]) => setProfile((p) => ({ ...p, galleryImages: update(p.galleryImages) })),
    [setProfile],
  );
  return { setProfile, setImages };
}
