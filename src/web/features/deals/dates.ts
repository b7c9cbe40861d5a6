const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

export { formatDayRange } from '../../../common/format';

/** Days from the first to the last, both counted. */
export function daysBetween(start: string, end: string): number {
  return Math.round((day(end).getTime() - day(start).getTime()) / 86_400_000) + 1;
}
