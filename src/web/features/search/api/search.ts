import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { SEARCH_QUERY_MIN, SEARCH_SUGGESTIONS, type SearchAnswer, type SearchType } from '../../../../common/schemas/search';
import { useLanguage } from '../../../i18n/language';
import { pageQueryKeys } from '../../../../common/page-queries';
import { api, toQuery } from '../../../lib/api';

/** A tab of the search page: everything, or one type. */
export type SearchTab = 'all' | SearchType;

/** Whether a typed query is long enough to be sent (the API refuses shorter ones). */
export const searchable = (q: string) => q.trim().length >= SEARCH_QUERY_MIN;

const searchUrl = (q: string, tab: SearchTab, cursor: string | null, limit?: number) =>
  `/api/search${toQuery({ q: q.trim(), type: tab === 'all' ? undefined : tab, cursor, limit })}`;

/** GET /api/search, a page at a time (`nextCursor`); nothing is asked for a query under two characters. */
export function useSearch(q: string, tab: SearchTab) {
  const lang = useLanguage();
  return useInfiniteQuery({
    queryKey: pageQueryKeys.search(lang, tab, q),
    queryFn: ({ pageParam, signal }) => api.get<SearchAnswer>(searchUrl(q, tab, pageParam), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: searchable(q),
  });
}

/** The header box's suggestions: the first few hits of every type, the last answer kept while the next loads. */
export function useSuggestions(q: string) {
  const lang = useLanguage();
  return useQuery({
    queryKey: ['search', 'suggest', lang, q.trim()],
    queryFn: ({ signal }) => api.get<SearchAnswer>(searchUrl(q, 'all', null, SEARCH_SUGGESTIONS), { signal }),
    enabled: searchable(q),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
