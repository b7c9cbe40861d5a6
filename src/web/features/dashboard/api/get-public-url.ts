import { useQuery } from '@tanstack/react-query';
import type { SiteInfo } from '../../../../common/schemas/site';
import { api } from '../../../lib/api';

/**
 * The installation's public address (GET /api/site, PUBLIC_URL on the server): a share link
 * must name the platform's own address, which behind a proxy or in development is not the
 * browser's origin. Same key as the site's other readers, so one answer serves them all.
 */
export function usePublicUrl() {
  return useQuery({
    queryKey: ['site'],
    queryFn: ({ signal }) => api.get<SiteInfo>('/api/site', { signal }),
    staleTime: Infinity,
    select: (site) => site.publicUrl,
  });
}
