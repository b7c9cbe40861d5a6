import type { Language } from '../../../common/languages';
import type { FitReason } from '../../../common/schemas/deal-terms';
import { MATCHES_LIMIT, todayInBerlin, type MatchFit, type StyleRef } from '../../../common/schemas/listing-fields';
import { foldForSearch } from '../reference/index';
import { groupStyles } from './presenter';
import type { CountryRule, ListingRepo, ListingRow } from './repo';

/**
 * How much each kind of fit weighs. One style in common outweighs any number of shared days
 * (they count up to `dayMax`) together with the same city, since a studio books an artist for
 * their work; the same city beats a few more days; a match is in the same country anyway unless
 * the artist travels anywhere, so the country only breaks near ties.
 */
export const MATCH_WEIGHTS = { dayMax: 20, perStyle: 40, sameCity: 10, sameCountry: 5 } as const;

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

/** Which side of a match is the artist's availability: the target (an artist's own entry) or the candidates (a studio's spot). */
export type ArtistSide = 'target' | 'candidate';

const DAY_MS = 86_400_000;

/** Whole days two yyyy-mm-dd periods share, both ends included; 0 when they do not overlap. */
export function overlapDays(a: { startDate: string; endDate: string }, b: { startDate: string; endDate: string }): number {
  const start = a.startDate > b.startDate ? a.startDate : b.startDate;
  const end = a.endDate < b.endDate ? a.endDate : b.endDate;
  if (end < start) return 0;
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY_MS) + 1;
}

/**
 * Whether an availability and a guest spot are in places that fit: an availability without a
 * country is open to anywhere (the form has no other "anywhere" choice); one with a country fits
 * spots in that country only.
 */
export function countriesFit(availability: { countryId: number | null }, spot: { countryId: number | null }): boolean {
  return availability.countryId === null || availability.countryId === spot.countryId;
}

/** The same rule as the SQL narrowing of the candidates applies it, seen from the target. */
export function countryRule(target: { countryId: number | null }, artistSide: ArtistSide): CountryRule {
  if (artistSide === 'target') return target.countryId === null ? null : { countryId: target.countryId, orAnywhere: false };
  return { countryId: target.countryId, orAnywhere: true };
}

/** Scores how well `candidate` fits `target` (both already share days and fit by country), with the reasons a card shows. */
export function scoreMatch(target: Matchable, candidate: Matchable): MatchFit {
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
  const stylesInCommon = candidate.styles.filter((s) => wanted.has(s.id));
  const score =
    Math.min(days, MATCH_WEIGHTS.dayMax) +
    stylesInCommon.length * MATCH_WEIGHTS.perStyle +
    (sameCity ? MATCH_WEIGHTS.sameCity : 0) +
    (sameCountry ? MATCH_WEIGHTS.sameCountry : 0);
  return { score, reasons: { daysInCommon: days, sameCity, sameCountry, stylesInCommon } };
}

/**
 * Best first: more ways the spot's terms fit the artist's wishes lead (a deal the artist asked
 * for is what decides a trip), then the score; equal ones by more days in common, then the sooner start.
 */
export function rankMatches<T extends MatchFit & { startDate: string; id: number; fit?: FitReason[] }>(items: T[], limit: number): T[] {
  return [...items]
    .sort(
      (a, b) =>
        (b.fit?.length ?? 0) - (a.fit?.length ?? 0) ||
        b.score - a.score ||
        b.reasons.daysInCommon - a.reasons.daysInCommon ||
        a.startDate.localeCompare(b.startDate) ||
        a.id - b.id,
    )
    .slice(0, limit);
}

/**
 * The listings of the other kind that fit `target`, best first (a guest spot's artists, an
 * availability's spots): SQL narrows to at most MATCH_CANDIDATES indexed candidates that share
 * days, fit by country and have not ended, posted by profiles that show a picture; the scoring
 * ranks them, those whose deal fits the artist's wishes first.
 */
export async function findMatches<Item extends Matchable>(
  target: Matchable,
  other: {
    repo: ListingRepo;
    present: (row: ListingRow, styles: StyleRef[]) => Item;
    artistSide: ArtistSide;
    /** How a candidate's deal fits the artist's wishes (the spot's terms against the availability's). */
    fit: (candidate: Item) => FitReason[];
  },
  lang: Language,
): Promise<(MatchFit & { item: Item; ownerId: number; fit: FitReason[] })[]> {
  const candidates = await other.repo.matchCandidates(
    {
      today: todayInBerlin(),
      startDate: target.startDate,
      endDate: target.endDate,
      country: countryRule(target, other.artistSide),
      cityId: target.cityId,
      styleIds: target.styles.map((s) => s.id),
      limit: MATCH_CANDIDATES,
    },
    lang,
  );
  const styles = groupStyles(await other.repo.stylesOf(candidates.map((c) => c.id), lang));
  const scored = candidates.map((c) => {
    const item = other.present(c, styles.get(c.id) ?? []);
    return { id: c.id, ownerId: c.owner_id, startDate: c.start_date, item, fit: other.fit(item), ...scoreMatch(target, item) };
  });
  return rankMatches(scored, MATCHES_LIMIT).map(({ score, reasons, item, ownerId, fit }) => ({ score, reasons, item, ownerId, fit }));
}
