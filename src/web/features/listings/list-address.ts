import { DEAL_FILTER_KEYS, LIST_FILTER_KEYS, listFiltersOf, type ListFilterKey, type ListFilters } from '../../../common/page-queries';
import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate, useSearchParams } from '../../routing';
import { localizePath, useLanguage } from '../../i18n/language';

/** Filters a list keeps in its address (?style=&country=&city=&from=&to=&q=&available=, and the guest spot list's deal filters). */
export const FILTER_KEYS = [...LIST_FILTER_KEYS, ...DEAL_FILTER_KEYS] as const;
export type FilterKey = ListFilterKey;
export type Filters = ListFilters;

/** The page of a list address: `/guestspots/page/3` or `?page=3`; 1 otherwise. */
export function pageOf(pathname: string, search: URLSearchParams): number {
  const fromPath = /\/page\/(\d{1,6})\/?$/.exec(pathname)?.[1];
  const value = Number(fromPath ?? search.get('page') ?? 1);
  return Number.isInteger(value) && value >= 1 ? value : 1;
}

/**
 * The address of a list page. With `pathPaging` page n lives at `{base}/page/{n}` (the SEO
 * paths of the route table), else at `?page={n}`; page 1 is the base path itself.
 */
export function listHref(base: string, page: number, filters: Partial<Filters>, pathPaging: boolean): string {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  if (!pathPaging && page > 1) params.set('page', String(page));
  const query = params.toString();
  const path = pathPaging && page > 1 ? `${base}/page/${page}` : base;
  return query ? `${path}?${query}` : path;
}

/** Reads and writes a list's filters and page in the address, so a filtered list can be shared and reloaded. */
export function useListAddress(base: string, { pathPaging = true, deals = false }: { pathPaging?: boolean; deals?: boolean } = {}) {
  const location = useLocation();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const lang = useLanguage();

  const filters = useMemo(() => listFiltersOf(search, deals), [search, deals]);
  const page = pageOf(location.pathname, search);

  /** Changes filters and goes back to the first page. */
  const setFilters = useCallback(
    (patch: Partial<Filters>) => {
      navigate(localizePath(listHref(base, 1, { ...filters, ...patch }, pathPaging), lang));
    },
    [navigate, base, filters, pathPaging, lang],
  );

  const hrefFor = useCallback((n: number) => listHref(base, n, filters, pathPaging), [base, filters, pathPaging]);
  const active = FILTER_KEYS.some((key) => (filters[key] ?? '') !== '');

  return { filters, page, setFilters, hrefFor, active };
}
