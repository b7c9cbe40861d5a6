import { z } from 'zod';
import { REPORT_TARGETS } from '../message-limits';
import { RESOLVE_ACTIONS } from './admin-moderation';
import { idNumber, MAX_ID } from './ids';

/** In-app notifications (the bell): GET /api/notifications and PUT /api/notifications/read. */

/** Notifications a page of the list holds. */
export const NOTIFICATIONS_PAGE = 20;
/** Ids one PUT /api/notifications/read may name. */
export const NOTIFICATIONS_READ_MAX = 100;

/**
 * What each kind of notification carries to write its title from. Only what the reader may
 * know: never who acted behind the scenes (a moderator, a reporter), never a moderator’s reason.
 */
export const notificationParams = {
  /** A report the reader filed was closed: how, and what kind of thing it was about. */
  report_resolved: z.object({ action: z.enum(RESOLVE_ACTIONS), targetType: z.enum(REPORT_TARGETS) }),
  /** Someone replied in a forum thread the reader watches: who (a public name) and the thread's title. */
  forum_reply: z.object({ name: z.string().max(200), title: z.string().max(200) }),
  /** Someone mentioned the reader (@name) in a forum post. */
  forum_mention: z.object({ name: z.string().max(200), title: z.string().max(200) }),
  /** A saved search of the reader matched something new: the search's name and the item's title (a listing's, an artist's name). */
  saved_search: z.object({ name: z.string().max(200), title: z.string().max(200) }),
} as const;
export type NotificationKind = keyof typeof notificationParams;
export const NOTIFICATION_KINDS = Object.keys(notificationParams) as NotificationKind[];
export type NotificationParams<K extends NotificationKind> = z.infer<(typeof notificationParams)[K]>;

/** One notification as its reader gets it; `title` is in the request's language, `url` a path without a language prefix. */
export interface AppNotification {
  id: number;
  /** One of NOTIFICATION_KINDS; typed as text since an older app may read a kind added later. */
  kind: string;
  title: string;
  url: string;
  createdAt: string;
  readAt: string | null;
}

/** GET /api/notifications: newest first, 20 a page; `unread` counts all of the reader's unread ones. */
export interface NotificationPage {
  notifications: AppNotification[];
  unread: number;
  nextCursor: string | null;
}

/** `?cursor=`: the last id of the page before, as the list answered it. */
export const notificationListQuery = z.object({
  cursor: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string('cursorInvalid')
      .regex(/^[1-9][0-9]{0,9}$/, 'cursorInvalid')
      .transform(Number)
      .refine((n) => n <= MAX_ID, 'cursorInvalid')
      .optional(),
  ),
});

/** PUT /api/notifications/read: some of one's own (1-100 ids) or all of them. */
export const markNotificationsReadSchema = z.union(
  [
    z.strictObject({
      ids: z
        .array(idNumber('notificationsReadInvalid'), 'notificationsReadInvalid')
        .min(1, 'notificationsReadInvalid')
        .max(NOTIFICATIONS_READ_MAX, 'notificationsReadInvalid'),
    }),
    z.strictObject({ all: z.literal(true, 'notificationsReadInvalid') }),
  ],
  'notificationsReadInvalid',
);
export type MarkNotificationsRead = z.infer<typeof markNotificationsReadSchema>;

/** The live stream's notification events (GET /api/events); each carries the reader's new unread count. */
export type NotificationLiveEvent =
  | { type: 'notification.created'; id: number; unread: number }
  | { type: 'notifications.read'; unread: number };
