import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PostAnswer } from '../../../../common/schemas/instagram';
import type { PromotionProduct } from '../../../../common/schemas/payments';
import { api } from '../../../lib/api';
import { postKeys } from './keys';

/** POST /api/instagram/posts/{id}/promotion {productType}: spends one credit of that kind on a planned post. */
export function usePromotePost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, productType }: { id: number; productType: PromotionProduct }) =>
      api.post<Partial<PostAnswer> & { success: boolean }>(`/api/instagram/posts/${id}/promotion`, { productType }),
    onSuccess: (answer, { id }) => {
      if (answer.post) client.setQueryData<PostAnswer>(postKeys.one(id), { success: true, post: answer.post });
      void client.invalidateQueries({ queryKey: postKeys.products });
      return client.invalidateQueries({ queryKey: postKeys.all });
    },
  });
}
