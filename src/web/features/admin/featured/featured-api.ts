import type { FeaturedAnswer, FeaturedQuery } from '../../../../common/schemas/admin-money';
import { adminKeys, useAdminPages } from '../api/admin-api';

export type FeaturedFilters = Omit<FeaturedQuery, 'cursor'>;

const featuredKey = (filters: FeaturedFilters) => [...adminKeys.all, 'featured', filters] as const;

/** GET /api/admin/featured: who is featured (or was), 50 a page, with the home page's current rows. */
export function useFeaturedEntries(filters: FeaturedFilters) {
  return useAdminPages<FeaturedAnswer>(featuredKey(filters), '/api/admin/featured', filters);
}
