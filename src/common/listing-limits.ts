import { EARLIEST_DATE_YEAR } from './constants';

// Kept apart from the listing schemas so the browser's list and card code can read the limits
// without loading the validation library.

/** Limits shared by guest spots and availabilities (the specification gives none; chosen for the product). */
export const LISTING_LIMITS = {
  title: 120,
  description: 5000,
  compensation: 120,
  details: 2000,
  preferredLocation: 200,
  cityName: 120,
  places: { min: 1, max: 20 },
  styles: 20,
  query: 100,
} as const;

/** Public lists: 12 cards a page (a 3- or 4-column grid fills evenly), at most 50. */
export const LIST_PAGE_SIZE = 12;
export const LIST_MAX_PAGE_SIZE = 50;
/** Owner lists (profile tab, manage page) answer at most this many entries. */
export const OWNER_LIST_MAX = 200;
/** Matching answers the best this many. */
export const MATCHES_LIMIT = 20;
/** "Available now" on the artist listing: an availability overlapping today and the next 60 days. */
export const AVAILABLE_WINDOW_DAYS = 60;

export const EARLIEST_DATE = `${EARLIEST_DATE_YEAR}-01-01`;
export const LATEST_DATE = '2099-12-31';
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether a string is a real calendar day written yyyy-mm-dd (2024-02-30 is not). */
export function isCalendarDay(value: string): boolean {
  const m = DAY.exec(value);
  if (!m) return false;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return date.getUTCFullYear() === Number(m[1]) && date.getUTCMonth() === Number(m[2]) - 1 && date.getUTCDate() === Number(m[3]);
}

/**
 * The platform's calendar: listings are day-based and posted for studios in German-speaking
 * Europe, so a listing ends when its end day is over in Berlin, not in UTC (which runs one or
 * two hours behind there).
 */
export const LISTING_TIME_ZONE = 'Europe/Berlin';

const berlinDay = new Intl.DateTimeFormat('en-CA', { timeZone: LISTING_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** Today as yyyy-mm-dd in Berlin: a listing whose end day is before it has ended. */
export function todayInBerlin(now: Date = new Date()): string {
  return berlinDay.format(now);
}
