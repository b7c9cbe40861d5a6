import type { Language } from '../../../common/languages';
import { MATCHES_LIMIT, todayUtc, type MatchReasons, type StyleRef } from '../../../common/schemas/listing-fields';
import { foldForSearch } from '../reference/service';
import { groupStyles } from './presenter';
import type { ListingRepo, ListingRow } from './repo';

/** How much each kind of fit weighs: a shared city beats a few more days, styles add up. */
export const MATCH_WEIGHTS = { dayMax: 30, sameCity: 25, sameCountry: 10, perStyle: 8 } as const;

/** How many candidates the SQL narrowing hands to the scoring; bounded whatever the table size. */
export const MATCH_CANDIDATES = 200;

export interface Matchable {
  startDate: string;
  endDate: string;
  countryId: number | null;
  cityId: number | null;
  cityName: string | null;
  styles: StyleRef[];
}

const DAY_MS = 86_400_000;

/** Whole days two yyyy-mm-dd periods share, both ends included; 0 when they do not overlap. */
export function overlapDays(a: { startDate: string; endDate: string }, b: { startDate: string; endDate: string }): number {
  const start = a.startDate > b.startDate ? a.startDate : b.startDate;
  const end = a.endDate < b.endDate ? a.endDate : b.endDate;
  if (end < start) return 0;
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY_MS) + 1;
}

/** Scores how well `candidate` fits `target`; the days count up to a month, so place and styles decide among long stays. */
export function scoreMatch(target: Matchable, candidate: Matchable): MatchReasons {
  const days = overlapDays(target, candidate);
  const sameCountry = target.countryId !== null && target.countryId === candidate.countryId;
  // A hand-typed city has no id: the same name counts, unless the countries differ.
  const sameCity =
    (target.cityId !== null && target.cityId === candidate.cityId) ||
    (!!target.cityName &&
      !!candidate.cityName &&
      foldForSearch(target.cityName) === foldForSearch(candidate.cityName) &&
      (sameCountry || target.countryId === null || candidate.countryId === null));
  const wanted = new Set(target.styles.map((s) => s.id));
  const sharedStyles = candidate.styles.filter((s) => wanted.has(s.id));
  const score =
    Math.min(days, MATCH_WEIGHTS.dayMax) +
    (sameCity ? MATCH_WEIGHTS.sameCity : 0) +
    (sameCountry ? MATCH_WEIGHTS.sameCountry : 0) +
    sharedStyles.length * MATCH_WEIGHTS.perStyle;
  return { score, overlapDays: days, sameCity, sameCountry, sharedStyles };
}

/** Best first; equal scores by the longer overlap, then the sooner start. */
export function rankMatches<T extends { reasons: MatchReasons; startDate: string; id: number }>(items: T[], limit: number): T[] {
  return [...items]
    .sort(
      (a, b) =>
        b.reasons.score - a.reasons.score ||
        b.reasons.overlapDays - a.reasons.overlapDays ||
        a.startDate.localeCompare(b.startDate) ||
        a.id - b.id,
    )
    .slice(0, limit);
}

/**
 * The listings of the other kind that fit `target`, best first (a guest spot's artists, an
 * availability's spots): SQL narrows to at most MATCH_CANDIDATES indexed candidates, the
 * scoring ranks them.
 */
export async function findMatches<Item extends Matchable>(
  target: Matchable,
  other: { repo: ListingRepo; present: (row: ListingRow, styles: StyleRef[]) => Item },
  lang: Language,
): Promise<(MatchReasons & { item: Item })[]> {
  const candidates = await other.repo.matchCandidates(
    {
      today: todayUtc(),
      startDate: target.startDate,
      endDate: target.endDate,
      countryId: target.countryId,
      cityId: target.cityId,
      styleIds: target.styles.map((s) => s.id),
      limit: MATCH_CANDIDATES,
    },
    lang,
  );
  const styles = groupStyles(await other.repo.stylesOf(candidates.map((c) => c.id), lang));
  const scored = candidates.map((c) => {
    const item = other.present(c, styles.get(c.id) ?? []);
    return { id: c.id, startDate: c.start_date, item, reasons: scoreMatch(target, item) };
  });
  return rankMatches(scored, MATCHES_LIMIT).map(({ reasons, item }) => ({ ...reasons, item }));
}
