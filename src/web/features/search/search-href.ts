import { buildPath } from '../../../common/routes';
import type { SearchTab } from './api/search';

/** The address of the search page for a query and tab (unprefixed). */
export function searchHref(q: string, tab: SearchTab = 'all'): string {
  const params = new URLSearchParams({ q: q.trim() });
  if (tab !== 'all') params.set('type', tab);
  return `${buildPath('search')}?${params.toString()}`;
}
