import { CURRENCY, EARLIEST_DATE_YEAR, RELATIVE_DATE_CUTOFF_DAYS } from './constants';
import { LOCALES, type Language } from './languages';

/** Anything a date may arrive as from the API or a form. */
export type DateInput = string | number | Date | null | undefined;

const DAY_MS = 86_400_000;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})/;

// A bare yyyy-mm-dd is a calendar day, not an instant: read it as UTC midnight and format it in
// UTC, or users west of Greenwich would see the day before.
function parse(value: DateInput): { date: Date; utc: boolean } | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : { date: value, utc: false };
  if (typeof value === 'number') return Number.isFinite(value) ? { date: new Date(value), utc: false } : null;
  if (typeof value !== 'string') return null;
  const dateOnly = DATE_ONLY.exec(value);
  if (dateOnly && value.length === 10) {
    const [, y, m, d] = dateOnly;
    const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
    // Date.UTC rolls 2024-02-31 over into March; a day that does not exist is invalid.
    if (date.getUTCDate() !== Number(d) || date.getUTCMonth() !== Number(m) - 1) return null;
    return { date, utc: true };
  }
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : { date, utc: false };
}

function numericDate(date: Date, lang: Language, utc: boolean): string {
  return new Intl.DateTimeFormat(LOCALES[lang], {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    ...(utc ? { timeZone: 'UTC' } : {}),
  }).format(date);
}

/** A date in the language's locale (en 05/31/2026, de 31.05.2026); '-' when missing or invalid. */
export function formatDate(value: DateInput, lang: Language): string {
  const parsed = parse(value);
  return parsed ? numericDate(parsed.date, lang, parsed.utc) : '-';
}

/** Integer euro cents as money in the language's locale (de 19,90 €, en €19.90); '-' for null. */
export function formatMoney(cents: number | null | undefined, lang: Language): string {
  if (cents === null || cents === undefined || !Number.isFinite(cents)) return '-';
  return new Intl.NumberFormat(LOCALES[lang], { style: 'currency', currency: CURRENCY }).format(cents / 100);
}

/** Rounds an average rating to one decimal (4.46 -> 4.5); 0 for anything that is not a number. */
export function roundRating(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.round(value * 10) / 10;
}

/**
 * A rating for display: the average to one decimal in the language's locale, or null when there
 * are no reviews. The words ("3 reviews", "no reviews") come from the caller's translations.
 */
export function formatRating(
  average: number,
  count: number,
  lang: Language,
): { value: string | null; count: number } {
  const reviews = Number.isFinite(count) && count > 0 ? Math.floor(count) : 0;
  if (reviews === 0) return { value: null, count: 0 };
  const value = new Intl.NumberFormat(LOCALES[lang], { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(
    roundRating(average),
  );
  return { value, count: reviews };
}

/** A date as DD.MM.YYYY, the fixed pattern past the relative cut-off. */
function dotted(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getDate())}.${pad(date.getMonth() + 1)}.${date.getFullYear()}`;
}

/** "3 hours ago" in the language up to 30 days away, then DD.MM.YYYY; '-' when invalid. */
export function formatRelative(value: DateInput, lang: Language, now: Date = new Date()): string {
  const parsed = parse(value);
  if (!parsed) return '-';
  const diff = parsed.date.getTime() - now.getTime();
  const abs = Math.abs(diff);
  if (abs > RELATIVE_DATE_CUTOFF_DAYS * DAY_MS) return dotted(parsed.date);
  const rtf = new Intl.RelativeTimeFormat(LOCALES[lang], { numeric: 'auto' });
  const steps: [Intl.RelativeTimeFormatUnit, number][] = [
    ['day', DAY_MS],
    ['hour', 3_600_000],
    ['minute', 60_000],
  ];
  for (const [unit, ms] of steps) {
    if (abs >= ms) return rtf.format(Math.trunc(diff / ms), unit);
  }
  return rtf.format(Math.trunc(diff / 1000), 'second');
}

/**
 * Up to two uppercase initials of a display name, first and last word ("Julia Lange" -> "JL",
 * "Anna-Lena Maier" -> "AM", "Émile" -> "É"); `fallback` (the username) when the name has no
 * letter or digit. Accents are kept whether typed composed or decomposed.
 */
export function initials(name: string | null | undefined, fallback?: string | null): string {
  const words = (name ?? '').normalize('NFC').split(/[\s_\-.]+/u).filter((w) => /\p{L}|\p{N}/u.test(w));
  if (words.length === 0) return fallback ? initials(fallback) : '';
  const first = (word: string) => Array.from(word).find((ch) => /\p{L}|\p{N}/u.test(ch)) ?? '';
  // One letter each, even where the upper case is two ("ß" -> "SS"): the circle holds at most two.
  const upper = (ch: string) => (Array.from(ch.toLocaleUpperCase()).length === 1 ? ch.toLocaleUpperCase() : ch);
  const letters = words.length > 1 ? [first(words[0] as string), first(words[words.length - 1] as string)] : [first(words[0] as string)];
  return letters.map(upper).join('');
}

/** Result of formatting a listing date: the text, or which translated fallback to show. */
export type ListingDate = { ok: true; text: string } | { ok: false; reason: 'noDate' | 'unknown' };

/**
 * A guest spot or availability date: yyyy-mm-dd is read as UTC midnight; empty,
 * invalid or before 2020 is 'noDate'; any other failure is 'unknown'.
 */
export function formatListingDate(value: unknown, lang: Language): ListingDate {
  if (value !== null && value !== undefined && typeof value !== 'string' && !(value instanceof Date)) {
    return { ok: false, reason: 'unknown' };
  }
  const parsed = parse(value);
  if (!parsed || parsed.date.getUTCFullYear() < EARLIEST_DATE_YEAR) return { ok: false, reason: 'noDate' };
  try {
    return { ok: true, text: numericDate(parsed.date, lang, true) };
  } catch {
    return { ok: false, reason: 'unknown' };
  }
}

/** Cuts text to n characters and adds '…' when it was longer (150 for previews, 20 for messages). */
export function truncate(text: string | null | undefined, n: number): string {
  if (!text) return '';
  const chars = Array.from(text);
  if (chars.length <= n) return text;
  return chars.slice(0, n).join('').trimEnd() + '…';
}

/** A country's name in the interface language from its ISO code ("DE", de -> "Deutschland"). */
export function formatCountry(code: string | null | undefined, lang: Language): string | null {
  if (!code) return null;
  try {
    return new Intl.DisplayNames([LOCALES[lang]], { type: 'region' }).of(code.toUpperCase()) ?? null;
  } catch {
    return null;
  }
}

const calendarDay = (iso: string) => new Date(`${iso}T00:00:00Z`);

/**
 * Days from one to another as the language writes a range ("3.–10. Mai", "May 3 – 10"), with the
 * year only when it is not this year's. Days are calendar days, so they are read and written in UTC.
 */
export function formatDayRange(start: string, end: string, lang: Language, now: Date = new Date()): string {
  const from = calendarDay(start);
  const to = calendarDay(end);
  if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime())) return `${start} – ${end}`;
  const thisYear = now.getUTCFullYear();
  const withYear = from.getUTCFullYear() !== thisYear || to.getUTCFullYear() !== thisYear;
  const format = new Intl.DateTimeFormat(LOCALES[lang], { day: 'numeric', month: 'long', ...(withYear ? { year: 'numeric' } : {}), timeZone: 'UTC' });
  return start === end ? format.format(from) : format.formatRange(from, to);
}
