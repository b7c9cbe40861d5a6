import { z } from 'zod';
import type { UserType } from '../constants';
import { MAX_ID, idNumber } from './ids';
import { MESSAGE_MAX, REPORT_DETAILS_MAX, REPORT_REASONS, REPORT_TARGETS } from '../message-limits';
import type { ForumLiveEvent } from './forum';
import type { NotificationLiveEvent } from './notifications';
import type { DealLiveEvent, DealMessageReference } from './deals';

export { CONVERSATIONS_PAGE_SIZE, MAIL_EXCERPT_CHARS, MESSAGE_COUNTDOWN_FROM, MESSAGE_MAX, MESSAGES_PAGE_SIZE, REPORT_DETAILS_MAX, REPORT_REASONS, REPORT_TARGETS } from '../message-limits';


// Control characters other than tab and line feed are dropped from a message rather than
// refused: pasted text often carries them, and the sender should not lose a message over it.
const DROPPED = /(?![\t\n])\p{Cc}/gu;

/** A message's text as it is kept: line breaks as \n, other control characters dropped, trimmed. */
export function cleanMessage(content: string): string {
  return content.replace(/\r\n?/g, '\n').replace(DROPPED, '').trim();
}

const content = z
  .string('messageEmpty')
  .transform(cleanMessage)
  .pipe(z.string().min(1, 'messageEmpty').max(MESSAGE_MAX, 'messageTooLong'));

/** POST /api/messages. `client_id` is a UUID the browser makes per message, kept across retries. */
export const sendMessageSchema = z.object({
  recipient_id: idNumber('validation'),
  content,
  client_id: z.uuid('validation').optional(),
});
export type SendMessageInput = z.input<typeof sendMessageSchema>;

/** POST /api/guest-spots/{id}/apply. Without content the studio gets a default text in its language. */
export const applySchema = z.object({
  content: z
    .string('validation')
    .transform(cleanMessage)
    .pipe(z.string().max(MESSAGE_MAX, 'messageTooLong'))
    .optional(),
});

/** A message id as a paging cursor in a query (`?before=123`). */
const cursorId = z.coerce.number('validation').int('validation').positive('validation').max(MAX_ID, 'validation');

/**
 * GET /api/messages/conversations: the next page starts below the last row shown, named by its
 * `lastMessageTime` (`before`) and, to break ties within one millisecond, its `id` (`beforeId`).
 */
export const conversationsQuery = z.object({
  before: z
    .string('validation')
    .refine((v) => !Number.isNaN(Date.parse(v)), 'validation')
    .transform((v) => new Date(v).toISOString())
    .optional(),
  beforeId: cursorId.optional(),
});

/** GET /api/messages/contact/{id}: `before` is the oldest message id shown; older ones come next. */
export const threadQuery = z.object({ before: cursorId.optional() });


/** POST /api/reports. */
export const reportSchema = z.object({
  targetType: z.enum(REPORT_TARGETS, 'validation'),
  targetId: idNumber('validation'),
  reason: z.enum(REPORT_REASONS, 'reportReasonRequired'),
  details: z.string('validation').trim().max(REPORT_DETAILS_MAX, 'tooLong').optional().nullable(),
});
export type ReportInput = z.input<typeof reportSchema>;

/** PUT /api/profile/preferences. */
export const preferencesSchema = z
  .object({
    language: z.enum(['en', 'de', 'es', 'fr', 'pt'], 'validation'),
    emailOnMessage: z.boolean('validation'),
    /** The forum digest's kinds: replies in watched threads, mentions. */
    emailOnForumReply: z.boolean('validation'),
    emailOnForumMention: z.boolean('validation'),
  })
  .partial();
export interface Preferences {
  language: 'en' | 'de' | 'es' | 'fr' | 'pt';
  emailOnMessage: boolean;
  emailOnForumReply: boolean;
  emailOnForumMention: boolean;
}

export interface MessagePerson {
  id: number;
  name: string;
  username: string;
  avatar: string | null;
  userType: UserType;
}

/** What an application message points at; `available` false once the spot is gone or ended. */
export type MessageReference = GuestSpotMessageReference | DealMessageReference;

export interface GuestSpotMessageReference {
  type: 'guest_spot';
  id: number;
  slug: string;
  title: string;
  startDate: string;
  endDate: string;
  cityName: string | null;
  available: boolean;
}

export interface Message {
  id: number;
  senderId: number;
  receiverId: number;
  content: string;
  isRead: boolean;
  createdAt: string;
  readAt: string | null;
  sender: MessagePerson;
  receiver: MessagePerson;
  reference: MessageReference | null;
  clientId: string | null;
  /** Set when moderation removed the message: its text is gone, the app says so instead. */
  removedByModeration?: true;
}

/** One row of GET /api/messages/conversations; `id` is the contact's user id. */
export interface Conversation {
  id: number;
  name: string;
  username: string;
  avatar: string | null;
  userType: UserType;
  unreadCount: number;
  lastMessage: string | null;
  lastMessageTime: string | null;
}

export interface MessageContact extends MessagePerson {
  /** False when either side blocked the other (or the contact is oneself). */
  canSend: boolean;
  /** Whether I blocked this contact (the menu offers unblock). */
  blockedByMe: boolean;
}

/** GET /api/messages/contact/{id}: the latest 50 oldest first; older ones with `?before={messageId}`. */
export interface Thread {
  messages: Message[];
  contact: MessageContact;
  hasMore: boolean;
}

/** GET /api/events writes a comment this often; a browser hearing nothing for twice as long reconnects. */
export const LIVE_HEARTBEAT_SECONDS = 25;
/** Open event streams a user may hold per server process; one more answers 429 `tooManyStreams`. */
export const LIVE_STREAMS_PER_USER = 5;

/**
 * GET /api/events sends this event (data `{}`) when events to the stream may have been lost
 * between server processes: the browser refetches what it shows, as after reconnecting.
 */
export const RESYNC_EVENT = 'resync';

/** The events of GET /api/events (Server-Sent Events), the `event:` name and its JSON data. */
export type LiveEvent =
  | { type: 'message.created'; message: Message }
  | { type: 'message.deleted'; id: number; senderId: number; receiverId: number }
  | { type: 'conversation.read'; readerId: number; contactId: number; readAt: string; upToId: number }
  | { type: 'unread.count'; count: number }
  | NotificationLiveEvent
  | ForumLiveEvent
  | DealLiveEvent;

export interface Block {
  id: number;
  name: string;
  username: string;
  avatar: string | null;
  createdAt: string;
}

/** A report as its reporter sees it (POST /api/reports); the snapshot stays with the admin area. */
export interface Report {
  id: number;
  targetType: (typeof REPORT_TARGETS)[number];
  targetId: number;
  reason: (typeof REPORT_REASONS)[number];
  details: string | null;
  status: string;
  createdAt: string;
}
