import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { CONVERSATIONS_PAGE_SIZE } from '../../../../common/message-limits';
import type { Conversation } from '../../../../common/schemas/messages';
import { api, toQuery } from '../../../lib/api';
import { messageKeys } from '../keys';
import { loadLocalConversations, saveLocalConversations } from '../local-copy';

const fetchPage = (cursor: Pick<Conversation, 'id' | 'lastMessageTime'> | null, signal?: AbortSignal) =>
  api.get<Conversation[]>(
    `/api/messages/conversations${cursor ? toQuery({ before: cursor.lastMessageTime, beforeId: cursor.id }) : ''}`,
    { signal },
  );

/**
 * GET /api/messages/conversations, newest first: the browser's copy paints at once, the server's
 * answer replaces it. One flat list in the cache, so live events update a row in place;
 * `loadMore` appends the next 50.
 */
export function useConversations(me: number) {
  const qc = useQueryClient();
  const local = useMemo(() => loadLocalConversations(me), [me]);
  const query = useQuery({
    queryKey: messageKeys.conversations(me),
    queryFn: ({ signal }) => fetchPage(null, signal),
    placeholderData: local,
    refetchOnMount: true,
  });
  const [loadingMore, setLoadingMore] = useState(false);
  const [hasMore, setHasMore] = useState(true);
  const list = query.data;
  useEffect(() => {
    if (list && !query.isPlaceholderData) saveLocalConversations(me, list);
  }, [me, list, query.isPlaceholderData]);

  const loadMore = useCallback(async () => {
    const last = list?.at(-1);
    if (!last) return;
    setLoadingMore(true);
    try {
      const next = await fetchPage(last);
      setHasMore(next.length === CONVERSATIONS_PAGE_SIZE);
      qc.setQueryData<Conversation[]>(messageKeys.conversations(me), (current = []) => [
        ...current,
        ...next.filter((c) => !current.some((known) => known.id === c.id)),
      ]);
    } finally {
      setLoadingMore(false);
    }
  }, [list, me, qc]);

  const canLoadMore = hasMore && (list?.length ?? 0) >= CONVERSATIONS_PAGE_SIZE;
  return { ...query, loadMore, loadingMore, canLoadMore };
}
