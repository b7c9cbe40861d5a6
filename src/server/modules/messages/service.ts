import type { Transaction } from 'kysely';
import { formatDate } from '../../../common/format';
import { isLanguage, type Language } from '../../../common/languages';
import { todayInBerlin } from '../../../common/schemas/listing-fields';
import { MESSAGES_PAGE_SIZE, type Conversation, type Message, type MessagePerson, type Thread } from '../../../common/schemas/messages';
import type { SessionUser } from '../../../common/schemas/session';
import type { AppContext } from '../../context';
import { nowIso } from '../../db/index';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import { consume, refund } from '../../lib/rate-limit/index';
import { t } from '../../i18n';
import { noInvalidation, tags } from '../../lib/answer-cache/index';
import type { EventBus } from '../../lib/events/port';
import { presentUserCard } from '../../lib/user-card';
import { MESSAGES_PER_DAY, MESSAGES_PER_MINUTE, newConversationLimit } from './limits';
import { authorizeApply, authorizeDelete, authorizeMessage, canMessage } from './policy';
import { presentContact, presentConversation, presentMessage, type ReferenceSnapshot } from './presenter';
import { createMessageRepo, pairOf, type MessageRow, type PersonRow } from './repo';

export type MessageServiceDeps = Pick<AppContext, 'db' | 'rateLimits'> & Partial<Pick<AppContext, 'invalidation'>> & { events: EventBus };

/** What a new message carries besides its text. */
interface Outgoing {
  sender: PersonRow;
  receiverId: number;
  content: string;
  clientId: string | null;
  reference?: { id: number; data: ReferenceSnapshot };
  /** The conversations limit was counted already (applications count every time). */
  counted: boolean;
}

export type ApplyResult = { alreadyApplied: false; message: Message; conversationId: number } | { alreadyApplied: true; conversationId: number };

/**
 * Messages between users: threads, the conversation list and unread count kept in one row per
 * participant, read marks, deletion, guest spot applications, the rate limits, and the live
 * events of each change (published after the change is committed).
 */
export function createMessageService({ db, rateLimits, events, invalidation = noInvalidation }: MessageServiceDeps) {
  const repo = createMessageRepo(db);
  const userKey = (id: number) => [`user:${id}`];
  /** The guest spots' cache key (their kind's `cacheKey`), which names a spot's kept answer. */
  const GUEST_SPOTS = 'guest-spots';

  /** Rows to answers: the people of the page from `people`, the spots of its references in one read. */
  async function present(rows: MessageRow[], people: PersonRow[]): Promise<Message[]> {
    const spotIds = rows.filter((r) => r.reference_type === 'guest_spot' && r.reference_id !== null).map((r) => r.reference_id as number);
    const today = todayInBerlin();
    const available = new Set((await repo.spotsByIds(spotIds)).filter((s) => s.is_active === 1 && s.end_date >= today).map((s) => s.id));
    const persons = new Map<number, MessagePerson>(people.map((p) => [p.id, presentUserCard(p)]));
    return rows.map((r) => presentMessage(r, persons, available));
  }

  async function personOrThrow(id: number): Promise<PersonRow> {
    const [person] = await repo.people([id]);
    if (!person) throw new AppError(404, 'userNotFound');
    return person;
  }

  /** Sender and receiver in one read; 404 for an unknown receiver. */
  async function pair(senderId: number, receiverId: number): Promise<{ sender: PersonRow; receiver: PersonRow }> {
    const rows = await repo.people([senderId, receiverId]);
    const sender = rows.find((r) => r.id === senderId);
    const receiver = rows.find((r) => r.id === receiverId);
    if (!receiver) throw new AppError(404, 'userNotFound');
    if (!sender) throw new AppError(401, 'unauthorized');
    return { sender, receiver };
  }

  /** Counts a message against the sender's minute and day, before any work. */
  async function countMessage(senderId: number): Promise<void> {
    await consume(rateLimits, MESSAGES_PER_MINUTE, userKey(senderId));
    await consume(rateLimits, MESSAGES_PER_DAY, userKey(senderId));
  }

  /** Gives the counts back for a send that stored nothing (a retry answered with the first message). */
  async function refundMessage(senderId: number): Promise<void> {
    await refund(rateLimits, MESSAGES_PER_MINUTE, `user:${senderId}`);
    await refund(rateLimits, MESSAGES_PER_DAY, `user:${senderId}`);
  }

  const countConversation = (sender: PersonRow) => consume(rateLimits, newConversationLimit(sender.created_at), userKey(sender.id));

  /**
   * Stores a message and writes both conversation rows in the caller's transaction: the
   * receiver's unread count goes up, both rows show it as the last message. A send under a
   * client id the sender used before stores nothing and answers the first message.
   */
  async function deliver(trx: Transaction<Database>, out: Outgoing): Promise<{ row: MessageRow; created: boolean }> {
    const { sender, receiverId } = out;
    const createdAt = nowIso();
    const row = await repo.insertMessage(trx, {
      sender_id: sender.id,
      receiver_id: receiverId,
      ...pairOf(sender.id, receiverId),
      content: out.content,
      client_id: out.clientId,
      reference_type: out.reference ? 'guest_spot' : null,
      reference_id: out.reference?.id ?? null,
      reference_data: out.reference ? JSON.stringify(out.reference.data) : null,
      created_at: createdAt,
    });
    if (!row) {
      const first = await repo.findByClientId(sender.id, out.clientId as string, trx);
      if (!first) throw new Error('a message blocked by its client id is not there');
      return { row: first, created: false };
    }
    const last = { id: row.id, content: row.content, sender_id: sender.id, created_at: createdAt };
    // Both rows in user id order, the order every writer of a pair takes them in.
    const sides = [
      { userId: sender.id, contactId: receiverId, unread: 0 },
      { userId: receiverId, contactId: sender.id, unread: 1 },
    ].sort((a, b) => a.userId - b.userId);
    for (const side of sides) {
      const opened = await repo.openConversation(trx, side.userId, side.contactId, last, side.unread);
      if (!opened) await repo.advanceConversation(trx, side.userId, side.contactId, last, side.unread);
      // Counted where the first message is decided, so parallel first messages count once; over the limit, nothing is kept.
      else if (side.userId === sender.id && !out.counted) await countConversation(sender);
    }
    return { row, created: true };
  }

  /** Tells both sides about a new message, and the receiver their new unread count. */
  async function announce(message: Message): Promise<void> {
    events.publish([message.senderId, message.receiverId], { type: 'message.created', message });
    events.publish([message.receiverId], { type: 'unread.count', count: await repo.unreadCount(message.receiverId) });
  }

  async function publishCount(userId: number): Promise<void> {
    events.publish([userId], { type: 'unread.count', count: await repo.unreadCount(userId) });
  }

  /** The default text of an application, in the studio's language (else the artist's). */
  function applicationText(spot: { title: string; start_date: string; end_date: string }, lang: Language): string {
    return t(lang, 'applications:default', { title: spot.title, start: formatDate(spot.start_date, lang), end: formatDate(spot.end_date, lang) });
  }

  return {
    /** My conversations, latest first, 50 a page. */
    async conversations(user: SessionUser, cursor: { before?: string; beforeId?: number }): Promise<Conversation[]> {
      return (await repo.conversations(user.id, cursor)).map(presentConversation);
    },

    /** The latest 50 messages with a contact (oldest first), or the 50 before `before`; what I hid stays out. */
    async thread(user: SessionUser, contactId: number, before?: number): Promise<Thread> {
      const [contact, blocks, hiddenUntil] = await Promise.all([personOrThrow(contactId), repo.blocksBetween(user.id, contactId), repo.hiddenUntil(user.id, contactId)]);
      const rows = await repo.thread(user.id, contactId, hiddenUntil, before, MESSAGES_PAGE_SIZE);
      const hasMore = rows.length > MESSAGES_PAGE_SIZE;
      const page = rows.slice(0, MESSAGES_PAGE_SIZE).reverse();
      const [me] = await repo.people([user.id]);
      const messages = await present(page, me ? [me, contact] : [contact]);
      return { messages, contact: presentContact(contact, canMessage(user.id, contactId, blocks), blocks.byMe), hasMore };
    },

    /** Marks what a contact sent me as read; the contact sees their marks turn to read. */
    async markRead(user: SessionUser, contactId: number): Promise<number> {
      await personOrThrow(contactId);
      const readAt = nowIso();
      const ids = await repo.transaction((trx) => repo.markRead(trx, user.id, contactId, readAt));
      if (ids.length) events.publish([contactId], { type: 'conversation.read', readerId: user.id, contactId, readAt, upToId: Math.max(...ids) });
      await publishCount(user.id);
      return ids.length;
    },

    /** Sends a message; a retry under the same client id answers the first one (`created` false) and sends nothing. */
    async send(user: SessionUser, input: { recipient_id: number; content: string; client_id?: string | undefined }): Promise<{ message: Message; created: boolean }> {
      const receiverId = input.recipient_id;
      if (receiverId === user.id) throw new AppError(400, 'messageSelf');
      const clientId = input.client_id ?? null;
      // A retry of a send that got through is answered before the limits: it sends nothing.
      const earlier = clientId ? await repo.findByClientId(user.id, clientId) : undefined;
      const { sender, receiver } = await pair(user.id, earlier?.receiver_id ?? receiverId);
      if (earlier) return { message: (await present([earlier], [sender, receiver]))[0] as Message, created: false };
      // An admin is staff with no public profile: people reach the team through the contact form.
      if (receiver.role === 'admin') throw new AppError(403, 'messageStaff');
      authorizeMessage(user.id, receiverId, await repo.blocksBetween(user.id, receiverId));
      await countMessage(user.id);
      const { row, created } = await repo.transaction((trx) => deliver(trx, { sender, receiverId, content: input.content, clientId, counted: false }));
      if (!created) {
        await refundMessage(user.id);
        const people = row.receiver_id === receiver.id ? [sender, receiver] : [sender, ...(await repo.people([row.receiver_id]))];
        return { message: (await present([row], people))[0] as Message, created: false };
      }
      const message = (await present([row], [sender, receiver]))[0] as Message;
      await announce(message);
      return { message, created: true };
    },

    /** Deletes a message for both sides (its sender only); both conversation rows show what is left. */
    async remove(user: SessionUser, id: number): Promise<void> {
      const message = await repo.findMessage(id);
      if (!message) throw new AppError(404, 'messageNotFound');
      authorizeDelete(user, message);
      const { sender_id: senderId, receiver_id: receiverId } = message;
      const deleted = await repo.transaction(async (trx) => {
        await repo.lockPair(trx, senderId, receiverId);
        const row = await repo.deleteMessage(trx, id);
        if (!row) return false;
        await repo.setLast(trx, senderId, receiverId, await repo.lastOfPair(trx, senderId, receiverId));
        await repo.recountUnread(trx, receiverId, senderId);
        return true;
      });
      if (!deleted) throw new AppError(404, 'messageNotFound');
      events.publish([senderId, receiverId], { type: 'message.deleted', id, senderId, receiverId });
      await publishCount(receiverId);
    },

    /** Hides a conversation for me up to its last message; the contact keeps theirs, and a later message shows it again. */
    async hideConversation(user: SessionUser, contactId: number): Promise<void> {
      await personOrThrow(contactId);
      await repo.hideConversation(user.id, contactId);
      await publishCount(user.id);
    },

    unreadCount(user: SessionUser): Promise<number> {
      return repo.unreadCount(user.id);
    },

    /**
     * Applies to a guest spot: the studio gets a first message (the artist's text, else a default
     * naming the spot and its dates) carrying the spot as a card. Once per artist and spot: the
     * applications key decides, so parallel applies send one message.
     */
    async apply(user: SessionUser, spotId: number, content: string | undefined, lang: Language): Promise<ApplyResult> {
      authorizeApply(user);
      const spot = await repo.guestSpot(spotId);
      if (!spot) throw new AppError(404, 'guestSpotNotFound');
      const conversationId = spot.studio_id;
      if (spot.is_active !== 1 || spot.end_date < todayInBerlin()) throw new AppError(409, 'guestSpotClosed');
      authorizeMessage(user.id, spot.studio_id, await repo.blocksBetween(user.id, spot.studio_id));
      if (await repo.hasApplied(spot.id, user.id)) return { alreadyApplied: true, conversationId };
      const { sender, receiver } = await pair(user.id, spot.studio_id);
      await countMessage(user.id);
      const text = content || applicationText(spot, isLanguage(receiver.language) ? receiver.language : lang);
      const reference = {
        id: spot.id,
        data: { slug: spot.slug, title: spot.title, startDate: spot.start_date, endDate: spot.end_date, cityName: spot.city_name },
      };
      const row = await repo.transaction(async (trx) => {
        if (!(await repo.insertApplication(trx, spot.id, user.id, nowIso()))) return null;
        await countConversation(sender);
        const delivered = await deliver(trx, { sender, receiverId: spot.studio_id, content: text, clientId: null, reference, counted: true });
        await repo.linkApplication(trx, spot.id, user.id, delivered.row.id);
        return delivered.row;
      });
      if (!row) {
        await refundMessage(user.id);
        return { alreadyApplied: true, conversationId };
      }
      // The spot's kept answer was this artist's too (hasApplied false); from now on it is not.
      invalidation.invalidate([tags.listing(GUEST_SPOTS, spot.id)]);
      const message = (await present([row], [sender, receiver]))[0] as Message;
      await announce(message);
      return { alreadyApplied: false, message, conversationId };
    },

    /** Whether the viewer (an artist) applied to the spot; false for visitors and studios. */
    async hasApplied(viewer: SessionUser | null, spotId: number): Promise<boolean> {
      if (viewer?.userType !== 'artist') return false;
      return repo.hasApplied(spotId, viewer.id);
    },
  };
}

export type MessageService = ReturnType<typeof createMessageService>;
