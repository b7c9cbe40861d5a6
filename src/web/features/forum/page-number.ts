/** The page of `{base}/page/{n}`: 1 without the segment, null for anything but a plain positive number (a 404). */
export function pageNumber(raw: string | undefined): number | null {
  if (raw === undefined) return 1;
  return /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : null;
}
