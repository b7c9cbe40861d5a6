import type { SiteInfo } from '../../../common/schemas/site';
import type { AppContext } from '../../context';
import { operatorWarning, presentSite } from './presenter';

export type SiteDeps = Pick<AppContext, 'config'>;
export type SiteService = ReturnType<typeof createSiteService>;

/** The site's settings as the web shows them; they change only with a restart. */
export function createSiteService({ config }: SiteDeps) {
  const site: SiteInfo = presentSite(config);
  return {
    info: (): SiteInfo => site,
    /** What the operator should set before going live, or null. */
    warning: (): string | null => operatorWarning(config),
  };
}
