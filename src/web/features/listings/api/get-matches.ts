import type { FitReason } from '../../../../common/schemas/deal-terms';
import { useQuery } from '@tanstack/react-query';
import type { CardImage } from '../../../../common/schemas/card-images';
import type { MatchFit } from '../../../../common/schemas/listing-fields';
import { useLanguage } from '../../../i18n/language';
import { api } from '../../../lib/api';
import type { ListingKind } from '../kind';

/** A match as the server answers it, before the kind picks its listing out (`guestSpot`, `availability`). */
/** `fit`: how the spot's terms fit the artist's wishes (absent from an answer of an older server). */
export type Match = MatchFit & { images: CardImage[]; fit?: FitReason[] };

/** The listings of the other kind that fit an entry, best first (GET {path}/{id}/matches, owner only). */
export function useMatches(kind: ListingKind, id: number | undefined, enabled: boolean) {
  const lang = useLanguage();
  return useQuery({
    queryKey: [kind.api.key, 'matches', lang, id],
    enabled: enabled && id !== undefined,
    queryFn: ({ signal }) => api.get<Match[]>(`${kind.api.path}/${id}/matches`, { signal }),
  });
}
