import type { SavedSearchKind } from '../../../common/schemas/saved-searches';
import type { TFunction } from '../../i18n/texts';

/** The names the description needs, read by the caller from the reference data it has. */
export interface FilterNames {
  style?: string;
  country?: string;
  city?: string;
}

/**
 * A search's default name from its filters: the list, then what narrows it ("Guest spots ·
 * “loft” · Realism · Berlin · from 12/1/2026"); the list's name alone when nothing is set.
 */
export function describeFilters(t: TFunction, kind: SavedSearchKind, filters: Record<string, string | undefined>, names: FilterNames): string {
  const parts = [t(`kinds.${kind}`)];
  if (filters.q) parts.push(`“${filters.q}”`);
  if (filters.style) parts.push(names.style ?? t('describe.style'));
  if (filters.city) parts.push(names.city ?? t('describe.city'));
  else if (filters.country) parts.push(names.country ?? filters.country);
  if (filters.from && filters.to) parts.push(t('describe.between', { from: filters.from, to: filters.to }));
  else if (filters.from) parts.push(t('describe.from', { from: filters.from }));
  else if (filters.to) parts.push(t('describe.to', { to: filters.to }));
  if (filters.dealType) parts.push(t(`describe.deal.${filters.dealType}`));
  if (filters.housing === 'true') parts.push(t('describe.housing'));
  if (filters.available === 'true') parts.push(t('describe.available'));
  return parts.join(' · ').slice(0, 100);
}
