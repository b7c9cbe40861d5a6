import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Conversation, LiveEvent, Message, Thread } from '../../../common/schemas/messages';
import { messageKeys } from './keys';
import { removeFromOutbox } from './outbox';

/** A conversation as the cache holds it: pages of 50, the newest page first. */
export type ThreadPages = InfiniteData<Thread, number | null>;

/** The messages of a cached conversation, oldest first. */
export function threadMessages(data: ThreadPages | undefined): Message[] {
  if (!data) return [];
  return [...data.pages].reverse().flatMap((page) => page.messages);
}

const contactOf = (me: number, m: Pick<Message, 'senderId' | 'receiverId'>) => (m.senderId === me ? m.receiverId : m.senderId);

function mapMessages(data: ThreadPages, change: (m: Message) => Message | null): ThreadPages {
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      messages: page.messages.map(change).filter((m): m is Message => m !== null),
    })),
  };
}

// Message ids already put in, per cache: a live event may come twice (the server delivers at
// least once), and a repeat must not count the message as unread again.
const placed = new WeakMap<QueryClient, Set<number>>();
const PLACED_MAX = 500;

/** True the first time a message id is put into this cache. */
function firstPlacing(qc: QueryClient, id: number): boolean {
  let ids = placed.get(qc);
  if (!ids) placed.set(qc, (ids = new Set()));
  if (ids.has(id)) return false;
  ids.add(id);
  if (ids.size > PLACED_MAX) ids.delete(ids.values().next().value as number);
  return true;
}

/** Puts a message the server confirmed into its conversation (once) and the conversation list. */
export function insertMessage(qc: QueryClient, me: number, message: Message): void {
  const contactId = contactOf(me, message);
  if (message.senderId === me && message.clientId) removeFromOutbox(me, message.clientId);
  qc.setQueryData<ThreadPages>(messageKeys.thread(me, contactId), (data) => {
    if (!data || data.pages.length === 0) return data;
    if (data.pages.some((page) => page.messages.some((m) => m.id === message.id))) return data;
    const [newest, ...older] = data.pages as [Thread, ...Thread[]];
    const messages = [...newest.messages, message].sort((a, b) => a.id - b.id);
    return { ...data, pages: [{ ...newest, messages }, ...older] };
  });
  const first = firstPlacing(qc, message.id);
  let known = false;
  qc.setQueryData<Conversation[]>(messageKeys.conversations(me), (list) => {
    if (!list) return list;
    const row = list.find((c) => c.id === contactId);
    if (!row) return list;
    known = true;
    const unread = first && message.receiverId === me && !message.isRead ? 1 : 0;
    const updated: Conversation = {
      ...row,
      lastMessage: message.content,
      lastMessageTime: message.createdAt,
      unreadCount: row.unreadCount + unread,
    };
    return [updated, ...list.filter((c) => c.id !== contactId)];
  });
  // A new contact (or a conversation deleted before) has no row yet: the server writes it.
  if (!known) void qc.invalidateQueries({ queryKey: messageKeys.conversations(me) });
}

export function removeMessage(qc: QueryClient, me: number, message: { id: number; senderId: number; receiverId: number }): void {
  qc.setQueryData<ThreadPages>(messageKeys.thread(me, contactOf(me, message)), (data) =>
    data ? mapMessages(data, (m) => (m.id === message.id ? null : m)) : data,
  );
  // The list's last message may have been this one.
  void qc.invalidateQueries({ queryKey: messageKeys.conversations(me) });
}

/** `readerId` read what `contactId` sent them, up to `upToId`. */
export function markThreadRead(qc: QueryClient, me: number, event: { readerId: number; contactId: number; readAt: string; upToId: number }): void {
  const other = event.readerId === me ? event.contactId : event.readerId;
  qc.setQueryData<ThreadPages>(messageKeys.thread(me, other), (data) =>
    data
      ? mapMessages(data, (m) =>
          m.receiverId === event.readerId && m.senderId === event.contactId && m.id <= event.upToId && !m.isRead
            ? { ...m, isRead: true, readAt: event.readAt }
            : m,
        )
      : data,
  );
  if (event.readerId === me) {
    qc.setQueryData<Conversation[]>(messageKeys.conversations(me), (list) =>
      list?.map((c) => (c.id === other ? { ...c, unreadCount: 0 } : c)),
    );
  }
}

/** Applies one event of the live stream to the caches of the logged-in user `me`. */
export function applyLiveEvent(qc: QueryClient, me: number, event: LiveEvent): void {
  switch (event.type) {
    case 'message.created':
      insertMessage(qc, me, event.message);
      break;
    case 'message.deleted':
      removeMessage(qc, me, event);
      break;
    case 'conversation.read':
      markThreadRead(qc, me, event);
      break;
    case 'unread.count':
      qc.setQueryData(messageKeys.unread(me), { count: event.count });
      break;
  }
}

/** After a gap in the stream (reconnect), everything it may have missed is asked for again. */
export function refetchAfterGap(qc: QueryClient, me: number): void {
  void qc.invalidateQueries({ queryKey: messageKeys.mine(me) });
}

/**
 * Once the stream first listens, what was loaded before it is asked for again: an event sent
 * between that load and the stream's start never reaches the tab (a conversation read in another
 * tab while this one opened left its unread count standing until the next poll). What is still
 * loading, or loads later, is left alone.
 */
export function refetchLoadedBefore(qc: QueryClient, me: number, openedAt: number): void {
  void qc.invalidateQueries({
    queryKey: messageKeys.mine(me),
    predicate: (query) => query.state.dataUpdatedAt > 0 && query.state.dataUpdatedAt <= openedAt && query.state.fetchStatus === 'idle',
  });
}
