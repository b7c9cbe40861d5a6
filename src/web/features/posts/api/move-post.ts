import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlannedPost, PostAnswer, PostStatus } from '../../../../common/schemas/instagram';
import { postKeys } from './keys';
import { savePost } from './save-post';

/**
 * Moves a post to another status (mark published, cancel) through PUT /api/instagram/posts/{id}:
 * the call takes the whole post, so its other fields go along unchanged.
 */
export function useMovePost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ post, status }: { post: PlannedPost; status: PostStatus }) =>
      savePost({
        id: post.id,
        body: { type: post.type, caption: post.caption, hashtags: post.hashtags, plannedAt: post.plannedAt, status, mediaId: post.media?.id ?? null },
      }),
    onSuccess: (post) => {
      client.setQueryData<PostAnswer>(postKeys.one(post.id), { success: true, post });
      return client.invalidateQueries({ queryKey: postKeys.all });
    },
  });
}
