import { z } from 'zod';
import { text } from '../text';
import { pathId } from './ids';

/**
 * Where a contact message stands in the inbox. `appeal` is where a suspension's appeal arrives
 * (sent through the suspension mail's link); it stays there until an admin answers or moves it.
 */
export const CONTACT_STATES = ['new', 'appeal', 'read', 'answered', 'closed', 'spam'] as const;
export type ContactState = (typeof CONTACT_STATES)[number];

/** Inbox rows per page. */
export const CONTACT_PAGE_SIZE = 30;
export const CONTACT_REPLY_SUBJECT_MAX = 200;
export const CONTACT_REPLY_BODY_MAX = 10_000;
export const CONTACT_DELETE_REASON_MAX = 500;
/** The longest span the statistics show at once, and the span shown when none is asked for. */
export const STATISTICS_MAX_WEEKS = 104;
export const STATISTICS_DEFAULT_WEEKS = 12;

/** The products whose revenue the statistics show, in the charts' stacking order. */
export const REVENUE_PRODUCTS = ['featured_artist', 'featured_studio', 'instagram_feed_post', 'instagram_story', 'instagram_reel'] as const;
export type RevenueProduct = (typeof REVENUE_PRODUCTS)[number];

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const cursor = z.preprocess(emptyToUndefined, text('cursorInvalid').max(200, 'cursorInvalid').regex(/^[A-Za-z0-9_-]+$/, 'cursorInvalid').optional());

/** GET /api/admin/contact: every status when none is given; q searches name, email, subject and text. */
export const contactListQuery = z.object({
  status: z.preprocess(emptyToUndefined, z.enum(CONTACT_STATES, 'contactStatusInvalid').optional()),
  q: z.preprocess(emptyToUndefined, text('filterInvalid').trim().max(200, 'filterInvalid').optional()),
  cursor,
});
export type ContactListQuery = z.infer<typeof contactListQuery>;

/** The message of /api/admin/contact/{id}; a well-formed id past the columns' range is unknown (404). */
export const contactParams = z.object({ id: pathId('validation', 'contactMessageNotFound') });

/** PATCH /api/admin/contact/{id}. */
export const contactStatusSchema = z.object({ status: z.enum(CONTACT_STATES, 'contactStatusInvalid') });

/** POST /api/admin/contact/{id}/reply. */
export const contactReplySchema = z.object({
  subject: text('contactReplySubjectRequired')
    .trim()
    .min(1, 'contactReplySubjectRequired')
    .max(CONTACT_REPLY_SUBJECT_MAX, 'contactReplySubjectTooLong')
    // A line break in a subject would start a header of its own.
    .refine((s) => !/[\r\n]/.test(s), 'contactReplySubjectRequired'),
  body: text('contactReplyBodyRequired').trim().min(1, 'contactReplyBodyRequired').max(CONTACT_REPLY_BODY_MAX, 'contactReplyBodyTooLong'),
});
export type ContactReplyInput = z.infer<typeof contactReplySchema>;

/** DELETE /api/admin/contact/{id}: deleting is for erasure requests, so the reason is kept in the audit log. */
export const contactDeleteSchema = z.object({
  reason: text('contactDeleteReasonRequired').trim().min(1, 'contactDeleteReasonRequired').max(CONTACT_DELETE_REASON_MAX, 'contactDeleteReasonTooLong'),
});

/** A day written yyyy-mm-dd that exists in the calendar. */
const calendarDay = text('statisticsDateInvalid')
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'statisticsDateInvalid')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value && value >= '2000-01-01';
  }, 'statisticsDateInvalid');

/** GET /api/admin/statistics: Berlin days; the service turns them into whole ISO weeks. */
export const statisticsQuery = z.object({
  from: z.preprocess(emptyToUndefined, calendarDay.optional()),
  to: z.preprocess(emptyToUndefined, calendarDay.optional()),
});

/** One row of the inbox list. */
export interface ContactListItem {
  id: number;
  name: string;
  email: string;
  subject: string;
  /** The start of the message, for the list. */
  excerpt: string;
  status: ContactState;
  language: string;
  createdAt: string;
  replyCount: number;
}

export interface ContactReply {
  id: number;
  subject: string;
  body: string;
  admin: { id: number; username: string } | null;
  createdAt: string;
}

/** One message with its sender's account (when their address belongs to one) and the replies sent. */
export interface ContactMessageDetail {
  id: number;
  name: string;
  email: string;
  subject: string;
  message: string;
  status: ContactState;
  language: string;
  createdAt: string;
  statusChangedAt: string | null;
  user: { id: number; username: string; name: string; userType: string } | null;
  /** For an appeal: the suspension it is about (the account is `user`). */
  appeal: { suspendedAt: string } | null;
  replies: ContactReply[];
}

export interface ContactList {
  messages: ContactListItem[];
  nextCursor: string | null;
}

/** One ISO week (Monday, Europe/Berlin) of the statistics. */
export interface StatisticsWeek {
  weekStart: string;
  registrations: { artist: number; studio: number };
  activeUsers: number;
  guestSpots: number;
  availabilities: number;
  messages: number;
  revenueCents: Record<RevenueProduct, number>;
}

export interface Statistics {
  weeks: StatisticsWeek[];
}
