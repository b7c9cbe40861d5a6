import type { SearchAnswer, SearchResult } from '../../../common/schemas/search';

/** A hit as the API answers it. */
export function searchResult(overrides: Partial<SearchResult> = {}): SearchResult {
  return {
    type: 'profiles',
    id: 1,
    title: 'Lena Hoffmann',
    snippet: 'Berlin · Fine Line · Ich tätowiere in Berlin-Neukölln.',
    highlights: [[0, 6]],
    url: '/Lena-Ink',
    imageUrl: null,
    verified: false,
    ...overrides,
  };
}

/** A page of the search API. */
export function searchAnswer(query: string, results: SearchResult[], overrides: Partial<SearchAnswer> = {}): SearchAnswer {
  return {
    query,
    results,
    counts: { profiles: results.filter((r) => r.type === 'profiles').length, guestspots: results.filter((r) => r.type === 'guestspots').length, availabilities: results.filter((r) => r.type === 'availabilities').length, threads: 0 },
    nextCursor: null,
    ...overrides,
  };
}
