import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { GalleryImage } from '../../../common/schemas/gallery';
import type { ProfileUpdateInput, ProfileUser } from '../../../common/schemas/profile';
import { usernameKey } from '../../../common/username';
import { useLanguage } from '../../i18n/language';
import { api, ApiError, upload } from '../../lib/api';
import type { Style } from '../gallery';

export const profileKey = (username: string, lang: string) => ['profile', usernameKey(username), lang] as const;

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

/** PUT /api/users/{id}/profile. */
export async function saveProfile(id: number, input: ProfileUpdateInput): Promise<ProfileUser> {
  const res = await api.put<{ success: boolean; user: ProfileUser }>(`/api/users/${id}/profile`, input);
  return res.user;
}

export type ProfileImageKind = 'avatar' | 'header';

/** POST /api/users/{id}/upload-image (multipart image, type, userId) with progress in percent. */
export async function uploadProfileImage(id: number, kind: ProfileImageKind, file: File, onProgress: (p: number) => void): Promise<string> {
  const form = new FormData();
  form.append('type', kind);
  form.append('userId', String(id));
  form.append('image', file);
  const res = await upload<{ success: boolean; imageUrl: string }>(`/api/users/${id}/upload-image`, form, { onProgress });
  return res.imageUrl;
}

/** DELETE /api/users/{id}/delete-image/{avatar|headerImage}. */
export async function deleteProfileImage(id: number, kind: ProfileImageKind): Promise<void> {
  await api.delete(`/api/users/${id}/delete-image/${kind === 'avatar' ? 'avatar' : 'headerImage'}`);
}

/** POST /api/profile-visits {profileId}. */
export async function recordVisit(profileId: number): Promise<void> {
  await api.post('/api/profile-visits', { profileId });
}

/**
 * The styles checklist: GET /api/users-fixed/styles, falling back to /api/users/styles and
 * then /api/styles (document 2 §7).
 */
export function useProfileStyles() {
  const lang = useLanguage();
  return useQuery({
    queryKey: ['styles', 'profile', lang],
    staleTime: 60 * 60_000,
    queryFn: async ({ signal }): Promise<Style[]> => {
      for (const path of ['/api/users-fixed/styles', '/api/users/styles']) {
        try {
          const res = await api.get<{ styles?: Style[] }>(`${path}?lang=${lang}`, { signal });
          if (Array.isArray(res.styles)) return res.styles;
        } catch (err) {
          if (signal.aborted) throw err;
        }
      }
      return api.get<Style[]>(`/api/styles?lang=${lang}`, { signal });
    },
  });
}
