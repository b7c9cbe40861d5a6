import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { PostsAnswer } from '../../../../common/schemas/instagram';
import { api, toQuery } from '../../../lib/api';
import { postKeys } from './keys';

/**
 * GET /api/instagram/posts: the upcoming posts (drafts and planned ones, soonest first). The
 * server keeps at most 100 of them, so this list is never paged.
 */
export function useUpcomingPosts(enabled = true) {
  return useQuery({
    queryKey: postKeys.upcoming(),
    enabled,
    queryFn: ({ signal }) => api.get<PostsAnswer>('/api/instagram/posts', { signal }),
    select: (answer) => answer.posts,
  });
}

/** The number of upcoming posts, for the dashboard tile (the same call and cache as the list). */
export function useUpcomingCount(enabled = true) {
  return useQuery({
    queryKey: postKeys.upcoming(),
    enabled,
    queryFn: ({ signal }) => api.get<PostsAnswer>('/api/instagram/posts', { signal }),
    select: (answer) => answer.posts.length,
  });
}

/** GET /api/instagram/posts?status=published|cancelled&page=n: the past posts, a page at a time. */
export function usePastPosts(status: 'published' | 'cancelled', enabled = true) {
  return useInfiniteQuery({
    queryKey: postKeys.past(status),
    enabled,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => api.get<PostsAnswer>(`/api/instagram/posts${toQuery({ status, page: pageParam })}`, { signal }),
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}
