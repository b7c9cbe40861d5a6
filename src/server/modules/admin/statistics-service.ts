import {
  REVENUE_PRODUCTS,
  STATISTICS_DEFAULT_WEEKS,
  STATISTICS_MAX_WEEKS,
  type RevenueProduct,
  type Statistics,
  type StatisticsWeek,
} from '../../../common/schemas/admin-inbox';
import type { Db } from '../../db/index';
import { AppError } from '../../errors';
import { berlinDay, berlinDayOfUtcHour, isoWeekStart, shiftDay } from '../../lib/berlin-calendar';
import * as repo from './statistics-repo';

export type StatisticsService = ReturnType<typeof createStatisticsService>;

/** The Mondays of the weeks asked for, checked against the limits. */
export function weeksOf(range: { from?: string; to?: string }, today: string): string[] {
  const span = (STATISTICS_DEFAULT_WEEKS - 1) * 7;
  // Only a start: up to this week. Only an end: the default span before it. Neither: the last weeks.
  const lastWeek = isoWeekStart(range.to ?? today);
  const firstWeek = range.from ? isoWeekStart(range.from) : shiftDay(lastWeek, -span);
  if (firstWeek > lastWeek) throw new AppError(400, 'statisticsRangeInvalid', {}, { field: 'from' });
  const weeks: string[] = [];
  for (let week = firstWeek; week <= lastWeek; week = shiftDay(week, 7)) {
    if (weeks.length === STATISTICS_MAX_WEEKS) throw new AppError(400, 'statisticsRangeTooLong', { max: STATISTICS_MAX_WEEKS }, { field: 'from' });
    weeks.push(week);
  }
  return weeks;
}

function emptyWeek(weekStart: string): StatisticsWeek {
  return {
    weekStart,
    registrations: { artist: 0, studio: 0 },
    activeUsers: 0,
    guestSpots: 0,
    availabilities: 0,
    messages: 0,
    revenueCents: Object.fromEntries(REVENUE_PRODUCTS.map((p) => [p, 0])) as Record<RevenueProduct, number>,
  };
}

const isRevenueProduct = (value: string): value is RevenueProduct => (REVENUE_PRODUCTS as readonly string[]).includes(value);

/** Weekly figures for the admin's charts: ISO weeks as counted in Berlin, empty weeks as zeros. */
export function createStatisticsService(deps: { db: Db; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    async weekly(range: { from?: string; to?: string }): Promise<Statistics> {
      const weeks = weeksOf(range, berlinDay(now()));
      const firstWeek = weeks[0] as string;
      const lastWeek = weeks.at(-1) as string;
      // Berlin's Monday midnight is late on the Sunday before in UTC; a day more on each side
      // takes in every hour of the range, and the folding below drops what falls outside it.
      const from = shiftDay(firstWeek, -1);
      const to = shiftDay(lastWeek, 7);
      const [registrations, active, guestSpots, availabilities, messages, revenue] = await Promise.all([
        repo.registrationsByHour(db, from, to),
        repo.activeUsersByWeek(db, firstWeek, lastWeek),
        repo.createdByHour(db, 'guest_spots', from, to),
        repo.createdByHour(db, 'availabilities', from, to),
        repo.createdByHour(db, 'messages', from, to),
        repo.revenueByHour(db, from, to),
      ]);

      const byWeek = new Map(weeks.map((w) => [w, emptyWeek(w)]));
      const weekOfHour = new Map<string, string>();
      const weekFor = (hour: string) => {
        let week = weekOfHour.get(hour);
        if (week === undefined) {
          week = isoWeekStart(berlinDayOfUtcHour(hour));
          weekOfHour.set(hour, week);
        }
        return byWeek.get(week);
      };
      for (const r of registrations) {
        const week = weekFor(r.hour);
        if (week && (r.userType === 'artist' || r.userType === 'studio')) week.registrations[r.userType] += r.n;
      }
      for (const r of active) {
        const week = byWeek.get(r.weekStart);
        if (week) week.activeUsers = r.n;
      }
      for (const [rows, key] of [
        [guestSpots, 'guestSpots'],
        [availabilities, 'availabilities'],
        [messages, 'messages'],
      ] as const) {
        for (const r of rows) {
          const week = weekFor(r.hour);
          if (week) week[key] += r.n;
        }
      }
      for (const r of revenue) {
        const week = weekFor(r.hour);
        if (week && isRevenueProduct(r.productType)) week.revenueCents[r.productType] += r.n;
      }
      return { weeks: [...byWeek.values()] };
    },
  };
}
