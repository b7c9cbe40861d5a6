import { z } from 'zod';
import { text } from '../text';
import type { CardImage } from './card-images';
import type { Can } from './can';
import type { FitReason } from './deal-terms';
import { MAX_ID, idNumber } from './ids';

import { EARLIEST_DATE, LATEST_DATE, LISTING_LIMITS, LIST_MAX_PAGE_SIZE, LIST_PAGE_SIZE, OWNER_LIST_MAX, isCalendarDay } from '../listing-limits';

export { LISTING_LIMITS, LIST_PAGE_SIZE, LIST_MAX_PAGE_SIZE, OWNER_LIST_MAX, MATCHES_LIMIT, AVAILABLE_WINDOW_DAYS, EARLIEST_DATE, isCalendarDay, todayInBerlin } from '../listing-limits';


/** A yyyy-mm-dd day moved by whole days. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** A listing day: yyyy-mm-dd, a real date, from 2020 on (earlier ones are read as no date). */
export const listingDate = text('dateRequired')
  .trim()
  .min(1, 'dateRequired')
  .refine(isCalendarDay, 'dateInvalid')
  .refine((d) => d <= LATEST_DATE, 'dateInvalid')
  .refine((d) => d >= EARLIEST_DATE, 'dateTooEarly');

const emptyToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

/** Optional free text: empty becomes null, so the answer never carries "". */
export const optionalText = (max: number) =>
  z.preprocess(emptyToNull, text('validation').trim().max(max, 'tooLong').nullish());

/** An optional id from JSON or a form: a number or a numeric string; empty and null mean none. */
export const optionalId = z.preprocess(
  (v) => {
    const e = emptyToNull(v);
    return typeof e === 'string' && /^\d+$/.test(e.trim()) ? Number(e) : e;
  },
  z.number('validation').int('validation').min(0, 'validation').max(MAX_ID, 'validation').nullish(),
);

/** Wanted styles as the gallery takes them: ids, as numbers or numeric strings; duplicates dropped. */
export const styleIdsField = z
  .array(z.preprocess((v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v), idNumber('styleUnknown')), 'styleUnknown')
  .max(LISTING_LIMITS.styles, 'tooManyStyles')
  .transform((ids) => [...new Set(ids)]);

export const isActiveField = z.preprocess(
  (v) => (v === 1 || v === '1' || v === 'true' ? true : v === 0 || v === '0' || v === 'false' ? false : v),
  z.boolean('validation'),
);

/** Cross-field rule of both forms: the end is not before the start. */
export function checkDateOrder(value: { startDate?: string | null; endDate?: string | null }, ctx: z.RefinementCtx): void {
  if (value.startDate && value.endDate && value.endDate < value.startDate) {
    ctx.addIssue({ code: 'custom', message: 'endBeforeStart', path: ['endDate'] });
  }
}

/**
 * The fields both kinds of listing take, with their messages (keys of the errors namespace) and
 * limits; each kind's schema adds its own (place text, compensation, places ...).
 */
export const listingFields = {
  title: text('titleRequired').trim().min(1, 'titleRequired').max(LISTING_LIMITS.title, 'tooLong'),
  startDate: listingDate,
  endDate: listingDate,
  countryId: optionalId,
  cityId: optionalId,
  description: optionalText(LISTING_LIMITS.description),
  styleIds: styleIdsField.optional(),
  isActive: isActiveField.optional(),
};

/** An update takes any subset: the required fields of `listingFields` become optional. */
export const listingUpdateFields = {
  title: listingFields.title.optional(),
  startDate: listingDate.optional(),
  endDate: listingDate.optional(),
};

/** `limit` of an owner's list (profile tab, manage page): at most OWNER_LIST_MAX, which is also the default. */
export const ownerListLimit = z.coerce
  .number('filterInvalid')
  .int('filterInvalid')
  .min(1, 'filterInvalid')
  .max(OWNER_LIST_MAX, 'filterInvalid')
  .default(OWNER_LIST_MAX);

const queryId = z.preprocess(emptyToNull, z.coerce.number('filterInvalid').int('filterInvalid').positive('filterInvalid').max(MAX_ID, 'filterInvalid').nullish());
const queryDate = z.preprocess(emptyToNull, text().refine(isCalendarDay, 'dateInvalid').nullish());
const queryFlag = z.preprocess(emptyToNull, z.enum(['true', 'false', '1', '0'], 'filterInvalid').nullish()).transform((v) => v === 'true' || v === '1');
/** A country filter: an id or a two-letter ISO code. */
const countryFilter = z.preprocess(
  emptyToNull,
  text()
    .trim()
    .regex(/^(\d{1,10}|[A-Za-z]{2})$/, 'filterInvalid')
    .refine((v) => !/^\d+$/.test(v) || Number(v) <= MAX_ID, 'filterInvalid')
    .nullish(),
);
/** 1-based page of the list address (`/guestspots/page/{n}`). */
const pageField = z.preprocess(emptyToNull, z.coerce.number('filterInvalid').int('filterInvalid').min(1, 'filterInvalid').max(100_000, 'filterInvalid').default(1));
const limitField = z.preprocess(
  emptyToNull,
  z.coerce.number('filterInvalid').int('filterInvalid').min(1, 'filterInvalid').max(LIST_MAX_PAGE_SIZE, 'filterInvalid').default(LIST_PAGE_SIZE),
);

/** Filters and paging of the public lists, as the list page keeps them in its address. */
export const publicListQuery = z
  .object({
    style: queryId,
    country: countryFilter,
    city: queryId,
    /** Listings whose period overlaps from..to (either may be left out). */
    from: queryDate,
    to: queryDate,
    /** Text in title, description or place, any case, accents optional. */
    q: z.preprocess(emptyToNull, text().trim().max(LISTING_LIMITS.query, 'tooLong').nullish()),
    page: pageField,
    limit: limitField,
  })
  .superRefine((v, ctx) => {
    if (v.from && v.to && v.to < v.from) ctx.addIssue({ code: 'custom', message: 'endBeforeStart', path: ['to'] });
  });
export type PublicListQuery = z.infer<typeof publicListQuery>;

export { countryFilter, limitField, pageField, queryFlag, queryId };

/** The owner filter of the profile tab and manage page (`studioId`, `artistId`). */
export const ownerId = z.coerce.number('filterInvalid').int('filterInvalid').positive('filterInvalid').max(MAX_ID, 'filterInvalid');

/** A style as every answer carries it, named in the request language. */
export interface StyleRef {
  id: number;
  name: string;
}

/** The owner's card on a listing: who posted it, with a link to /{username}. */
export interface OwnerCard {
  id: number;
  name: string;
  username: string;
  avatar: string | null;
  cityName: string | null;
  /** A verified studio: an admin approved its trade registration or hygiene certificate (never an artist). */
  verified: boolean;
}

/** The fields every listing answer carries, whatever its kind; a kind adds its own and its owner's card. */
export interface ListingBase {
  id: number;
  slug: string;
  title: string;
  description: string | null;
  startDate: string;
  endDate: string;
  isActive: boolean;
  /**
   * Whether the end day is over (before today in Berlin): an ended listing leaves the public
   * lists and matches, and its page says so and offers no apply or contact action.
   */
  ended: boolean;
  /** Sorted by name with German collation, named in the request language. */
  styles: StyleRef[];
  countryId: number | null;
  cityId: number | null;
  cityName: string | null;
  countryName: string | null;
  countryCode: string | null;
  createdAt: string;
  updatedAt: string;
  /** What the viewer may do with the listing, decided by the server's listing policy. */
  can: Can;
  /** Set when moderation hid the listing, and only for its owner and admins: the reason they were given. */
  hiddenReason?: string;
}

/**
 * The create and update schemas of a listing kind and its owner query: the shared fields plus
 * the kind's own; an update takes any subset, the date order checked again against the stored dates.
 */
export function listingSchemas<Own extends z.ZodRawShape, OwnerKey extends string>(own: Own, ownerKey: OwnerKey) {
  const fields = { ...listingFields, ...own };
  // The shared fields hold the dates, which the compiler cannot see through the kind's own shape.
  const dated = (value: unknown, ctx: z.RefinementCtx) => checkDateOrder(value as { startDate?: string; endDate?: string }, ctx);
  return {
    create: z.object(fields).superRefine(dated),
    update: z.object({ ...fields, ...listingUpdateFields }).superRefine(dated),
    ownerQuery: z.object({ [ownerKey]: ownerId, count: queryFlag, limit: ownerListLimit } as {
      [K in OwnerKey]: typeof ownerId;
    } & { count: typeof queryFlag; limit: typeof ownerListLimit }),
  };
}

/** The request types of a kind's create and update schemas (`Input` as a form holds it, `Data` as parsed). */
export type ListingRequestTypes<S extends { create: z.ZodType; update: z.ZodType }> = {
  CreateInput: z.input<S['create']>;
  CreateData: z.infer<S['create']>;
  UpdateInput: z.input<S['update']>;
  UpdateData: z.infer<S['update']>;
};

/**
 * A listing of the other kind that fits one, under the other kind's name (`availability`,
 * `guestSpot`): why it fits, the score that orders the matches (best first), how the spot's terms
 * fit the artist's wishes (`fit`: matches with more of them lead), and pictures of the other
 * poster's work for its card.
 */
export type ListingMatch<Key extends string, Item> = MatchFit & { images: CardImage[]; fit: FitReason[] } & Record<Key, Item>;

/**
 * A listing on a card of its public list: with the pictures the card leads with (empty without
 * any), and whether its owner is featured now (their listings lead the list, with a badge).
 */
export type ListingListItem<Item extends ListingBase> = Item & { images: CardImage[]; ownerFeatured: boolean };

/** A page of a public list. */
export interface ListPage<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
  /** Present when `total` is a lower bound: a long list is counted only so far past the page ("1,000+"). */
  totalCapped?: true;
}

/**
 * Why a listing fits another. A match always shares days, and the same country unless the
 * artist's availability names none (open to anywhere).
 */
export interface MatchReasons {
  /** Days both periods share, both ends included. */
  daysInCommon: number;
  sameCity: boolean;
  sameCountry: boolean;
  /** The styles both name, in the answers' style order. */
  stylesInCommon: StyleRef[];
}

/** A match's reasons and its score: styles in common weigh most, then the city, then shared days. */
export interface MatchFit {
  score: number;
  reasons: MatchReasons;
}
