/**
 * Days and ISO weeks as the operators in Germany count them (Europe/Berlin). Timestamps are
 * stored in UTC; a UTC instant becomes a Berlin day through Intl, which knows every
 * daylight-saving change, and the ISO week of a day is plain date arithmetic after that.
 */

import { isoWeek, isoWeekStart, shiftDay } from '../../common/iso-week';

export { isoWeek, isoWeekStart, shiftDay };

const TIME_ZONE = 'Europe/Berlin';

const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The Berlin calendar day (yyyy-mm-dd) of an instant. */
export function berlinDay(at: Date | number): string {
  const parts = dayFormat.formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/**
 * The Berlin day of a UTC hour as SQL groups it ("2026-03-29T01", the first 13 characters of
 * an ISO timestamp). Whole hours suffice: Berlin's offset is always whole hours and changes on
 * the hour, so every instant of one UTC hour falls on the same Berlin day.
 */
export function berlinDayOfUtcHour(hour: string): string {
  return berlinDay(Date.parse(`${hour}:00:00Z`));
}
