import { z } from 'zod';
import { DEAL_LIMITS, DEAL_REQUEST_STATUSES, STAY_STATUSES, type DealRequestKind, type DealRequestStatus, type StayStatus } from '../deal-limits';
import { MESSAGE_MAX } from '../message-limits';
import { checkDateOrder, listingDate } from './listing-fields';
import { cleanMessage, type MessagePerson } from './messages';
import { dealTermsSchema, type DealTerms } from './deal-terms';
import { MAX_ID, idNumber } from './ids';
import type { CardImage } from './card-images';
import type { LanguageId } from '../constants';

// Applications (an artist asks a studio for a guest spot), invitations (a studio answers an
// artist's availability) and the stays an accepted one becomes. One record, two kinds: the
// side that did not send it answers it.

const messageText = z
  .string('validation')
  .transform(cleanMessage)
  .pipe(z.string().max(MESSAGE_MAX, 'messageTooLong'));

const reason = (max: number) =>
  z
    .string('validation')
    .trim()
    .max(max, 'tooLong')
    .transform((v) => (v === '' ? undefined : v))
    .optional();

/**
 * POST /api/guest-spots/{id}/apply: dates inside the spot's window and at least its `minDays`
 * (default: the whole window), and the message (`content` is the older name of `message`);
 * without one the studio gets a default text in its language.
 */
export const applyToSpotSchema = z
  .object({
    startDate: listingDate.optional(),
    endDate: listingDate.optional(),
    message: messageText.optional(),
    content: messageText.optional(),
  })
  .superRefine((v, ctx) => {
    if ((v.startDate === undefined) !== (v.endDate === undefined)) {
      ctx.addIssue({ code: 'custom', message: 'dealDatesBoth', path: [v.startDate === undefined ? 'startDate' : 'endDate'] });
    }
    checkDateOrder(v, ctx);
  });
export type ApplyToSpotInput = z.input<typeof applyToSpotSchema>;

/**
 * POST /api/artist-availability/{id}/invite: dates inside the availability's window; either one of
 * the studio's active spots (`guestSpotId`) or terms of the invitation's own.
 */
export const inviteSchema = z
  .object({
    guestSpotId: idNumber('validation').optional(),
    startDate: listingDate,
    endDate: listingDate,
    terms: dealTermsSchema.optional(),
    message: messageText.pipe(z.string().min(1, 'messageEmpty')),
  })
  .superRefine(checkDateOrder);
export type InviteInput = z.input<typeof inviteSchema>;

/** POST /api/applications/{id}/decline. */
export const declineSchema = z.object({ reason: reason(DEAL_LIMITS.declineReason) });

/** POST /api/stays/{id}/cancel: the other side is told why. */
export const cancelStaySchema = z.object({
  reason: z.string('cancelReasonRequired').trim().min(1, 'cancelReasonRequired').max(DEAL_LIMITS.cancelReason, 'tooLong'),
});

/** An opaque cursor of the deals lists (the last row's position). */
const cursor = z.string('validation').max(200, 'validation').regex(/^[A-Za-z0-9_-]+$/, 'validation').optional();

/** GET /api/applications?role=sent|received&status=&cursor= (both kinds; `kind` narrows). */
export const applicationsQuery = z.object({
  role: z.enum(['sent', 'received'], 'filterInvalid').default('received'),
  status: z.enum(DEAL_REQUEST_STATUSES, 'filterInvalid').optional(),
  kind: z.enum(['application', 'invitation'], 'filterInvalid').optional(),
  cursor,
});

/** GET /api/stays?role=artist|studio&status=&cursor= (without role: both sides). */
export const staysQuery = z.object({
  role: z.enum(['artist', 'studio'], 'filterInvalid').optional(),
  status: z.enum(STAY_STATUSES, 'filterInvalid').optional(),
  cursor,
});

/** A request id in a path. */
export const dealIdParam = z.object({ id: z.coerce.number('validation').int('validation').positive('validation').max(MAX_ID, 'notFound') });

/** The listing a request names, as its card shows it. */
export interface DealListingRef {
  id: number;
  slug: string;
  title: string;
}

/** An application or invitation as GET /api/applications answers it. */
export interface DealRequest {
  id: number;
  kind: DealRequestKind;
  status: DealRequestStatus;
  /** The spot applied to, or the spot an invitation names (null: an invitation with terms of its own). */
  guestSpot: DealListingRef | null;
  /** The availability an invitation answers. */
  availability: DealListingRef | null;
  artist: MessagePerson;
  studio: MessagePerson;
  startDate: string;
  endDate: string;
  /** The invitation's own terms, or the spot's at the time of the request. */
  terms: DealTerms | null;
  /** The decline reason, when one was given. */
  reason: string | null;
  createdAt: string;
  decidedAt: string | null;
  /** The stay an accepted request became. */
  stayId: number | null;
  /**
   * For the side that answers (role=received): the artist at a glance, so a studio decides
   * without opening the profile (latest three works, rating, languages). Read in one query per page.
   */
  artistDetails?: ArtistAtAGlance;
}

export interface ArtistAtAGlance {
  latestWorks: CardImage[];
  /** Average stars, null without reviews. */
  rating: number | null;
  reviewCount: number;
  languages: LanguageId[];
}

export interface DealRequestPage {
  applications: DealRequest[];
  nextCursor: string | null;
}

/** A confirmed (or cancelled, or completed) guest stay. */
export interface Stay {
  id: number;
  artist: MessagePerson;
  studio: MessagePerson;
  guestSpotId: number | null;
  startDate: string;
  endDate: string;
  /** The place's name ("Berlin"), from the spot or the studio. */
  city: string | null;
  /** A snapshot of the terms when the request was accepted. */
  terms: DealTerms | null;
  status: StayStatus;
  createdAt: string;
  cancelledAt: string | null;
  cancelReason: string | null;
}

export interface StayPage {
  stays: Stay[];
  nextCursor: string | null;
}

/**
 * A stay as anyone may see it on a profile (GET /api/users/{id}/stays): who, where and when,
 * nothing of the terms or a cancellation.
 */
export interface PublicStay {
  id: number;
  artist: MessagePerson;
  studio: MessagePerson;
  startDate: string;
  endDate: string;
  city: string | null;
  status: Extract<StayStatus, 'confirmed' | 'completed'>;
}

/** GET /api/users/{id}/stays: upcoming and recent stays, soonest first. */
export interface PublicStayList {
  stays: PublicStay[];
}

/** GET /api/deals/summary: the dashboard's Trips (artists) and Guests (studios) counts. */
export interface DealSummary {
  /** Pending requests the user must answer. */
  pendingReceived: number;
  /** Pending requests the user made. */
  pendingSent: number;
  /** Confirmed stays that have not ended. */
  upcomingStays: number;
}

/**
 * The reference of a system line a request's change posts into the pair's conversation
 * (`Message.reference` with `type: 'deal'`); the app writes the line in the reader's language.
 */
export interface DealMessageReference {
  type: 'deal';
  requestId: number;
  kind: DealRequestKind;
  /** The status the change led to (pending: the request was made). */
  status: DealRequestStatus | 'cancelled';
  startDate: string;
  endDate: string;
  stayId: number | null;
  /** The spot's title, or the availability's for an invitation without a spot. */
  title: string;
}

/** The live event both sides get when a request or stay changes (`deal.changed`). */
export interface DealLiveEvent {
  type: 'deal.changed';
  requestId: number | null;
  stayId: number | null;
  status: DealRequestStatus | StayStatus;
}
