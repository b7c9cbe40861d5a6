import { sql, type Expression, type Insertable, type Selectable, type SqlBool, type Transaction } from 'kysely';
import { CONVERSATIONS_PAGE_SIZE } from '../../../common/schemas/messages';
import { isDbId } from '../../../common/schemas/ids';
import { isPostgresDb, type Db } from '../../db/index';
import type { Database, DealRequestsTable, MessagesTable } from '../../db/schema';

export type MessageRow = Selectable<MessagesTable>;
type Executor = Db | Transaction<Database>;

/** A user as messages show them, with what the rules need (account age, mail language). */
export interface PersonRow {
  id: number;
  name: string;
  username: string;
  avatar: string | null;
  user_type: string;
  /** An admin is staff and takes no messages. */
  role: string;
  language: string | null;
  created_at: string;
}

/** The last message a conversation row shows. */
export interface LastMessage {
  id: number;
  content: string;
  sender_id: number;
  created_at: string;
}

export interface ConversationRow {
  contact_id: number;
  name: string;
  username: string;
  avatar: string | null;
  user_type: string;
  unread_count: number;
  last_message: string | null;
  last_message_at: string | null;
}

export interface GuestSpotRef {
  id: number;
  studio_id: number;
  slug: string;
  title: string;
  start_date: string;
  end_date: string;
  is_active: number;
  city_name: string | null;
  /** The spot's terms as JSON text (DealTerms), null without any. */
  terms: string | null;
}

/** The low and high id of a pair: a thread is one range of messages_pair_idx. */
export const pairOf = (a: number, b: number) => ({ user_low: Math.min(a, b), user_high: Math.max(a, b) });

/** The statements of messages, conversations and the applications they carry. */
export function createMessageRepo(db: Db) {
  const postgres = isPostgresDb(db);

  /**
   * Neither user blocked the other (the conversation list leaves such contacts out, as the
   * unread counter does): two lookups of the blocks key, one per direction.
   */
  const noBlock = (me: number, contact: Expression<number>) =>
    sql<SqlBool>`not exists (select 1 from blocks b where b.blocker_id = ${me} and b.blocked_id = ${contact}) and not exists (select 1 from blocks b where b.blocker_id = ${contact} and b.blocked_id = ${me})`;

  /** My visible conversations with unblocked contacts, latest first: one range of conversations_page_idx, no sort. */
  function conversationsQuery(me: number, cursor: { before?: string; beforeId?: number }) {
    let query = db
      .selectFrom('conversations as c')
      .innerJoin('users as u', 'u.id', 'c.contact_id')
      .select(['c.contact_id', 'u.name', 'u.username', 'u.avatar', 'u.user_type', 'c.unread_count', 'c.last_message', 'c.last_message_at'])
      .where('c.user_id', '=', me)
      .where('c.last_message_at', 'is not', null)
      .whereRef('c.last_message_id', '>', 'c.hidden_until_id')
      .where(noBlock(me, sql.ref('c.contact_id')));
    const { before, beforeId } = cursor;
    // A row comparison: both engines seek conversations_page_idx to it, where an OR of two ranges could scan.
    if (before !== undefined) {
      query =
        beforeId === undefined
          ? query.where('c.last_message_at', '<', before)
          : query.where((eb) => eb(eb.refTuple('c.last_message_at', 'c.contact_id'), '<', eb.tuple(before, beforeId)));
    }
    return query.orderBy('c.last_message_at', 'desc').orderBy('c.contact_id', 'desc').limit(CONVERSATIONS_PAGE_SIZE);
  }

  return {
    transaction<T>(fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
      return db.transaction().execute(fn);
    },

    /** The given users that exist, in one read. */
    async people(ids: number[], trx: Executor = db): Promise<PersonRow[]> {
      const valid = [...new Set(ids.filter(isDbId))];
      if (!valid.length) return [];
      return trx
        .selectFrom('users')
        .select(['id', 'name', 'username', 'avatar', 'user_type', 'role', 'language', 'created_at'])
        .where('id', 'in', valid)
        .execute();
    },

    /** Who blocked whom between two users, and whether the other is suspended now. */
    async blocksBetween(me: number, other: number): Promise<{ byMe: boolean; byThem: boolean; suspended: boolean }> {
      const now = new Date().toISOString();
      const suspended = await db
        .selectFrom('users')
        .select('id')
        .where('id', '=', other)
        .where('suspended_at', 'is not', null)
        .where((eb) => eb.or([eb('suspended_until', 'is', null), eb('suspended_until', '>', now)]))
        .executeTakeFirst();
      const rows = await db
        .selectFrom('blocks')
        .select(['blocker_id'])
        .where((eb) =>
          eb.or([
            eb.and([eb('blocker_id', '=', me), eb('blocked_id', '=', other)]),
            eb.and([eb('blocker_id', '=', other), eb('blocked_id', '=', me)]),
          ]),
        )
        .execute();
      return { byMe: rows.some((r) => r.blocker_id === me), byThem: rows.some((r) => r.blocker_id === other), suspended: suspended !== undefined };
    },

    /** The message a sender stored under a client id, if any. */
    findByClientId(senderId: number, clientId: string, trx: Executor = db): Promise<MessageRow | undefined> {
      return trx.selectFrom('messages').selectAll().where('sender_id', '=', senderId).where('client_id', '=', clientId).executeTakeFirst();
    },

    async findMessage(id: number): Promise<MessageRow | undefined> {
      if (!isDbId(id)) return undefined;
      return db.selectFrom('messages').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /**
     * Stores a message; a second one under the same sender and client id is not stored (the
     * unique index decides, so parallel retries cannot both get in) and answers undefined.
     */
    insertMessage(trx: Executor, values: Omit<MessageRow, 'id' | 'is_read' | 'read_at' | 'removed_at'>): Promise<MessageRow | undefined> {
      return trx
        .insertInto('messages')
        .values(values)
        .onConflict((oc) => oc.columns(['sender_id', 'client_id']).doNothing())
        .returningAll()
        .executeTakeFirst();
    },

    /**
     * Locks the pair's two conversation rows until the transaction ends, in user id order, the
     * order every writer takes them in, so two writers of one pair never wait on each other in a
     * circle (PostgreSQL; on SQLite the transaction runs alone).
     */
    async lockPair(trx: Transaction<Database>, a: number, b: number): Promise<void> {
      if (!postgres) return;
      const { user_low, user_high } = pairOf(a, b);
      await trx
        .selectFrom('conversations')
        .select('user_id')
        .where((eb) =>
          eb.or([
            eb.and([eb('user_id', '=', user_low), eb('contact_id', '=', user_high)]),
            eb.and([eb('user_id', '=', user_high), eb('contact_id', '=', user_low)]),
          ]),
        )
        .orderBy('user_id')
        .forUpdate()
        .execute();
    },

    /**
     * Opens the sender's conversation row with a message when it has none; answers whether it
     * did. Of parallel first messages only one inserts: the others wait on the key and find it.
     */
    async openConversation(trx: Executor, userId: number, contactId: number, last: LastMessage, unread: number): Promise<boolean> {
      const row = await trx
        .insertInto('conversations')
        .values({
          user_id: userId,
          contact_id: contactId,
          last_message_id: last.id,
          last_message: last.content,
          last_sender_id: last.sender_id,
          last_message_at: last.created_at,
          unread_count: unread,
          hidden_until_id: 0,
          created_at: last.created_at,
        })
        .onConflict((oc) => oc.columns(['user_id', 'contact_id']).doNothing())
        .returning('user_id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Adds a message to an existing conversation row: unread count up by `unread`, and the last
     * message set unless a later one got there first (parallel sends commit in any order).
     */
    async advanceConversation(trx: Executor, userId: number, contactId: number, last: LastMessage, unread: number): Promise<void> {
      const newer = sql<SqlBool>`(last_message_id is null or last_message_id < ${last.id})`;
      await trx
        .updateTable('conversations')
        .set({
          unread_count: sql<number>`unread_count + ${unread}`,
          last_message_id: sql<number>`case when ${newer} then ${last.id} else last_message_id end`,
          last_message: sql<string>`case when ${newer} then ${last.content} else last_message end`,
          last_sender_id: sql<number>`case when ${newer} then ${last.sender_id} else last_sender_id end`,
          last_message_at: sql<string>`case when ${newer} then ${last.created_at} else last_message_at end`,
        })
        .where('user_id', '=', userId)
        .where('contact_id', '=', contactId)
        .execute();
    },

    /** The pair's latest message, for the conversation rows after a deletion. */
    lastOfPair(trx: Executor, a: number, b: number): Promise<LastMessage | undefined> {
      const { user_low, user_high } = pairOf(a, b);
      return trx
        .selectFrom('messages')
        .select(['id', 'content', 'sender_id', 'created_at'])
        .where('user_low', '=', user_low)
        .where('user_high', '=', user_high)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    /** Sets both rows of a pair to the given last message (none: the pair has no message left). */
    async setLast(trx: Executor, a: number, b: number, last: LastMessage | undefined): Promise<void> {
      const { user_low, user_high } = pairOf(a, b);
      await trx
        .updateTable('conversations')
        .set({
          last_message_id: last?.id ?? null,
          last_message: last?.content ?? null,
          last_sender_id: last?.sender_id ?? null,
          last_message_at: last?.created_at ?? null,
        })
        .where((eb) =>
          eb.or([
            eb.and([eb('user_id', '=', user_low), eb('contact_id', '=', user_high)]),
            eb.and([eb('user_id', '=', user_high), eb('contact_id', '=', user_low)]),
          ]),
        )
        .execute();
    },

    /** Counts again what a receiver has unread from a sender, past what they hid. */
    async recountUnread(trx: Executor, receiverId: number, senderId: number): Promise<void> {
      const { user_low, user_high } = pairOf(receiverId, senderId);
      await trx
        .updateTable('conversations')
        .set({
          unread_count: (eb) =>
            eb
              .selectFrom('messages as m')
              .select((e) => e.fn.countAll<number>().as('n'))
              .where('m.user_low', '=', user_low)
              .where('m.user_high', '=', user_high)
              .where('m.sender_id', '=', senderId)
              .where('m.is_read', '=', 0)
              .whereRef('m.id', '>', 'conversations.hidden_until_id'),
        })
        .where('user_id', '=', receiverId)
        .where('contact_id', '=', senderId)
        .execute();
    },

    deleteMessage(trx: Executor, id: number): Promise<MessageRow | undefined> {
      return trx.deleteFrom('messages').where('id', '=', id).returningAll().executeTakeFirst();
    },

    /**
     * Marks what a contact sent me as read: my conversation row first, so a message committed
     * meanwhile is either counted there and left unread, or read here and not counted.
     */
    async markRead(trx: Executor, me: number, contactId: number, readAt: string): Promise<number[]> {
      await trx.updateTable('conversations').set({ unread_count: 0 }).where('user_id', '=', me).where('contact_id', '=', contactId).execute();
      const { user_low, user_high } = pairOf(me, contactId);
      const rows = await trx
        .updateTable('messages')
        .set({ is_read: 1, read_at: readAt })
        .where('user_low', '=', user_low)
        .where('user_high', '=', user_high)
        .where('sender_id', '=', contactId)
        .where('is_read', '=', 0)
        .returning('id')
        .execute();
      return rows.map((r) => r.id);
    },

    /** Hides the conversation for me up to its last message; a later message shows it again. */
    async hideConversation(me: number, contactId: number): Promise<void> {
      await db
        .updateTable('conversations')
        .set({ hidden_until_id: sql<number>`coalesce(last_message_id, hidden_until_id)`, unread_count: 0 })
        .where('user_id', '=', me)
        .where('contact_id', '=', contactId)
        .execute();
    },

    /** Messages up to this id are hidden for me in this conversation (0: none). */
    async hiddenUntil(me: number, contactId: number): Promise<number> {
      const row = await db
        .selectFrom('conversations')
        .select('hidden_until_id')
        .where('user_id', '=', me)
        .where('contact_id', '=', contactId)
        .executeTakeFirst();
      return row?.hidden_until_id ?? 0;
    },

    /** A page of a thread, newest first: after what I hid, before `before`; one more than asked tells whether older ones exist. */
    thread(me: number, contactId: number, hiddenUntil: number, before: number | undefined, limit: number): Promise<MessageRow[]> {
      const { user_low, user_high } = pairOf(me, contactId);
      let query = db
        .selectFrom('messages')
        .selectAll()
        .where('user_low', '=', user_low)
        .where('user_high', '=', user_high)
        .where('id', '>', hiddenUntil);
      if (before !== undefined) query = query.where('id', '<', before);
      return query.orderBy('id', 'desc').limit(limit + 1).execute();
    },

    /** The page query of `conversations`, for its plan test. */
    conversationsQuery,

    /** My visible conversations with unblocked contacts, latest first: one range of conversations_page_idx. */
    conversations(me: number, cursor: { before?: string; beforeId?: number }): Promise<ConversationRow[]> {
      return conversationsQuery(me, cursor).execute();
    },

    /**
     * What I have unread over my visible conversations with unblocked contacts: the counter the
     * database keeps in the statement of every change (migration 075), one key lookup.
     */
    async unreadCount(me: number, trx: Executor = db): Promise<number> {
      const row = await trx.selectFrom('unread_counters').select('unread').where('user_id', '=', me).executeTakeFirst();
      return row?.unread ?? 0;
    },

    /** The spots the references of a page point at, in one read. */
    async spotsByIds(ids: number[]): Promise<{ id: number; is_active: number; end_date: string }[]> {
      if (!ids.length) return [];
      return db.selectFrom('guest_spots').select(['id', 'is_active', 'end_date']).where('id', 'in', [...new Set(ids)]).execute();
    },

    /** A guest spot as an application names it; the city as typed, else the listed city's name. */
    async guestSpot(id: number): Promise<GuestSpotRef | undefined> {
      if (!isDbId(id)) return undefined;
      return db
        .selectFrom('guest_spots as g')
        .leftJoin('cities as ci', 'ci.id', 'g.city_id')
        .select(['g.id', 'g.studio_id', 'g.slug', 'g.title', 'g.start_date', 'g.end_date', 'g.is_active', 'g.terms'])
        .select((eb) => eb.fn.coalesce('g.city_name', 'ci.name').as('city_name'))
        .where('g.id', '=', id)
        .executeTakeFirst();
    },

    /** Whether the artist has a pending application to the spot (one that has not reached its first day unanswered). */
    async hasPendingApplication(spotId: number, artistId: number, today: string): Promise<boolean> {
      if (!isDbId(spotId)) return false;
      const row = await db
        .selectFrom('deal_requests')
        .select('id')
        .where('guest_spot_id', '=', spotId)
        .where('artist_id', '=', artistId)
        .where('kind', '=', 'application')
        .where('status', '=', 'pending')
        .where('start_date', '>=', today)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Marks the artist's pending application to the spot expired when its first day passed
     * unanswered, so the pending key lets a new one in (the expiry job may not have run yet).
     */
    async expireOverdueApplication(trx: Executor, spotId: number, artistId: number, today: string): Promise<void> {
      await trx
        .updateTable('deal_requests')
        .set({ status: 'expired' })
        .where('guest_spot_id', '=', spotId)
        .where('artist_id', '=', artistId)
        .where('kind', '=', 'application')
        .where('status', '=', 'pending')
        .where('start_date', '<', today)
        .execute();
    },

    /** Records a pending application; a second pending one for the same spot and artist is not recorded (the partial unique key decides). */
    async insertApplication(trx: Executor, values: Omit<Insertable<DealRequestsTable>, 'kind' | 'status'>): Promise<number | undefined> {
      const row = await trx
        .insertInto('deal_requests')
        .values({ ...values, kind: 'application', status: 'pending' })
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .executeTakeFirst();
      return row?.id;
    },
  };
}

export type MessageRepo = ReturnType<typeof createMessageRepo>;
