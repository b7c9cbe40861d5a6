import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** How often the own profile was visited (GET /api/profile-visits/my-count). */
export function useVisitCount() {
  return useQuery({
    queryKey: ['profile-visits', 'my-count'],
    queryFn: ({ signal }) => api.get<{ success: boolean; count: number }>('/api/profile-visits/my-count', { signal }),
    select: (answer) => answer.count,
  });
}
