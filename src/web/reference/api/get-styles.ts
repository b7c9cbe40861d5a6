import { useQuery } from '@tanstack/react-query';
import { useLanguage } from '../../i18n/language';
import { pageQueryKeys } from '../../../common/page-queries';
import { api } from '../../lib/api';
import { REFERENCE_CACHE } from './cache';

/** A style as GET /api/styles answers it, named in the interface language. */
export interface StyleOption {
  id: number;
  slug: string;
  name: string;
}

/** Every tattoo style (GET /api/styles), sorted by the server for the language. */
export function useStyles() {
  const lang = useLanguage();
  return useQuery({
    queryKey: pageQueryKeys.styles(lang),
    queryFn: ({ signal }) => api.get<StyleOption[]>(`/api/styles?lang=${lang}`, { signal }),
    ...REFERENCE_CACHE,
  });
}
