import { QueryClient } from '@tanstack/react-query';
import { QUERY_GC_MS, QUERY_STALE_MS } from '../../common/constants';
import { ApiError } from '../lib/api';

/** The data cache of the specification: fresh 5 min, kept 30 min, 1 retry, no refetch on focus or mount. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY_STALE_MS,
        gcTime: QUERY_GC_MS,
        // One retry, but not for answers that will not change on a second try (400-499).
        retry: (failures, error) =>
          failures < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
        refetchOnWindowFocus: false,
        refetchOnMount: false,
      },
    },
  });
}
