import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import type { Thread } from '../../../../common/schemas/messages';
import { api, toQuery } from '../../../lib/api';
import { threadMessages, type ThreadPages } from '../cache';
import { messageKeys } from '../keys';
import { loadLocalThread, saveLocalThread } from '../local-copy';

/**
 * GET /api/messages/contact/{id}: the latest 50 oldest first, then older pages by
 * `?before={oldest id}`. The browser's copy of the last 50 paints while the server answers.
 */
export function useThread(me: number, contactId: number) {
  const local = useMemo((): ThreadPages | undefined => {
    const thread = loadLocalThread(me, contactId);
    return thread ? { pages: [thread], pageParams: [null] } : undefined;
  }, [me, contactId]);
  const query = useInfiniteQuery<Thread, Error, ThreadPages, readonly unknown[], number | null>({
    queryKey: messageKeys.thread(me, contactId),
    queryFn: ({ pageParam, signal }) =>
      api.get<Thread>(`/api/messages/contact/${contactId}${toQuery({ before: pageParam })}`, { signal }),
    initialPageParam: null,
    getNextPageParam: (page) => (page.hasMore && page.messages[0] ? page.messages[0].id : undefined),
    placeholderData: local,
    refetchOnMount: true,
  });
  const data = query.data;
  useEffect(() => {
    const newest = data?.pages[0];
    if (!data || !newest || query.isPlaceholderData) return;
    saveLocalThread(me, contactId, { ...newest, messages: threadMessages(data) });
  }, [me, contactId, data, query.isPlaceholderData]);
  return query;
}
