import { z } from 'zod';
import { LANGUAGE_IDS, type LanguageId } from '../constants';
import {
  ADVERTISING,
  DEAL_LIMITS,
  DEAL_TYPES,
  DEPOSIT_RULES,
  HOUSING,
  RENT_PERIODS,
  STUDIO_PROVIDES,
  type Advertising,
  type DealType,
  type DepositRule,
  type Housing,
  type RentPeriod,
  type StudioProvides,
} from '../deal-limits';

export * from '../deal-limits';

const numeric = (v: unknown) => (typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v);
const whole = (min: number, max: number, message: string) =>
  z.preprocess(numeric, z.number(message).int(message).min(min, message).max(max, message));
const cents = whole(0, DEAL_LIMITS.centsMax, 'dealRentInvalid');
/** A list of choices: duplicates dropped, order kept. */
const choices = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .array(z.enum(values, 'validation'), 'validation')
    .max(values.length * 2, 'validation')
    .transform((list) => [...new Set(list)]);

/**
 * The deal of a guest spot: a share of what the guest earns (commission), a chair rent, or
 * something else said in the note. A commission names the guest's share; a rent names its
 * amount and whether per day or week; the other fields belong to their own type only.
 */
export const dealSchema = z
  .object({
    type: z.enum(DEAL_TYPES, 'dealTypeInvalid'),
    guestSharePercent: whole(DEAL_LIMITS.guestShare.min, DEAL_LIMITS.guestShare.max, 'dealShareRange').optional(),
    weeklyCapCents: cents.optional(),
    rentCents: cents.optional(),
    rentPer: z.enum(RENT_PERIODS, 'dealRentInvalid').optional(),
    note: z.string('validation').trim().max(DEAL_LIMITS.note, 'tooLong').optional(),
  })
  .superRefine((deal, ctx) => {
    if (deal.type === 'commission' && deal.guestSharePercent === undefined) {
      ctx.addIssue({ code: 'custom', message: 'dealShareRange', path: ['guestSharePercent'] });
    }
    if (deal.type === 'chair_rental' && (deal.rentCents === undefined || deal.rentPer === undefined)) {
      ctx.addIssue({ code: 'custom', message: 'dealRentInvalid', path: ['rentCents'] });
    }
    if (deal.type !== 'commission' && (deal.guestSharePercent !== undefined || deal.weeklyCapCents !== undefined)) {
      ctx.addIssue({ code: 'custom', message: 'dealFieldsMismatch', path: ['type'] });
    }
    if (deal.type !== 'chair_rental' && (deal.rentCents !== undefined || deal.rentPer !== undefined)) {
      ctx.addIssue({ code: 'custom', message: 'dealFieldsMismatch', path: ['type'] });
    }
  });

/** The structured terms of a guest spot (or of an invitation): every field optional but the deal's type when a deal is given. */
export const dealTermsSchema = z.object({
  deal: dealSchema.optional(),
  deposits: z.enum(DEPOSIT_RULES, 'validation').optional(),
  provides: choices(STUDIO_PROVIDES).optional(),
  advertising: choices(ADVERTISING).optional(),
  housing: z.enum(HOUSING, 'validation').optional(),
  minDays: whole(DEAL_LIMITS.minDays.min, DEAL_LIMITS.minDays.max, 'dealMinDaysRange').optional(),
  languages: choices(LANGUAGE_IDS).optional(),
});

/** Terms as a form or JSON sends them: null or absent removes them. */
export const dealTermsField = dealTermsSchema.nullish();

/** What an artist looks for in a deal, on an availability: matches rank spots that fit these first. */
export const dealWishesSchema = z.object({
  dealTypes: choices(DEAL_TYPES).optional(),
  minSharePercent: whole(DEAL_LIMITS.guestShare.min, DEAL_LIMITS.guestShare.max, 'dealShareRange').optional(),
  /** The most rent the artist pays a day (a weekly rent counts as a seventh a day). */
  maxRentCents: cents.optional(),
  needsHousing: z.boolean('validation').optional(),
});
export const dealWishesField = dealWishesSchema.nullish();

export interface Deal {
  type: DealType;
  guestSharePercent?: number;
  weeklyCapCents?: number;
  rentCents?: number;
  rentPer?: RentPeriod;
  note?: string;
}

/** Terms as answers carry them (`terms: DealTerms | null` on a guest spot). */
export interface DealTerms {
  deal?: Deal;
  deposits?: DepositRule;
  provides?: StudioProvides[];
  advertising?: Advertising[];
  housing?: Housing;
  minDays?: number;
  languages?: LanguageId[];
}

/** An availability's wishes as answers carry them (`wishes: DealWishes | null`). */
export interface DealWishes {
  dealTypes?: DealType[];
  minSharePercent?: number;
  maxRentCents?: number;
  needsHousing?: boolean;
}

/** Why a match fits the artist's wishes, as keys of the deals namespace (`fitReason.share`). */
export const FIT_REASONS = ['share', 'rent', 'dealType', 'housing'] as const;
export type FitReason = (typeof FIT_REASONS)[number];

/** A rent as cents a day: a weekly rent counts as a seventh, rounded up. */
export function rentPerDay(deal: Pick<Deal, 'rentCents' | 'rentPer'>): number | null {
  if (deal.rentCents === undefined || deal.rentPer === undefined) return null;
  return deal.rentPer === 'week' ? Math.ceil(deal.rentCents / 7) : deal.rentCents;
}

/** Whether the terms offer the guest a place to sleep (a room, a flat, a discount or help finding one). */
export function offersHousing(terms: Pick<DealTerms, 'housing'> | null | undefined): boolean {
  return !!terms?.housing && terms.housing !== 'none';
}

/** The reasons spot terms fit an artist's wishes; empty when nothing fits or either side names nothing. */
export function fitReasons(terms: DealTerms | null | undefined, wishes: DealWishes | null | undefined): FitReason[] {
  if (!terms || !wishes) return [];
  const reasons: FitReason[] = [];
  const deal = terms.deal;
  if (deal && wishes.dealTypes?.length && wishes.dealTypes.includes(deal.type)) reasons.push('dealType');
  if (deal?.type === 'commission' && wishes.minSharePercent !== undefined && (deal.guestSharePercent ?? 0) >= wishes.minSharePercent) reasons.push('share');
  const rent = deal?.type === 'chair_rental' ? rentPerDay(deal) : null;
  if (rent !== null && wishes.maxRentCents !== undefined && rent <= wishes.maxRentCents) reasons.push('rent');
  if (wishes.needsHousing && offersHousing(terms)) reasons.push('housing');
  return reasons;
}
