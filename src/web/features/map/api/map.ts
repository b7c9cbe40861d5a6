import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { MapCityAnswer, MapPlacesAnswer, MapType } from '../../../../common/schemas/map';
import { useLanguage } from '../../../i18n/language';
import { api, toQuery } from '../../../lib/api';

/** GET /api/map/places: every type, so switching a toggle filters what is already here. */
export function usePlaces() {
  const lang = useLanguage();
  return useQuery({
    queryKey: ['map', 'places', lang],
    queryFn: ({ signal }) => api.get<MapPlacesAnswer>('/api/map/places', { signal }),
    staleTime: 60_000,
  });
}

/** GET /api/map/cities/{id}: a city's items of the shown types, a page at a time. */
export function useCityItems(cityId: number | null, type: MapType | null) {
  const lang = useLanguage();
  return useInfiniteQuery({
    queryKey: ['map', 'city', lang, cityId, type],
    queryFn: ({ pageParam, signal }) => api.get<MapCityAnswer>(`/api/map/cities/${cityId}${toQuery({ type, cursor: pageParam })}`, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: cityId !== null,
    placeholderData: keepPreviousData,
  });
}
