import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlannedPost, PostAnswer, PostInput } from '../../../../common/schemas/instagram';
import { api } from '../../../lib/api';
import { postKeys } from './keys';

/** The body of POST and PUT, as `postInputSchema` reads it. */
export type PostBody = Pick<PostInput, 'type' | 'caption' | 'hashtags' | 'status'> & { plannedAt: string | null; mediaId: number | null };

/** POST /api/instagram/posts (new) or PUT /api/instagram/posts/{id} (edit). */
export async function savePost({ id, body }: { id?: number; body: PostBody }): Promise<PlannedPost> {
  const answer = id === undefined ? await api.post<PostAnswer>('/api/instagram/posts', body) : await api.put<PostAnswer>(`/api/instagram/posts/${id}`, body);
  return answer.post;
}

/** Saves a post; the lists load afresh and the post's own cache takes the answer. */
export function useSavePost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: savePost,
    onSuccess: (post) => {
      client.setQueryData<PostAnswer>(postKeys.one(post.id), { success: true, post });
      void client.invalidateQueries({ queryKey: postKeys.all });
    },
  });
}
