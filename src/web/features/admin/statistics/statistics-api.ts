import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Statistics } from '../../../../common/schemas/admin-inbox';
import { api, toQuery } from '../../../lib/api';
import { adminKeys } from '../api/admin-api';

/** GET /api/admin/statistics: weekly figures between two days (the server's default span when none is given). */
export function useStatistics(range: { from?: string; to?: string }) {
  return useQuery({
    queryKey: [...adminKeys.all, 'statistics', range] as const,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => api.get<Statistics>(`/api/admin/statistics${toQuery(range)}`, { signal }),
    select: (answer) => answer.weeks,
  });
}
