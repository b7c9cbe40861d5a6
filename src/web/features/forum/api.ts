import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Language } from '../../../common/languages';
import type {
  CreatePostInput,
  CreateThreadInput,
  ForumCategory,
  ForumCategoryPage,
  ForumPost,
  ForumPostAction,
  ForumThread,
  ForumThreadAction,
  ForumThreadPage,
  ForumThreadSummary,
  ForumUpload,
  UpdateThreadInput,
} from '../../../common/schemas/forum';
import { pageQueryKeys } from '../../../common/page-queries';
import { useLanguage } from '../../i18n/language';
import { api, toQuery } from '../../lib/api';
import { idempotentUpload } from '../../lib/idempotent-upload';

/** The forum's calls (docs: issue 25 §2). Types only from the schemas: the pages load no zod. */

const enc = encodeURIComponent;

export const forumKeys = {
  all: ['forum'] as const,
  categories: pageQueryKeys.forumCategories,
  category: pageQueryKeys.forumCategory,
  latest: pageQueryKeys.forumLatest,
  thread: pageQueryKeys.forumThread,
};

export function useForumCategories() {
  const lang = useLanguage();
  return useQuery({
    queryKey: forumKeys.categories(lang),
    queryFn: ({ signal }) => api.get<{ categories: ForumCategory[] }>('/api/forum/categories', { signal }).then((a) => a.categories),
  });
}

export function useCategoryThreads(slug: string, page: number, language: Language | null) {
  const lang = useLanguage();
  return useQuery({
    queryKey: forumKeys.category(lang, slug, page, language),
    queryFn: ({ signal }) => api.get<ForumCategoryPage>(`/api/forum/categories/${enc(slug)}/threads${toQuery({ page: page > 1 ? page : null, language })}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useLatestThreads(limit: number) {
  const lang = useLanguage();
  return useQuery({
    queryKey: forumKeys.latest(lang, limit),
    queryFn: ({ signal }) => api.get<{ threads: ForumThreadSummary[] }>(`/api/forum/threads/latest${toQuery({ limit })}`, { signal }).then((a) => a.threads),
  });
}

export function useThread(id: number, page: number) {
  const lang = useLanguage();
  return useQuery({
    queryKey: forumKeys.thread(lang, id, page),
    queryFn: ({ signal }) => api.get<ForumThreadPage>(`/api/forum/threads/${id}${toQuery({ page: page > 1 ? page : null })}`, { signal }),
  });
}

/** Every forum answer may show what a write changed (counts, last activity, the thread itself). */
function useRefreshForum() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: forumKeys.all });
}

export const forumApi = {
  createThread: (input: CreateThreadInput) => api.post<{ thread: ForumThread }>('/api/forum/threads', input).then((a) => a.thread),
  reply: (threadId: number, input: CreatePostInput) => api.post<{ post: ForumPost; page: number }>(`/api/forum/threads/${threadId}/posts`, input),
  updateThread: (id: number, input: UpdateThreadInput) => api.put<{ thread: ForumThread }>(`/api/forum/threads/${id}`, input),
  updatePost: (id: number, body: string) => api.put<{ post: ForumPost }>(`/api/forum/posts/${id}`, { body }),
  deleteThread: (id: number) => api.delete<{ threadDeleted: boolean }>(`/api/forum/threads/${id}`),
  deletePost: (id: number) => api.delete<{ threadDeleted: boolean }>(`/api/forum/posts/${id}`),
  like: (postId: number, on: boolean) => (on ? api.put : api.delete)<{ liked: boolean; likeCount: number }>(`/api/forum/posts/${postId}/like`),
  watch: (threadId: number, on: boolean) => (on ? api.put : api.delete)<{ watching: boolean }>(`/api/forum/threads/${threadId}/watch`),
  markAnswer: (threadId: number, postId: number | null) =>
    postId === null ? api.delete(`/api/forum/threads/${threadId}/answer`) : api.put(`/api/forum/threads/${threadId}/answer`, { postId }),
  moderateThread: (id: number, input: { action: ForumThreadAction; categoryId?: number; reason?: string }) => api.post(`/api/forum/threads/${id}/moderation`, input),
  moderatePost: (id: number, input: { action: ForumPostAction; reason?: string }) => api.post(`/api/forum/posts/${id}/moderation`, input),
  preview: (body: string, signal?: AbortSignal) => api.post<{ bodyHtml: string }>('/api/forum/preview', { body }, { signal }).then((a) => a.bodyHtml),
  upload: (file: File, onProgress: (percent: number) => void, signal?: AbortSignal) => {
    const form = new FormData();
    form.append('image', file);
    return idempotentUpload<ForumUpload>('/api/forum/uploads', form, { onProgress, signal });
  },
};

/** A forum write that refreshes every forum answer once it is done. */
export function useForumWrite<A extends unknown[], R>(write: (...args: A) => Promise<R>) {
  const refresh = useRefreshForum();
  return useMutation({
    mutationFn: (args: A) => write(...args),
    onSuccess: () => refresh(),
  });
}
