import { z } from 'zod';
import { text } from '../text';
import { artistListQuery } from './artists';
import { availabilityListQuery } from './availability';
import { guestSpotListQuery } from './guest-spots';
import { pathId } from './ids';

/** Saved searches (issue 29 item 1): POST/GET /api/saved-searches, PUT/DELETE /api/saved-searches/{id}. */

export const SAVED_SEARCH_KINDS = ['guest_spots', 'availabilities', 'artists'] as const;
export type SavedSearchKind = (typeof SAVED_SEARCH_KINDS)[number];
export const SAVED_SEARCH_FREQUENCIES = ['instant', 'daily', 'weekly'] as const;
export type SavedSearchFrequency = (typeof SAVED_SEARCH_FREQUENCIES)[number];
/** Saved searches one account may keep. */
export const SAVED_SEARCHES_MAX = 20;
export const SAVED_SEARCH_NAME_MAX = 100;
/** Items a digest names per search; the rest are counted and linked to the list. */
export const SAVED_SEARCH_DIGEST_ITEMS = 10;

/**
 * Each kind's filters are read by the query schema its public list parses with, so a saved
 * search accepts exactly what the list accepts, with the list's error keys.
 */
const listQueries = { guest_spots: guestSpotListQuery, availabilities: availabilityListQuery, artists: artistListQuery } as const;

/** A saved search's filters as stored and answered: only those set, in the list's own spelling. */
export interface SavedSearchFilters {
  style?: number;
  /** A country id or a two-letter ISO code, as the list takes it. */
  country?: string;
  city?: number;
  from?: string;
  to?: string;
  q?: string;
  /** Artists only: with an availability in the "available now" window. */
  available?: true;
  dealType?: string;
  minGuestShare?: number;
  maxRentCents?: number;
  housing?: true;
}

const FILTER_KEYS = ['style', 'country', 'city', 'from', 'to', 'q', 'available', 'dealType', 'minGuestShare', 'maxRentCents', 'housing'] as const;

/** The set filters of a parsed list query (paging and unset values left out). */
function setFilters(parsed: Record<string, unknown>): SavedSearchFilters {
  const out: Record<string, unknown> = {};
  for (const key of FILTER_KEYS) {
    const value = parsed[key];
    if (value === null || value === undefined || value === false || value === '') continue;
    out[key] = value;
  }
  return out as SavedSearchFilters;
}

/** Filters as the list's address carries them: strings, numbers or flags, at most a few dozen keys. */
const rawFilters = z.record(z.string().max(40, 'filterInvalid'), z.union([z.string().max(400, 'filterInvalid'), z.number(), z.boolean(), z.null()]), 'filterInvalid')
  .refine((v) => Object.keys(v).length <= 30, 'filterInvalid');

/**
 * Parses `filters` of a kind with its list's query schema; paging keys are dropped first (a
 * search is not a page), unknown keys are ignored as the list ignores them.
 */
export function parseSavedSearchFilters(kind: SavedSearchKind, raw: Record<string, unknown>) {
  const { page: _page, limit: _limit, ...rest } = raw;
  const values = Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, typeof v === 'number' || typeof v === 'boolean' ? String(v) : v]));
  const parsed = listQueries[kind].safeParse(values);
  return parsed.success ? { success: true as const, data: setFilters(parsed.data as Record<string, unknown>) } : { success: false as const, issues: parsed.error.issues };
}

const nameField = text('savedSearchNameRequired').trim().min(1, 'savedSearchNameRequired').max(SAVED_SEARCH_NAME_MAX, 'tooLong');
const kindField = z.enum(SAVED_SEARCH_KINDS, 'savedSearchKindInvalid');
const frequencyField = z.enum(SAVED_SEARCH_FREQUENCIES, 'savedSearchFrequencyInvalid');

/** Adds the list schema's issues under `filters` and answers the stored shape. */
function checkedFilters(kind: SavedSearchKind, raw: Record<string, unknown>, ctx: z.RefinementCtx): SavedSearchFilters {
  const parsed = parseSavedSearchFilters(kind, raw);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: ['filters', ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))] });
  return z.NEVER;
}

/** POST /api/saved-searches. */
export const savedSearchCreateSchema = z
  .object({ kind: kindField, filters: rawFilters.default({}), name: nameField, frequency: frequencyField.default('daily') }, 'validation')
  .transform((v, ctx) => ({ kind: v.kind, name: v.name, frequency: v.frequency, filters: checkedFilters(v.kind, v.filters, ctx) }));
export type SavedSearchCreate = z.infer<typeof savedSearchCreateSchema>;
export type SavedSearchCreateInput = z.input<typeof savedSearchCreateSchema>;

/** PUT /api/saved-searches/{id}: any of name, filters (read for the search's own kind), frequency, paused. */
export const savedSearchUpdateSchema = z
  .object({ name: nameField.optional(), filters: rawFilters.optional(), frequency: frequencyField.optional(), paused: z.boolean('savedSearchPausedInvalid').optional() }, 'validation')
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'savedSearchNothingToChange');
export type SavedSearchUpdate = z.infer<typeof savedSearchUpdateSchema>;

/** Checks an update's filters against the stored search's kind (the kind itself never changes). */
export const savedSearchFiltersFor = (kind: SavedSearchKind) =>
  rawFilters.transform((raw, ctx) => {
    const parsed = parseSavedSearchFilters(kind, raw);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p)) });
    return z.NEVER;
  });

export const savedSearchIdParams = z.object({ id: pathId('savedSearchNotFound', 'savedSearchNotFound') });

/** One saved search as its owner gets it. */
export interface SavedSearch {
  id: number;
  kind: SavedSearchKind;
  name: string;
  filters: SavedSearchFilters;
  frequency: SavedSearchFrequency;
  paused: boolean;
  createdAt: string;
  updatedAt: string;
}

/** GET /api/saved-searches: newest first, all of them (at most SAVED_SEARCHES_MAX). */
export interface SavedSearchList {
  searches: SavedSearch[];
  max: number;
}

/** The list page a search runs on, by kind. */
export const SAVED_SEARCH_LIST_ROUTE = { guest_spots: 'guestSpots', availabilities: 'availabilityList', artists: 'tattooArtists' } as const;

/** `?style=…&country=…` of a search's filters: the list's address with them. */
export function savedSearchQuery(filters: SavedSearchFilters): string {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    if (value !== undefined) params.set(key, String(value));
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}
