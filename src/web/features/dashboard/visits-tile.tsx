import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { CountTile } from './count-tile';

/** How often the own profile was visited. */
export function VisitsTile() {
  const visits = useQuery({
    queryKey: ['profile-visits', 'my-count'],
    queryFn: ({ signal }) => api.get<{ success: boolean; count: number }>('/api/profile-visits/my-count', { signal }),
    select: (answer) => answer.count,
  });
  return <CountTile section="visits" query={visits} />;
}
