import { z } from 'zod';
import { text } from '../text';

/**
 * Site search (GET /api/search). Every kind of thing found is a type with its own tab and count;
 * a new source (the forum's threads) adds its type here and a source on the server.
 */
export const SEARCH_TYPES = ['profiles', 'guestspots', 'availabilities', 'threads'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

export const SEARCH_QUERY_MIN = 2;
export const SEARCH_QUERY_MAX = 100;
export const SEARCH_LIMIT_MAX = 50;
export const SEARCH_LIMIT_DEFAULT = 20;
/**
 * A type's count stops here: past it the answer says "100+" (`countsCapped`). The counts are the
 * tabs' badges, a sense of how much there is; each counted match is checked against its live row,
 * so a search whose words match most of the site costs what its page costs, not what counting
 * everything would (docs/decisions/055).
 */
export const SEARCH_COUNT_CAP = 100;
/** Suggestions the header's search box shows. */
export const SEARCH_SUGGESTIONS = 6;

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** `?q=&type=&cursor=&limit=`: q trimmed, 2-100 characters; type `all` or one of SEARCH_TYPES. */
export const searchQuerySchema = z.object({
  q: text('searchQueryLength').trim().min(SEARCH_QUERY_MIN, 'searchQueryLength').max(SEARCH_QUERY_MAX, 'searchQueryLength'),
  type: z.preprocess(emptyToUndefined, z.enum(['all', ...SEARCH_TYPES], 'searchTypeInvalid').default('all')),
  cursor: z.preprocess(emptyToUndefined, text('cursorInvalid').max(200, 'cursorInvalid').regex(/^[A-Za-z0-9_-]+$/, 'cursorInvalid').optional()),
  limit: z.preprocess(
    emptyToUndefined,
    z.coerce.number('searchLimitInvalid').int('searchLimitInvalid').min(1, 'searchLimitInvalid').max(SEARCH_LIMIT_MAX, 'searchLimitInvalid').default(SEARCH_LIMIT_DEFAULT),
  ),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/** One thing found. `highlights` are [start, end) offsets of the matched words in `snippet`, which is plain text. */
export interface SearchResult {
  type: SearchType;
  id: number;
  title: string;
  snippet: string;
  highlights: [number, number][];
  /** A path without a language prefix. */
  url: string;
  imageUrl: string | null;
  /** The hit is a verified studio's profile or guest spot. */
  verified: boolean;
}

export interface SearchAnswer {
  query: string;
  results: SearchResult[];
  /** Everything the query finds, per type, whatever `type` asked for. */
  counts: Record<SearchType, number>;
  /** The types whose count is a lower bound: SEARCH_COUNT_CAP, with more found. Absent when none is. */
  countsCapped?: SearchType[];
  nextCursor: string | null;
}
