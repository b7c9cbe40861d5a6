// The vocabulary of guest spot deals, kept apart from their schemas so the browser's cards and
// filters read it without loading the validation library.

export const DEAL_TYPES = ['commission', 'chair_rental', 'other'] as const;
export type DealType = (typeof DEAL_TYPES)[number];

export const RENT_PERIODS = ['day', 'week'] as const;
export type RentPeriod = (typeof RENT_PERIODS)[number];

export const DEPOSIT_RULES = ['guest_collects', 'studio_collects', 'none'] as const;
export type DepositRule = (typeof DEPOSIT_RULES)[number];

export const STUDIO_PROVIDES = ['station', 'needles', 'ink', 'gloves', 'aftercare', 'sterilisation', 'booking_desk'] as const;
export type StudioProvides = (typeof STUDIO_PROVIDES)[number];

export const ADVERTISING = ['instagram_post', 'instagram_story', 'newsletter', 'window'] as const;
export type Advertising = (typeof ADVERTISING)[number];

export const HOUSING = ['none', 'guest_room', 'apartment', 'hotel_discount', 'help_finding'] as const;
export type Housing = (typeof HOUSING)[number];

/** Limits of the terms (the issue gives the share and the days; the money caps are chosen for the product). */
export const DEAL_LIMITS = {
  guestShare: { min: 30, max: 95 },
  minDays: { min: 1, max: 60 },
  /** 100,000.00 in cents: no chair costs more a day or a week. */
  centsMax: 10_000_000,
  note: 500,
  declineReason: 500,
  cancelReason: 500,
} as const;

/** The lifecycle of an application or invitation. */
export const DEAL_REQUEST_STATUSES = ['pending', 'accepted', 'declined', 'withdrawn', 'expired'] as const;
export type DealRequestStatus = (typeof DEAL_REQUEST_STATUSES)[number];

export const DEAL_REQUEST_KINDS = ['application', 'invitation'] as const;
export type DealRequestKind = (typeof DEAL_REQUEST_KINDS)[number];

export const STAY_STATUSES = ['confirmed', 'cancelled', 'completed'] as const;
export type StayStatus = (typeof STAY_STATUSES)[number];

/** The cancellation notice an agreement states when the terms name none. */
export const DEFAULT_CANCELLATION_NOTICE_DAYS = 14;

/** Applications, invitations and stays lists: a page of this many, a cursor for the next. */
export const DEALS_PAGE_SIZE = 20;
