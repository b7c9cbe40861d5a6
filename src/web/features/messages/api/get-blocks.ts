import { useQuery } from '@tanstack/react-query';
import type { Block } from '../../../../common/schemas/messages';
import { api } from '../../../lib/api';
import { messageKeys } from '../keys';

/** GET /api/blocks: the users I blocked, for the menus (block or unblock) and the settings list. */
export function useBlocks(me: number | undefined) {
  return useQuery({
    queryKey: messageKeys.blocks(me ?? 0),
    queryFn: ({ signal }) => api.get<{ blocks: Block[] }>('/api/blocks', { signal }),
    select: (answer) => answer.blocks,
    enabled: me !== undefined,
  });
}
