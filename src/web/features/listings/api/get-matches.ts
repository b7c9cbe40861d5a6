import { useQuery } from '@tanstack/react-query';
import type { MatchReasons } from '../../../../common/schemas/listing-fields';
import { useLanguage } from '../../../i18n/language';
import { api } from '../../../lib/api';
import type { ListingKind } from '../kind';

/** The listings of the other kind that fit an entry, best first (GET {path}/{id}/matches, owner only). */
export function useMatches(kind: ListingKind, id: number | undefined, enabled: boolean) {
  const lang = useLanguage();
  return useQuery({
    queryKey: [kind.api.key, 'matches', lang, id],
    enabled: enabled && id !== undefined,
    queryFn: ({ signal }) => api.get<MatchReasons[]>(`${kind.api.path}/${id}/matches`, { signal }),
  });
}
