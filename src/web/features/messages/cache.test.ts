import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Conversation, Message, MessagePerson } from '../../../common/schemas/messages';
import { applyLiveEvent, threadMessages, type ThreadPages } from './cache';
import { messageKeys } from './keys';

const me = 1;
const person = (id: number, name: string): MessagePerson => ({ id, name, username: name, avatar: null, userType: id === me ? 'artist' : 'studio' });
const contact = person(7, 'Nadelwerk');

function message(id: number, content: string): Message {
  return {
    id,
    senderId: contact.id,
    receiverId: me,
    content,
    isRead: false,
    createdAt: `2026-11-29T10:0${id}:00.000Z`,
    readAt: null,
    sender: contact,
    receiver: person(me, 'Lena'),
    reference: null,
    clientId: null,
  };
}

function cacheWithConversation(): QueryClient {
  const qc = new QueryClient();
  const row: Conversation = { ...contact, unreadCount: 0, lastMessage: null, lastMessageTime: null };
  qc.setQueryData(messageKeys.conversations(me), [row]);
  qc.setQueryData<ThreadPages>(messageKeys.thread(me, contact.id), { pages: [{ messages: [], contact: { ...contact, canSend: true, blockedByMe: false }, hasMore: false }], pageParams: [null] });
  return qc;
}

describe('live messages in the cache', () => {
  it('puts a message heard twice (the server delivers at least once) into the thread once and counts it unread once', () => {
    const qc = cacheWithConversation();
    const event = { type: 'message.created' as const, message: message(1, 'Hi, is the spot still open?') };
    applyLiveEvent(qc, me, event);
    applyLiveEvent(qc, me, event);
    expect(threadMessages(qc.getQueryData<ThreadPages>(messageKeys.thread(me, contact.id))).map((m) => m.id)).toEqual([1]);
    expect(qc.getQueryData<Conversation[]>(messageKeys.conversations(me))?.[0]).toMatchObject({ unreadCount: 1, lastMessage: 'Hi, is the spot still open?' });

    applyLiveEvent(qc, me, { type: 'message.created', message: message(2, 'See you in March') });
    expect(qc.getQueryData<Conversation[]>(messageKeys.conversations(me))?.[0]).toMatchObject({ unreadCount: 2, lastMessage: 'See you in March' });
  });

  it('keeps the counts of separate caches apart (another login in the same tab)', () => {
    const first = cacheWithConversation();
    const second = cacheWithConversation();
    const event = { type: 'message.created' as const, message: message(3, 'Booked') };
    applyLiveEvent(first, me, event);
    applyLiveEvent(second, me, event);
    expect(second.getQueryData<Conversation[]>(messageKeys.conversations(me))?.[0]?.unreadCount).toBe(1);
  });
});
