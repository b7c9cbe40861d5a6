import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FeedPage, FollowPage, FollowPreferences, FollowState } from '../../../common/schemas/follows';
import { api, toQuery } from '../../lib/api';
import { useSession } from '../../lib/session';

/** The follows' cache keys, per logged-in user: a second account in the tab never reads the first one's. */
export const followKeys = {
  all: (me: number) => ['follows', me] as const,
  state: (me: number, userId: number) => ['follows', me, 'state', userId] as const,
  feed: (me: number) => ['follows', me, 'feed'] as const,
  followers: (me: number) => ['follows', me, 'followers'] as const,
  preferences: (me: number) => ['follows', me, 'preferences'] as const,
};

/** GET /api/follows/{userId}: whether I follow the account, and its count (logged in only). */
export function useFollowState(userId: number) {
  const { user } = useSession();
  const me = user?.id ?? 0;
  return useQuery({
    queryKey: followKeys.state(me, userId),
    enabled: me > 0 && me !== userId,
    queryFn: ({ signal }) => api.get<FollowState>(`/api/follows/${userId}`, { signal }),
  });
}

/**
 * PUT or DELETE /api/follows/{userId}, optimistic: the button and count change at once, the
 * server's answer settles them, and a failure puts back what was there.
 */
export function useToggleFollow(userId: number) {
  const qc = useQueryClient();
  const { user } = useSession();
  const me = user?.id ?? 0;
  const key = followKeys.state(me, userId);
  return useMutation({
    mutationFn: (follow: boolean) => (follow ? api.put<FollowState>(`/api/follows/${userId}`) : api.delete<FollowState>(`/api/follows/${userId}`)),
    onMutate: async (follow) => {
      await qc.cancelQueries({ queryKey: key });
      const before = qc.getQueryData<FollowState>(key);
      if (before && before.following !== follow) qc.setQueryData<FollowState>(key, { following: follow, followers: Math.max(0, before.followers + (follow ? 1 : -1)) });
      return { before };
    },
    onSuccess: (state) => {
      // A later press already shows its own intent: an earlier answer must not undo it.
      if (qc.getQueryData<FollowState>(key)?.following === state.following) qc.setQueryData(key, state);
      // The feed changes with whom I follow.
      void qc.invalidateQueries({ queryKey: followKeys.feed(me) });
    },
    onError: (_err, _follow, context) => {
      if (context?.before) qc.setQueryData(key, context.before);
    },
  });
}

/** GET /api/follows/feed: the Following feed, a page at a time. */
export function useFollowingFeed() {
  const { user } = useSession();
  const me = user?.id ?? 0;
  return useInfiniteQuery({
    queryKey: followKeys.feed(me),
    enabled: me > 0,
    initialPageParam: null as string | null,
    getNextPageParam: (last: FeedPage) => last.nextCursor,
    queryFn: ({ pageParam, signal }) => api.get<FeedPage>(`/api/follows/feed${toQuery({ cursor: pageParam ?? undefined })}`, { signal }),
  });
}

/** GET /api/followers: who follows me, a page at a time (only ever my own). */
export function useFollowers() {
  const { user } = useSession();
  const me = user?.id ?? 0;
  return useInfiniteQuery({
    queryKey: followKeys.followers(me),
    enabled: me > 0,
    initialPageParam: null as string | null,
    getNextPageParam: (last: FollowPage) => last.nextCursor,
    queryFn: ({ pageParam, signal }) => api.get<FollowPage>(`/api/followers${toQuery({ cursor: pageParam ?? undefined })}`, { signal }),
  });
}

/** GET /api/follows/preferences: whether the weekly mail is on. */
export function useFollowPreferences() {
  const { user } = useSession();
  const me = user?.id ?? 0;
  return useQuery({
    queryKey: followKeys.preferences(me),
    enabled: me > 0,
    queryFn: ({ signal }) => api.get<FollowPreferences>('/api/follows/preferences', { signal }),
  });
}

/** PUT /api/follows/preferences, shown at once and put back on a failure. */
export function useSaveFollowPreferences() {
  const qc = useQueryClient();
  const { user } = useSession();
  const key = followKeys.preferences(user?.id ?? 0);
  return useMutation({
    mutationFn: (input: FollowPreferences) => api.put<FollowPreferences>('/api/follows/preferences', input),
    onMutate: (input) => {
      const before = qc.getQueryData<FollowPreferences>(key);
      qc.setQueryData(key, input);
      return { before };
    },
    onSuccess: (saved) => qc.setQueryData(key, saved),
    onError: (_err, _input, context) => {
      if (context?.before) qc.setQueryData(key, context.before);
    },
  });
}
