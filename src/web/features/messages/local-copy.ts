import type { Conversation, Thread } from '../../../common/schemas/messages';
import type { SessionUser } from '../../../common/schemas/session';
import { localKey, readLocal, writeLocal } from '../../lib/session';

/** How many messages of a conversation the browser keeps for the next visit. */
export const LOCAL_MESSAGES_KEPT = 50;

// The browser's copy (docs/decisions/015): painted at once on the next visit, then replaced by the
// server's answer. It is never taken as the truth: nothing here counts as sent.
const userKey = (me: number) => localKey('user', me);
const conversationsKey = (me: number) => localKey('conversations', me);
const threadKey = (me: number, contactId: number) => `${localKey('messages', me)}_${contactId}`;

export function saveLocalUser(user: SessionUser): void {
  writeLocal(userKey(user.id), { id: user.id, name: user.name, username: user.username, userType: user.userType, avatar: user.avatar });
}

export function loadLocalConversations(me: number): Conversation[] | undefined {
  const list = readLocal<unknown>(conversationsKey(me));
  return Array.isArray(list) ? (list as Conversation[]) : undefined;
}

export function saveLocalConversations(me: number, list: Conversation[]): void {
  writeLocal(conversationsKey(me), list);
}

export function loadLocalThread(me: number, contactId: number): Thread | undefined {
  const thread = readLocal<Thread>(threadKey(me, contactId));
  return thread && Array.isArray(thread.messages) && thread.contact ? thread : undefined;
}

export function saveLocalThread(me: number, contactId: number, thread: Thread): void {
  const messages = thread.messages.slice(-LOCAL_MESSAGES_KEPT);
  writeLocal(threadKey(me, contactId), { ...thread, messages, hasMore: thread.hasMore || messages.length < thread.messages.length });
}
