import type { Language } from '../../common/languages';

/**
 * How a date field shows and reads a day in each interface language (docs/decisions/020): German
 * DD.MM.YYYY, English (US) MM/DD/YYYY, Spanish, French and Portuguese DD/MM/YYYY, the same
 * patterns `formatDate` writes through Intl for these locales. Kept free of date libraries so
 * the fields cost public pages almost nothing; only the calendar loads date-fns.
 */
const PATTERNS: Record<Language, { order: 'dmy' | 'mdy'; separator: string }> = {
  en: { order: 'mdy', separator: '/' },
  de: { order: 'dmy', separator: '.' },
  es: { order: 'dmy', separator: '/' },
  fr: { order: 'dmy', separator: '/' },
  pt: { order: 'dmy', separator: '/' },
};

/** A day that shows how a language writes dates, for error texts (31.05.2026, 05/31/2026). */
export const EXAMPLE_DAY = '2026-05-31';

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

const pad = (n: number) => String(n).padStart(2, '0');

/** The ISO day of a year, month (1-12) and day, or null when that day does not exist. */
function isoOf(year: number, month: number, day: number): string | null {
  if (year < 1000 || year > 9999 || month < 1 || month > 12 || day < 1) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** Whether a value is a real day written as yyyy-mm-dd (the form the API takes). */
export function isIsoDay(value: string): boolean {
  const m = ISO_DAY.exec(value);
  return m !== null && isoOf(Number(m[1]), Number(m[2]), Number(m[3])) !== null;
}

/** A yyyy-mm-dd day in the language's pattern (de 31.05.2026, en 05/31/2026); '' when it is none. */
export function formatDay(iso: string, lang: Language): string {
  const m = ISO_DAY.exec(iso);
  if (!m || !isIsoDay(iso)) return '';
  const { order, separator } = PATTERNS[lang];
  const [y, mo, d] = [m[1], m[2], m[3]];
  return order === 'dmy' ? `${d}${separator}${mo}${separator}${y}` : `${mo}${separator}${d}${separator}${y}`;
}

/**
 * Reads a typed day in the language's order (day and month may have one digit; '.', '/', '-' or
 * spaces between) and also a pasted yyyy-mm-dd; answers the ISO day, or null when the text is no
 * real day.
 */
export function parseDay(text: string, lang: Language): string | null {
  const value = text.trim();
  const iso = ISO_DAY.exec(value);
  if (iso) return isoOf(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const m = /^(\d{1,2})\s*[./\s-]\s*(\d{1,2})\s*[./\s-]\s*(\d{4})$/.exec(value);
  if (!m) return null;
  const [first, second, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return PATTERNS[lang].order === 'dmy' ? isoOf(year, second, first) : isoOf(year, first, second);
}

/** The ISO day of a local Date (the calendar's days are local midnights). */
export function isoOfDate(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The local Date of an ISO day, or undefined when it is none. */
export function dateOfIso(iso: string | undefined): Date | undefined {
  if (!iso || !isIsoDay(iso)) return undefined;
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
}
