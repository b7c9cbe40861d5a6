/** A day (yyyy-mm-dd) moved by whole days. */
export function shiftDay(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The Monday (yyyy-mm-dd) of the ISO week a day belongs to. */
export function isoWeekStart(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  // getUTCDay counts from Sunday (0); ISO weeks start on Monday.
  return shiftDay(day, -((weekday + 6) % 7));
}

/** The ISO week number of a day and the year it counts in (the year of the week's Thursday). */
export function isoWeek(day: string): { year: number; week: number } {
  const thursday = shiftDay(isoWeekStart(day), 3);
  const year = Number(thursday.slice(0, 4));
  // Week 1 is the week holding 4 January.
  const firstThursday = shiftDay(isoWeekStart(`${year}-01-04`), 3);
  const weeks = Math.round((Date.parse(`${thursday}T00:00:00Z`) - Date.parse(`${firstThursday}T00:00:00Z`)) / (7 * 86_400_000));
  return { year, week: weeks + 1 };
}
