import type { SiteInfo } from '../../../common/schemas/site';
import { socialLink } from '../../../common/social-links';
import type { Config } from '../../config';

/** The operator's settings as the pages read them; unset fields are null, never made up. */
export function presentSite(config: Pick<Config, 'operator' | 'publicUrl'>): SiteInfo {
  const operator = config.operator;
  const { publicUrl } = config;
  if (!operator) return { operator: null, publicUrl };
  return {
    publicUrl,
    operator: {
      name: operator.name,
      address: operator.address ?? null,
      email: operator.email ?? null,
      phone: operator.phone ?? null,
      vatId: operator.vatId ?? null,
      register: operator.register ?? null,
      instagramUrl: socialLink('instagram', operator.instagram),
      example: operator.example,
    },
  };
}

/** The start-up warning of a production server whose legal pages have no operator to name; null when none is due. */
export function operatorWarning(config: Pick<Config, 'isProduction' | 'operator'>): string | null {
  if (!config.isProduction || config.operator) return null;
  return 'OPERATOR_NAME is not set: the imprint, privacy policy and terms say that the operator has not published their details. Set OPERATOR_NAME, OPERATOR_ADDRESS and OPERATOR_EMAIL (see the README).';
}
