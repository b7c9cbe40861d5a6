import type { Transaction } from 'kysely';
import { formatDate } from '../../../common/format';
import { isLanguage, type Language } from '../../../common/languages';
import type { DealTerms } from '../../../common/schemas/deal-terms';
import type { DealMessageReference } from '../../../common/schemas/deals';
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
import { definePrompt, type Emitted } from '../../lib/outbox/index';
import { presentUserCard } from '../../lib/user-card';
import { MESSAGES_PER_DAY, MESSAGES_PER_MINUTE, newConversationLimit } from './limits';
import { authorizeApply, authorizeDelete, authorizeMessage, canMessage } from './policy';
import { presentContact, presentConversation, presentMessage, type DealReferenceSnapshot, type ReferenceSnapshot } from './presenter';
import { createMessageRepo, pairOf, type GuestSpotRef, type MessageRow, type PersonRow } from './repo';

export type MessageServiceDeps = Pick<AppContext, 'db' | 'rateLimits'> & Partial<Pick<AppContext, 'invalidation' | 'outbox'>> & { events: EventBus };

/** What a new message carries besides its text. */
interface Outgoing {
  sender: Pick<PersonRow, 'id' | 'created_at'>;
  receiverId: number;
  content: string;
  clientId: string | null;
  reference?: { type: 'guest_spot'; id: number; data: ReferenceSnapshot } | { type: 'deal'; id: number; data: DealReferenceSnapshot };
  /** The conversations limit was counted already (applications count every time). */
  counted: boolean;
}

export interface ApplyResult {
  message: Message;
  conversationId: number;
  /** The pending application the message made. */
  applicationId: number;
}

/** What an application names besides its message: the days (default: the spot's whole window, from today on). */
export interface ApplyInput {
  startDate?: string | undefined;
  endDate?: string | undefined;
  content?: string | undefined;
}

/** A line a request's change posts into the pair's conversation (the deals module writes it). */
export interface SystemLine {
  sender: Pick<PersonRow, 'id' | 'created_at'>;
  receiverId: number;
  content: string;
  reference: DealMessageReference;
}

/** A system line stored in a change's transaction, with the live event to hand on after its commit. */
export interface PostedLine {
  row: MessageRow;
  events: Emitted[];
}

/** The days between two yyyy-mm-dd days, both counted. */
const daysOf = (start: string, end: string) => Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;

/** The spot's terms as stored; a column that does not hold terms reads as none. */
function storedTerms(json: string | null): DealTerms | null {
  if (!json) return null;
  try {
    const value = JSON.parse(json) as unknown;
    return value && typeof value === 'object' ? (value as DealTerms) : null;
  } catch {
    return null;
  }
}

/**
 * The days an application asks for: inside the spot's window and not before today, at least the
 * terms' `minDays` (or the window's length when shorter); without dates the whole window from today on.
 */
function applicationDays(spot: GuestSpotRef, input: ApplyInput, today: string): { startDate: string; endDate: string } {
  const first = spot.start_date > today ? spot.start_date : today;
  if (input.startDate === undefined || input.endDate === undefined) return { startDate: first, endDate: spot.end_date };
  if (input.startDate < first || input.endDate > spot.end_date) throw new AppError(400, 'dealDatesOutside', {}, { field: 'startDate', fields: { startDate: 'dealDatesOutside' } });
  const minDays = Math.min(storedTerms(spot.terms)?.minDays ?? 1, daysOf(first, spot.end_date));
  if (daysOf(input.startDate, input.endDate) < minDays) throw new AppError(400, 'dealTooShort', { count: minDays }, { field: 'endDate', fields: { endDate: 'dealTooShort' } });
  return { startDate: input.startDate, endDate: input.endDate };
}

/**
 * Messages between users: threads, the conversation list and unread count kept in one row per
 * participant, read marks, deletion, guest spot applications, the rate limits, and the live
 * events of each change (outbox events written with the change and published by the writer
 * right after its commit, or by the next round when it died first).
 */
export function createMessageService({ db, rateLimits, events, outbox, invalidation = noInvalidation }: MessageServiceDeps) {
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

  const countConversation = (sender: Pick<PersonRow, 'id' | 'created_at'>) => consume(rateLimits, newConversationLimit(sender.created_at), userKey(sender.id));

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
      reference_type: out.reference?.type ?? null,
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

  async function publishCount(userId: number): Promise<void> {
    events.publish([userId], { type: 'unread.count', count: await repo.unreadCount(userId) });
  }

  /** Tells both sides about a new message as it is now (nothing once deleted), and the receiver their unread count. */
  async function announce({ messageId }: { messageId: number }): Promise<void> {
    const row = await repo.findMessage(messageId);
    if (!row) return;
    const message = (await present([row], await repo.people([row.sender_id, row.receiver_id])))[0] as Message;
    events.publish([message.senderId, message.receiverId], { type: 'message.created', message });
    await publishCount(message.receiverId);
  }

  const sent = definePrompt(outbox, invalidation, 'messages.sent', { deliver: announce });
  const read = definePrompt<{ readerId: number; contactId: number; readAt: string; upToId: number }>(outbox, invalidation, 'messages.read', {
    async deliver(mark) {
      events.publish([mark.contactId], { type: 'conversation.read', ...mark });
      await publishCount(mark.readerId);
    },
  });
  const deleted = definePrompt<{ id: number; senderId: number; receiverId: number }>(outbox, invalidation, 'messages.deleted', {
    async deliver(gone) {
      events.publish([gone.senderId, gone.receiverId], { type: 'message.deleted', ...gone });
      await publishCount(gone.receiverId);
    },
  });
  /** An application: its message, and both sides' deal lists; the spot's kept answer was this artist's too (hasApplied false), from now on it is not. */
  const applied = definePrompt<{ messageId: number; spotId: number; applicationId: number; artistId: number; studioId: number }>(outbox, invalidation, 'messages.applied', {
    tags: ({ spotId }) => [tags.listing(GUEST_SPOTS, spotId)],
    async deliver(made) {
      await announce(made);
      events.publish([made.artistId, made.studioId], { type: 'deal.changed', requestId: made.applicationId, stayId: null, status: 'pending' });
    },
  });

  /** The default text of an application, in the studio's language (else the artist's). */
  function applicationText(title: string, days: { startDate: string; endDate: string }, lang: Language): string {
    return t(lang, 'applications:default', { title, start: formatDate(days.startDate, lang), end: formatDate(days.endDate, lang) });
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
      const { ids, told } = await repo.transaction(async (trx) => {
        const ids = await repo.markRead(trx, user.id, contactId, readAt);
        if (!ids.length) return { ids, told: null };
        const mark = { readerId: user.id, contactId, readAt, upToId: Math.max(...ids) };
        return { ids, told: { mark, events: await read.emit(trx, mark) } };
      });
      if (told) await read.committed(told.events, told.mark);
      // Nothing was unread: the count is told all the same, for a tab that missed an event.
      else await publishCount(user.id);
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
      const { row, created, told } = await repo.transaction(async (trx) => {
        const done = await deliver(trx, { sender, receiverId, content: input.content, clientId, counted: false });
        return { ...done, told: done.created ? await sent.emit(trx, { messageId: done.row.id }) : [] };
      });
      if (!created) {
        await refundMessage(user.id);
        const people = row.receiver_id === receiver.id ? [sender, receiver] : [sender, ...(await repo.people([row.receiver_id]))];
        return { message: (await present([row], people))[0] as Message, created: false };
      }
      await sent.committed(told, { messageId: row.id });
      const message = (await present([row], [sender, receiver]))[0] as Message;
      return { message, created: true };
    },

    /** Deletes a message for both sides (its sender only); both conversation rows show what is left. */
    async remove(user: SessionUser, id: number): Promise<void> {
      const message = await repo.findMessage(id);
      if (!message) throw new AppError(404, 'messageNotFound');
      authorizeDelete(user, message);
      const { sender_id: senderId, receiver_id: receiverId } = message;
      const gone = { id, senderId, receiverId };
      const told = await repo.transaction(async (trx) => {
        await repo.lockPair(trx, senderId, receiverId);
        const row = await repo.deleteMessage(trx, id);
        if (!row) return null;
        await repo.setLast(trx, senderId, receiverId, await repo.lastOfPair(trx, senderId, receiverId));
        await repo.recountUnread(trx, receiverId, senderId);
        return deleted.emit(trx, gone);
      });
      if (!told) throw new AppError(404, 'messageNotFound');
      await deleted.committed(told, gone);
    },

    /** Hides a conversation for me up to its last message; the contact keeps theirs, and a later message shows it again. */
    async hideConversation(user: SessionUser, contactId: number): Promise<void> {
      await personOrThrow(contactId);
      await repo.hideConversation(user.id, contactId);
      await publishCount(user.id);
    },

    unreadCount(user: Pick<SessionUser, 'id'>): Promise<number> {
      return repo.unreadCount(user.id);
    },

    /**
     * Applies to a guest spot: a pending application for the chosen days, and the studio's first
     * message about it (the artist's text, else a default naming the spot and the days) carrying
     * the spot as a card, in one transaction. One pending application per artist and spot: the
     * partial unique key decides, so of parallel applies one gets in and the others get 409.
     */
    async apply(user: SessionUser, spotId: number, input: ApplyInput, lang: Language): Promise<ApplyResult> {
      authorizeApply(user);
      const spot = await repo.guestSpot(spotId);
      if (!spot) throw new AppError(404, 'guestSpotNotFound');
      const conversationId = spot.studio_id;
      const today = todayInBerlin();
      if (spot.is_active !== 1 || spot.end_date < today) throw new AppError(409, 'guestSpotClosed');
      authorizeMessage(user.id, spot.studio_id, await repo.blocksBetween(user.id, spot.studio_id));
      const days = applicationDays(spot, input, today);
      if (await repo.hasPendingApplication(spot.id, user.id, today)) throw new AppError(409, 'applicationPending', {}, { conversationId });
      const { sender, receiver } = await pair(user.id, spot.studio_id);
      await countMessage(user.id);
      const text = input.content || applicationText(spot.title, days, isLanguage(receiver.language) ? receiver.language : lang);
      const reference = {
        type: 'guest_spot' as const,
        id: spot.id,
        data: { slug: spot.slug, title: spot.title, startDate: spot.start_date, endDate: spot.end_date, cityName: spot.city_name },
      };
      const made = await repo.transaction(async (trx) => {
        await repo.expireOverdueApplication(trx, spot.id, user.id, today);
        const applicationId = await repo.insertApplication(trx, {
          guest_spot_id: spot.id,
          availability_id: null,
          artist_id: user.id,
          studio_id: spot.studio_id,
          start_date: days.startDate,
          end_date: days.endDate,
          terms: spot.terms,
          message: input.content || null,
          reason: null,
          created_at: nowIso(),
          decided_at: null,
          stay_id: null,
        });
        if (applicationId === undefined) return null;
        await countConversation(sender);
        const delivered = await deliver(trx, { sender, receiverId: spot.studio_id, content: text, clientId: null, reference, counted: true });
        const told = { messageId: delivered.row.id, spotId: spot.id, applicationId, artistId: user.id, studioId: spot.studio_id };
        return { row: delivered.row, applicationId, told, events: await applied.emit(trx, told) };
      });
      if (!made) {
        await refundMessage(user.id);
        throw new AppError(409, 'applicationPending', {}, { conversationId });
      }
      await applied.committed(made.events, made.told);
      const message = (await present([made.row], [sender, receiver]))[0] as Message;
      return { message, conversationId, applicationId: made.applicationId };
    },

    /** Whether the viewer (an artist) has a pending application to the spot; false for visitors and studios. */
    async hasApplied(viewer: SessionUser | null, spotId: number): Promise<boolean> {
      if (viewer?.userType !== 'artist') return false;
      return repo.hasPendingApplication(spotId, viewer.id, todayInBerlin());
    },

    /**
     * Refuses a first contact across a block or to a suspended account (403), as a message would
     * be: an invitation is one.
     */
    async authorizeContact(me: number, other: number): Promise<void> {
      authorizeMessage(me, other, await repo.blocksBetween(me, other));
    },

    /**
     * Stores a request's system line in the caller's transaction (the pair's conversation rows
     * follow, and its live event); hand the answer to `announceLines` once it committed. Lines
     * count against no limit: they record what the two did.
     */
    async postLine(trx: Transaction<Database>, line: SystemLine): Promise<PostedLine> {
      const { requestId, type: _type, ...data } = line.reference;
      const { row } = await deliver(trx, {
        sender: line.sender,
        receiverId: line.receiverId,
        content: line.content,
        clientId: null,
        reference: { type: 'deal', id: requestId, data },
        counted: true,
      });
      return { row, events: await sent.emit(trx, { messageId: row.id }) };
    },

    /** Tells both sides of each committed line, as a sent message is told. */
    async announceLines(lines: PostedLine[]): Promise<void> {
      for (const line of lines) await sent.committed(line.events, { messageId: line.row.id });
    },
  };
}

export type MessageService = ReturnType<typeof createMessageService>;
