import type { Language } from '../../../common/languages';
import {
  NOTIFICATIONS_PAGE,
  notificationParams,
  type AppNotification,
  type MarkNotificationsRead,
  type NotificationKind,
  type NotificationPage,
  type NotificationParams,
} from '../../../common/schemas/notifications';
import type { AppContext } from '../../context';
import type { Db } from '../../db/index';
import { noInvalidation } from '../../lib/answer-cache/index';
import { definePrompt } from '../../lib/outbox/index';
import * as repo from './inbox-repo';
import { titleOf } from './titles';

export type InboxDeps = Pick<AppContext, 'db' | 'events'> & Partial<Pick<AppContext, 'outbox' | 'invalidation'>>;

/** What another module hands `notify`: whom, what kind, the params its title is written from, and where it leads. */
export interface NotifyInput<K extends NotificationKind> {
  userId: number;
  kind: K;
  params: NotificationParams<K>;
  /** A path of the app without a language prefix ("/dashboard"); the app adds the reader's. */
  url: string;
}

/** Announces a written notification to its reader's open tabs; call it once the transaction committed. */
export type Announce = () => Promise<void>;

/**
 * Writes a notification in `trx` and answers its id, announcing nothing: for `notify` below,
 * and for the demo seed, which runs before anyone is connected.
 */
export async function writeNotification<K extends NotificationKind>(trx: Db, input: NotifyInput<K>, when: { at?: Date; readAt?: Date } = {}): Promise<number> {
  // The params are the title's only source: a caller passing something else is a bug, caught here rather than by a reader.
  const params = notificationParams[input.kind].parse(input.params);
  return repo.insertNotification(trx, {
    userId: input.userId,
    kind: input.kind,
    params: JSON.stringify(params),
    url: input.url,
    now: (when.at ?? new Date()).toISOString(),
    readAt: when.readAt?.toISOString() ?? null,
  });
}

function present(lang: Language, row: repo.NotificationRow): AppNotification {
  return {
    id: row.id,
    kind: row.kind,
    title: titleOf(lang, row.kind, row.params),
    url: row.url,
    createdAt: row.created_at,
    readAt: row.read_at,
  };
}

/**
 * The bell: notifications written by other modules inside their own transactions, read a page
 * at a time with their titles in the reader's language, marked read one by one or all at once.
 * Every change reaches the reader's open tabs over the live stream, in every process, as an
 * outbox event written with it.
 */
export function createInbox(deps: InboxDeps) {
  const { db, events } = deps;

  const unreadCount = (userId: number) => repo.countUnread(db, userId);
  const created = definePrompt<{ userId: number; id: number }>(deps.outbox, deps.invalidation ?? noInvalidation, 'notifications.created', {
    deliver: async ({ userId, id }) => events.publish([userId], { type: 'notification.created', id, unread: await unreadCount(userId) }),
  });
  const read = definePrompt<{ userId: number }>(deps.outbox, deps.invalidation ?? noInvalidation, 'notifications.read', {
    deliver: async ({ userId }) => events.publish([userId], { type: 'notifications.read', unread: await unreadCount(userId) }),
  });

  /**
   * Writes a notification in the caller's transaction `trx`. Nothing is sent before the caller
   * committed: it calls the answer afterwards, which pushes the new unread count to the user's
   * streams (a rolled-back notice is never announced).
   */
  async function notify<K extends NotificationKind>(trx: Db, input: NotifyInput<K>): Promise<Announce> {
    const notice = { userId: input.userId, id: await writeNotification(trx, input) };
    const told = await created.emit(trx, notice);
    return () => created.committed(told, notice);
  }

  async function list(userId: number, lang: Language, cursor?: number): Promise<NotificationPage> {
    const rows = await repo.listNotifications(db, userId, { ...(cursor === undefined ? {} : { beforeId: cursor }), limit: NOTIFICATIONS_PAGE + 1 });
    const page = rows.slice(0, NOTIFICATIONS_PAGE);
    const last = page.at(-1);
    return {
      notifications: page.map((row) => present(lang, row)),
      unread: await unreadCount(userId),
      nextCursor: rows.length > NOTIFICATIONS_PAGE && last ? String(last.id) : null,
    };
  }

  /** Marks the caller's own notifications read; ids of others' match nothing, so they learn nothing. */
  async function markRead(userId: number, which: MarkNotificationsRead): Promise<{ updated: number; unread: number }> {
    const { updated, told } = await db.transaction().execute(async (trx) => {
      const updated = await repo.markRead(trx, userId, which, new Date().toISOString());
      // The user's other tabs take the new count; nothing changed, nothing to tell.
      return { updated, told: updated > 0 ? await read.emit(trx, { userId }) : [] };
    });
    if (updated > 0) await read.committed(told, { userId });
    return { updated, unread: await unreadCount(userId) };
  }

  return { notify, list, markRead, unreadCount };
}
