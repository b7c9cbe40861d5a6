import { formatDate } from '../../../common/format';
import { LOCALES, type Language } from '../../../common/languages';
import type { SessionUser } from '../../../common/schemas/session';

const pad = (n: number) => String(Math.abs(Math.trunc(n))).padStart(2, '0');
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2})$/;

/**
 * The planned moment of a local day (yyyy-mm-dd) and time (HH:mm) as ISO 8601 with the
 * browser's offset on that day (2026-12-01T18:30:00+01:00): the server keeps the instant, and
 * the offset says which local time the user meant. Null when either part is no real value.
 */
export function toPlannedAt(day: string, time: string): string | null {
  const d = DAY.exec(day);
  const t = TIME.exec(time);
  if (!d || !t) return null;
  const date = new Date(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]));
  if (Number.isNaN(date.getTime()) || date.getDate() !== Number(d[3])) return null;
  const offset = -date.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}:00` +
    `${sign}${pad(offset / 60)}:${pad(offset % 60)}`
  );
}

/** A stored planned moment as the local day and time the form shows ('' and '' for none). */
export function splitPlannedAt(iso: string | null | undefined): { day: string; time: string } {
  if (!iso) return { day: '', time: '' };
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return { day: '', time: '' };
  return { day: `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`, time: `${pad(date.getHours())}:${pad(date.getMinutes())}` };
}

/** The local time of an instant in the language's way (de 18:30, en 6:30 PM). */
export function formatTime(iso: string, lang: Language): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(LOCALES[lang], { hour: 'numeric', minute: '2-digit' }).format(date);
}

/** The local day and time of a planned post in the language's formats; null when it has none. */
export function formatPlanned(iso: string | null, lang: Language): { date: string; time: string } | null {
  if (!iso || Number.isNaN(new Date(iso).getTime())) return null;
  return { date: formatDate(iso, lang), time: formatTime(iso, lang) };
}

/** Whether the user's featured status is active now (the perk that lets them create and plan posts). */
export function isFeatured(user: Pick<SessionUser, 'featuredUntil'>, now: number = Date.now()): boolean {
  return user.featuredUntil !== null && new Date(user.featuredUntil).getTime() > now;
}

/** Today as yyyy-mm-dd in the browser's time zone (the earliest day a post can be planned for). */
export function localToday(now: Date = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A number with the language's grouping (de 2.200, en 2,200). */
export function formatCount(value: number, lang: Language): string {
  return new Intl.NumberFormat(LOCALES[lang]).format(value);
}
