import { useQuery } from '@tanstack/react-query';
import type { PostAnswer } from '../../../../common/schemas/instagram';
import { api } from '../../../lib/api';
import { postKeys } from './keys';

/** GET /api/instagram/posts/{id}: one own post (another's answers 404). */
export function usePost(id: number | null) {
  return useQuery({
    queryKey: postKeys.one(id ?? 0),
    enabled: id !== null,
    queryFn: ({ signal }) => api.get<PostAnswer>(`/api/instagram/posts/${id}`, { signal }),
    select: (answer) => answer.post,
  });
}
