import { useQuery } from '@tanstack/react-query';
import type { SiteInfo } from '../../../../common/schemas/site';
import { pageQueryKeys } from '../../../../common/page-queries';
import { api } from '../../../lib/api';

/** GET /api/site: who runs this installation, from its settings. */
export function getSite(signal?: AbortSignal): Promise<SiteInfo> {
  return api.get<SiteInfo>('/api/site', { signal });
}

/** The site's operator; the settings change only with a restart, so one read per visit is enough. */
export function useSite() {
  return useQuery({ queryKey: pageQueryKeys.site(), queryFn: ({ signal }) => getSite(signal), staleTime: Infinity });
}
