import type { DealMessageReference } from '../../../common/schemas/deals';
import type { Conversation, Message, MessageContact, MessagePerson, MessageReference } from '../../../common/schemas/messages';
import { presentUserCard } from '../../lib/user-card';
import type { ConversationRow, MessageRow, PersonRow } from './repo';

/** What a reference snapshot keeps besides the spot's id. */
export interface ReferenceSnapshot {
  slug: string;
  title: string;
  startDate: string;
  endDate: string;
  cityName: string | null;
}

export function presentContact(row: PersonRow, canSend: boolean, blockedByMe: boolean): MessageContact {
  return { ...presentUserCard(row), canSend, blockedByMe };
}

/** What a deal line's reference keeps besides the request's id. */
export type DealReferenceSnapshot = Omit<DealMessageReference, 'type' | 'requestId'>;

/**
 * The card of an application: the snapshot taken when it was sent, and whether the spot can
 * still be had; or a system line of a request's change, as it was then.
 */
function presentReference(row: MessageRow, available: Set<number>): MessageReference | null {
  if (row.reference_id === null || !row.reference_data) return null;
  if (row.reference_type === 'deal') {
    const deal = JSON.parse(row.reference_data) as DealReferenceSnapshot;
    return { type: 'deal', requestId: row.reference_id, ...deal };
  }
  if (row.reference_type !== 'guest_spot') return null;
  const data = JSON.parse(row.reference_data) as ReferenceSnapshot;
  return {
    type: 'guest_spot',
    id: row.reference_id,
    slug: data.slug,
    title: data.title,
    startDate: data.startDate,
    endDate: data.endDate,
    cityName: data.cityName ?? null,
    available: available.has(row.reference_id),
  };
}

/**
 * A message as every answer and event carries it. The text is plain text, sent as stored: the
 * browser renders it as text, never as HTML.
 */
export function presentMessage(row: MessageRow, people: Map<number, MessagePerson>, available: Set<number>): Message {
  return {
    id: row.id,
    senderId: row.sender_id,
    receiverId: row.receiver_id,
    // A message moderation removed keeps its place in the thread; both sides read that it was removed.
    content: row.removed_at ? '' : row.content,
    ...(row.removed_at ? { removedByModeration: true } : {}),
    isRead: row.is_read === 1,
    createdAt: row.created_at,
    readAt: row.read_at,
    sender: people.get(row.sender_id) as MessagePerson,
    receiver: people.get(row.receiver_id) as MessagePerson,
    reference: presentReference(row, available),
    clientId: row.client_id,
  };
}

export function presentConversation(row: ConversationRow): Conversation {
  return {
    // The row is the contact's card; its user id stands as contact_id.
    ...presentUserCard({ ...row, id: row.contact_id }),
    unreadCount: row.unread_count,
    lastMessage: row.last_message,
    lastMessageTime: row.last_message_at,
  };
}
